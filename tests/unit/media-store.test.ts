import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../build/fs.js';
import { MediaStore, publicFileName } from '../../build/media/store.js';

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

  it('remembers URLs across runs, in a sorted index', async () => {
    const store = await MediaStore.open(dir);
    store.setUrl('https://cms.example/b.jpg', { problem: { kind: 'http', message: 'HTTP 404' }, checkedAt: '2026-01-01T00:00:00.000Z' });
    store.setUrl('https://cms.example/a.jpg', { sha256: sha256('x'), bytes: 1, etag: '"1"', checkedAt: '2026-01-01T00:00:00.000Z' });
    await store.save();
    const reopened = await MediaStore.open(dir);
    expect(reopened.getUrl('https://cms.example/a.jpg')).toEqual({ sha256: sha256('x'), bytes: 1, etag: '"1"', checkedAt: '2026-01-01T00:00:00.000Z' });
    expect(reopened.getUrl('https://cms.example/b.jpg')).toMatchObject({ problem: { kind: 'http' } });
    const text = await readFile(path.join(dir, 'index.json'), 'utf8');
    expect(text.indexOf('a.jpg')).toBeLessThan(text.indexOf('b.jpg'));
  });

  it('starts clean, with one warning, from an index that is corrupt, truncated or foreign', async () => {
    for (const content of ['{"version":1,"urls":{"https://cms.example/a.jpg":{"sha', 'not json at all', '{"version":7,"urls":{}}', '[1,2,3]']) {
      await writeFile(path.join(dir, 'index.json'), content);
      const warnings: string[] = [];
      const store = await MediaStore.open(dir, (message) => warnings.push(message));
      expect(store.getUrl('https://cms.example/a.jpg')).toBeUndefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^media cache: .*index\.json is unreadable/);
    }
  });

  it('forgets what was made, with one warning, when derived.json is damaged', async () => {
    const store = await MediaStore.open(dir);
    await store.addVariants(sha256('source'), [{ key: 'k1', data: Buffer.from('avif bytes'), variant }]);
    await store.save();
    const text = await readFile(path.join(dir, 'derived.json'), 'utf8');
    await writeFile(path.join(dir, 'derived.json'), text.slice(0, text.length / 2));
    const warnings: string[] = [];
    const reopened = await MediaStore.open(dir, (message) => warnings.push(message));
    expect(reopened.readVariants(sha256('source')).size).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/derived\.json is unreadable/)]);
  });

  it('carries a checksum of its own text in both JSON files: one flipped bit in a width is one warning, not a wrong srcset', async () => {
    const store = await MediaStore.open(dir);
    await store.addVariants(sha256('source'), [{ key: 'k1', data: Buffer.from('avif bytes'), variant: { ...variant, width: 800, height: 533 } }]);
    store.setUrl('https://cms.example/a.jpg', { sha256: sha256('source'), bytes: 6, checkedAt: '2026-01-01T00:00:00.000Z' });
    await store.save();
    for (const [name, what] of [['derived.json', '"width":800'], ['index.json', '"bytes":6']] as const) {
      const text = await readFile(path.join(dir, name), 'utf8');
      expect(text).toMatch(/^\{"version":2,"sha256":"[0-9a-f]{64}",/);
      // '8' (0x38) → '9' (0x39), '6' (0x36) → '7' (0x37): one bit, and still valid JSON.
      const at = text.indexOf(what) + what.length - 1;
      const flipped = Buffer.from(text);
      flipped[at] = (flipped[at] as number) ^ 1;
      await writeFile(path.join(dir, name), flipped);
    }
    const warnings: string[] = [];
    const reopened = await MediaStore.open(dir, (message) => warnings.push(message));
    expect(reopened.readVariants(sha256('source')).size).toBe(0);
    expect(reopened.getUrl('https://cms.example/a.jpg')).toBeUndefined();
    expect(warnings.sort()).toEqual([
      expect.stringMatching(/^media cache: \S+derived\.json is unreadable \(damaged: its checksum does not match\); starting without it: its images are converted again$/),
      expect.stringMatching(/^media cache: \S+index\.json is unreadable \(damaged: its checksum does not match\); starting without it: its images are downloaded again$/),
    ]);
    // Written again at the next save: the next run does not warn again.
    await reopened.save();
    const again: string[] = [];
    await MediaStore.open(dir, (message) => again.push(message));
    expect(again).toEqual([]);
  });

  it('reads a version-1 store (before checksums) once, keeping only records that agree with their file names, and writes it as version 2', async () => {
    const good = { file: publicFileName(Buffer.from('a'), 800, 'avif'), format: 'avif', shape: 'original', width: 800, height: 533, bytes: 1 };
    const flippedWidth = { ...good, file: publicFileName(Buffer.from('b'), 800, 'avif'), width: 900 };
    await mkdir(path.join(dir, 'files'));
    await writeFile(path.join(dir, 'files', good.file), 'a');
    await writeFile(path.join(dir, 'files', flippedWidth.file), 'b');
    await writeFile(path.join(dir, 'derived.json'), JSON.stringify({ version: 1, sources: { [sha256('source')]: { variants: { k1: good, k2: flippedWidth } } } }));
    const store = await MediaStore.open(dir);
    expect([...store.readVariants(sha256('source')).keys()]).toEqual(['k1']);
    await store.save();
    expect(await readFile(path.join(dir, 'derived.json'), 'utf8')).toMatch(/^\{"version":2,"sha256":/);
  });

  it('says what made a public file, and writes a damaged one again when the same bytes are made', async () => {
    const store = await MediaStore.open(dir);
    const facts = { format: 'jpeg' as const, width: 10, height: 10, frames: 1, hasAlpha: false };
    store.writeFacts(sha256('source'), 'rules', { facts });
    const made = await store.addVariants(sha256('source'), [{ key: 'k1', data: Buffer.from('avif bytes'), variant }]);
    const file = made.get('k1')?.file ?? '';
    expect(store.originOf(file)).toEqual({ source: sha256('source'), key: 'k1', variant: made.get('k1'), siblings: [made.get('k1')], facts });
    expect(store.originOf('0000000000000000-1.avif')).toBeUndefined();
    await writeFile(store.filePath(file), 'avif bytez');
    await store.addVariants(sha256('source'), [{ key: 'k1', data: Buffer.from('avif bytes'), variant }]);
    expect(await readFile(store.filePath(file), 'utf8')).toBe('avif bytes');
  });

  it('drops index entries that are not well-formed and keeps the others', async () => {
    await writeFile(
      path.join(dir, 'index.json'),
      JSON.stringify({ version: 1, urls: { good: { sha256: sha256('x'), bytes: 1, checkedAt: 't' }, bad: { sha256: 'nothex', bytes: 1, checkedAt: 't' } } }),
    );
    const store = await MediaStore.open(dir);
    expect(store.getUrl('good')).toBeDefined();
    expect(store.getUrl('bad')).toBeUndefined();
  });

  it('writes variant files, records them at the next save, and leaves no temporary file behind', async () => {
    const store = await MediaStore.open(dir);
    const data = Buffer.from('avif bytes');
    const made = await store.addVariants(sha256('source'), [{ key: 'k1', data, variant }]);
    const stored = made.get('k1');
    expect(stored).toEqual({ ...variant, file: publicFileName(data, 400, 'avif'), sha256: sha256(data), bytes: data.length });
    expect(await readFile(store.filePath(stored?.file ?? ''))).toEqual(data);
    expect((await MediaStore.open(dir)).readVariants(sha256('source')).size).toBe(0);
    await store.save();
    expect((await MediaStore.open(dir)).readVariants(sha256('source'))).toEqual(made);
    expect((await allFiles(dir)).filter((file) => file.includes('.tmp-'))).toEqual([]);
  });

  it('never trusts a variant whose file is gone, nor the temporary file of a crashed write', async () => {
    const store = await MediaStore.open(dir);
    const made = await store.addVariants(sha256('source'), [
      { key: 'kept', data: Buffer.from('complete file'), variant },
      { key: 'gone', data: Buffer.from('file deleted by hand'), variant: { ...variant, width: 1200 } },
    ]);
    await store.save();
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
    await store.save();
    const reopened = await MediaStore.open(dir);
    expect(reopened.readFacts(sha256('x'), 'rules-1')).toEqual({ facts });
    expect(reopened.readFacts(sha256('x'), 'rules-2')).toBeUndefined();
  });

  it('writes nothing when nothing changed', async () => {
    const store = await MediaStore.open(dir);
    await store.save();
    expect(await allFiles(dir)).toEqual([]);
  });
});
