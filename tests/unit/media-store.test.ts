import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../build/fs.js';
import { MediaStore, mediaStoreId, publicFileName } from '../../build/media/store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const variant = { format: 'avif' as const, shape: 'original' as const, width: 400, height: 267 };

async function allFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))).sort();
}

describe('MediaStore', () => {
  it('keeps sources by the hash of their bytes, and reads back only bytes that still match it', async () => {
    const store = await MediaStore.open(dir);
    const bytes = Buffer.from('some image bytes');
    const hash = await store.putSource(bytes);
    expect(hash).toBe(sha256(bytes));
    expect(store.hasSource(hash)).toBe(true);
    expect((await MediaStore.open(dir)).hasSource(hash)).toBe(true);
    expect(Buffer.from((await store.readSource(hash)) ?? [])).toEqual(bytes);
    await writeFile(path.join(dir, 'sources', hash), 'some image bytez');
    expect(await store.readSource(hash)).toBeUndefined();
    expect(store.hasSource(hash)).toBe(false);
    expect(await store.readSource('../../etc/passwd')).toBeUndefined();
  });

  it('names public files by their own content', () => {
    const a = publicFileName(Buffer.from('a'), 800, 'avif');
    expect(a).toMatch(/^[0-9a-f]{16}-800\.avif$/);
    expect(publicFileName(Buffer.from('a'), 800, 'avif')).toBe(a);
    expect(publicFileName(Buffer.from('b'), 800, 'avif')).not.toBe(a);
    expect(publicFileName(Buffer.from('a'), 800, 'jpeg')).toMatch(/-800\.jpg$/);
  });

  it('remembers URLs and what was made across runs, in the index database', async () => {
    const store = await MediaStore.open(dir);
    store.set('url', 'https://cms.example/b.jpg', { problem: { kind: 'http', message: 'HTTP 404' }, checkedAt: '2026-01-01T00:00:00.000Z' });
    store.set('url', 'https://cms.example/a.jpg', { sha256: sha256('x'), bytes: 1, etag: '"1"', checkedAt: '2026-01-01T00:00:00.000Z' });
    store.close();
    const reopened = await MediaStore.open(dir);
    expect(reopened.get('url', 'https://cms.example/a.jpg')).toEqual({ sha256: sha256('x'), bytes: 1, etag: '"1"', checkedAt: '2026-01-01T00:00:00.000Z' });
    expect(reopened.get('url', 'https://cms.example/b.jpg')).toMatchObject({ problem: { kind: 'http' } });
    expect(reopened.urlsOf(sha256('x'))).toEqual(['https://cms.example/a.jpg']);
    reopened.close();
  });

  it('starts again, with one warning, from an index file that is not a database', async () => {
    for (const content of ['not a database at all', 'SQLite format 3\u0000truncated']) {
      await writeFile(path.join(dir, 'index.sqlite'), content);
      const warnings: string[] = [];
      const store = await MediaStore.open(dir, (message) => warnings.push(message));
      expect(store.get('url', 'https://cms.example/a.jpg')).toBeUndefined();
      expect(warnings).toEqual([expect.stringMatching(/^media cache: \S+index\.sqlite is unreadable \(.*\); starting without it: its images are downloaded and converted again$/)]);
      store.close();
    }
  });

  it('checks each record against its checksum: one flipped bit in a width is one warning and that record made again, not a wrong srcset', async () => {
    const store = await MediaStore.open(dir);
    await store.addVariants(sha256('source'), [{ key: 'k1', data: Buffer.from('avif bytes'), variant: { ...variant, width: 800, height: 533 } }]);
    store.set('url', 'https://cms.example/a.jpg', { sha256: sha256('source'), bytes: 6, checkedAt: '2026-01-01T00:00:00.000Z' });
    store.set('url', 'https://cms.example/b.jpg', { sha256: sha256('other'), bytes: 7, checkedAt: '2026-01-01T00:00:00.000Z' });
    store.close();
    const db = new DatabaseSync(path.join(dir, 'index.sqlite'));
    // '8' (0x38) → '9' (0x39), '6' (0x36) → '7' (0x37): one bit, and still valid JSON.
    db.prepare("UPDATE entries SET value = replace(value, '\"width\":800', '\"width\":900') WHERE kind = 'source'").run();
    db.prepare("UPDATE entries SET value = replace(value, '\"bytes\":6', '\"bytes\":7') WHERE key = 'https://cms.example/a.jpg'").run();
    db.close();
    const warnings: string[] = [];
    const reopened = await MediaStore.open(dir, (message) => warnings.push(message));
    expect(reopened.readVariants(sha256('source')).size).toBe(0);
    expect(reopened.get('url', 'https://cms.example/a.jpg')).toBeUndefined();
    expect(reopened.get('url', 'https://cms.example/b.jpg')).toMatchObject({ bytes: 7 });
    expect(warnings).toEqual([
      expect.stringMatching(/^media cache: the source record of [0-9a-f]{64} in \S+index\.sqlite is damaged; it is made again$/),
      expect.stringMatching(/^media cache: the url record of https:\/\/cms\.example\/a\.jpg in \S+index\.sqlite is damaged; it is made again$/),
    ]);
    reopened.close();
    // Dropped: the next run does not warn again.
    const again: string[] = [];
    (await MediaStore.open(dir, (message) => again.push(message))).get('url', 'https://cms.example/a.jpg');
    expect(again).toEqual([]);
  });

  it('keeps its id until it is forgotten or its folder purged; a new store removes the index files of earlier releases', async () => {
    for (const old of ['index.json', 'derived.json', 'documents.json', 'store-id']) await writeFile(path.join(dir, old), '{}');
    const id = mediaStoreId(dir);
    expect(await allFiles(dir)).toEqual(['index.sqlite']);
    expect(mediaStoreId(dir)).toBe(id);
    const store = await MediaStore.open(dir);
    store.forget();
    store.close();
    const next = mediaStoreId(dir);
    expect(next).not.toBe(id);
    await rm(dir, { recursive: true });
    expect(mediaStoreId(dir)).not.toBe(next);
  });

  it('says what made a public file, and writes a damaged one again when the same bytes are made', async () => {
    const store = await MediaStore.open(dir);
    const facts = { format: 'jpeg' as const, width: 10, height: 10, frames: 1, hasAlpha: false };
    store.writeFacts(sha256('source'), 'rules', { facts });
    const made = await store.addVariants(sha256('source'), [{ key: 'k1', data: Buffer.from('avif bytes'), variant }]);
    const file = made.get('k1')?.file ?? '';
    expect(store.originOf(file)).toEqual({ source: sha256('source'), variant: made.get('k1'), facts });
    expect(store.originOf('0000000000000000-1.avif')).toBeUndefined();
    await writeFile(store.filePath(file), 'avif bytez');
    await store.addVariants(sha256('source'), [{ key: 'k1', data: Buffer.from('avif bytes'), variant }]);
    expect(await readFile(store.filePath(file), 'utf8')).toBe('avif bytes');
  });

  it('writes variant files, records them at the next save, and leaves no temporary file behind', async () => {
    const store = await MediaStore.open(dir);
    const data = Buffer.from('avif bytes');
    const made = await store.addVariants(sha256('source'), [{ key: 'k1', data, variant }]);
    const stored = made.get('k1');
    expect(stored).toEqual({ ...variant, file: publicFileName(data, 400, 'avif'), sha256: sha256(data), bytes: data.length });
    expect(await readFile(store.filePath(stored?.file ?? ''))).toEqual(data);
    expect((await MediaStore.open(dir)).readVariants(sha256('source')).size).toBe(0);
    store.save();
    expect((await MediaStore.open(dir)).readVariants(sha256('source'))).toEqual(made);
    expect((await allFiles(dir)).filter((file) => file.includes('.tmp-'))).toEqual([]);
  });

  it('never trusts a variant whose file is gone, nor the temporary file of a crashed write', async () => {
    const store = await MediaStore.open(dir);
    const made = await store.addVariants(sha256('source'), [
      { key: 'kept', data: Buffer.from('complete file'), variant },
      { key: 'gone', data: Buffer.from('file deleted by hand'), variant: { ...variant, width: 1200 } },
    ]);
    store.save();
    await rm(store.filePath(made.get('gone')?.file ?? ''));
    const half = `${publicFileName(Buffer.from('never finished'), 800, 'avif')}.tmp-123-abcd`;
    await writeFile(path.join(dir, 'files', half), 'never fin');
    const reopened = await MediaStore.open(dir);
    expect([...reopened.readVariants(sha256('source')).keys()]).toEqual(['kept']);
    const again = await reopened.addVariants(sha256('other'), [{ key: 'k', data: Buffer.from('never finished'), variant: { ...variant, width: 800 } }]);
    expect(await readFile(reopened.filePath(again.get('k')?.file ?? ''), 'utf8')).toBe('never finished');
  });

  it('reads inspections made under the same rules only', async () => {
    const store = await MediaStore.open(dir);
    const facts = { format: 'jpeg' as const, width: 10, height: 10, frames: 1, hasAlpha: false };
    store.writeFacts(sha256('x'), 'rules-1', { facts });
    store.save();
    const reopened = await MediaStore.open(dir);
    expect(reopened.readFacts(sha256('x'), 'rules-1')).toEqual({ facts });
    expect(reopened.readFacts(sha256('x'), 'rules-2')).toBeUndefined();
  });

  it('writes nothing when nothing changed', async () => {
    (await MediaStore.open(dir)).close();
    const before = await readFile(path.join(dir, 'index.sqlite'));
    const store = await MediaStore.open(dir);
    store.get('url', 'https://cms.example/a.jpg');
    store.close();
    expect(await readFile(path.join(dir, 'index.sqlite'))).toEqual(before);
    expect((await allFiles(dir)).filter((file) => !file.startsWith('index.sqlite'))).toEqual([]);
  });
});
