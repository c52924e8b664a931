import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareMedia } from '../../build/media/prepare.js';
import { createMediaPublisher, MediaCacheError } from '../../build/media/publish-media.js';
import { mediaStoreId } from '../../build/media/store.js';
import { sha256 } from '../../build/fs.js';
import { photoJpeg } from './media-fixtures.js';

let dir: string;
let server: Server | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-publish-'));
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

const cacheDir = () => path.join(dir, 'cache');
const cached = (name: string) => path.join(cacheDir(), 'files', name);

/** A snapshot image prepared for a card and a sidebar thumbnail: the cache holds its converted files. */
async function preparedSnapshotImage(): Promise<string[]> {
  const media = path.join(dir, 'snapshot-media');
  mkdirSync(path.join(media, '2025'), { recursive: true });
  writeFileSync(path.join(media, '2025', 'photo.jpg'), await photoJpeg(1200, 800));
  await prepareMedia({
    requests: [
      { url: '/media/2025/photo.jpg', postId: 1, slot: 'card' },
      { url: '/media/2025/photo.jpg', postId: 1, slot: 'thumb' },
    ],
    cacheDir: cacheDir(),
    localMediaDir: media,
  });
  return readdirSync(path.join(cacheDir(), 'files')).sort();
}

function flipBit(file: string): void {
  const bytes = readFileSync(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] as number) ^ 0x04;
  writeFileSync(file, bytes);
}

describe('createMediaPublisher', () => {
  it('takes an intact converted file and a snapshot document as they are, without a warning', async () => {
    const [name] = await preparedSnapshotImage();
    const publisher = createMediaPublisher();
    const before = readFileSync(cached(name as string));
    expect(await publisher.verifiedFile(cached(name as string))).toBe(cached(name as string));
    expect(readFileSync(cached(name as string))).toEqual(before);
    const pdf = path.join(dir, 'rules.pdf');
    writeFileSync(pdf, '%PDF-1.7 the rules');
    expect(await publisher.verifiedFile(pdf)).toBe(pdf);
    expect(publisher.warnings).toEqual([]);
  });

  it('tells a published file that is a hard link to the cache (made by earlier versions) from a copy', async () => {
    const [name] = await preparedSnapshotImage();
    const publisher = createMediaPublisher();
    mkdirSync(path.join(dir, 'out'));
    const linked = path.join(dir, 'out', 'linked');
    const copied = path.join(dir, 'out', 'copied');
    linkSync(cached(name as string), linked);
    copyFileSync(cached(name as string), copied);
    expect(publisher.sharesCacheFile(linked, cached(name as string))).toBe(true);
    expect(publisher.sharesCacheFile(copied, cached(name as string))).toBe(false);
    expect(publisher.sharesCacheFile(path.join(dir, 'out', 'absent'), cached(name as string))).toBe(false);
  });

  it('makes every damaged or missing converted file again, byte for byte, each with one warning', async () => {
    const names = await preparedSnapshotImage();
    expect(names.length).toBeGreaterThan(6);
    const original = new Map(names.map((name) => [name, readFileSync(cached(name))]));
    const [damaged, missing] = [names[0] as string, names.at(-1) as string];
    flipBit(cached(damaged));
    rmSync(cached(missing));
    const publisher = createMediaPublisher();
    for (const name of names) expect(await publisher.verifiedFile(cached(name))).toBe(cached(name));
    for (const name of names) expect(readFileSync(cached(name)), name).toEqual(original.get(name));
    expect(publisher.warnings.sort()).toEqual(
      [
        `media cache: ${damaged} was damaged (its bytes do not match their hash); converted again from its source`,
        `media cache: ${missing} was missing; converted again from its source`,
      ].sort(),
    );
  });

  it('downloads a source again when its stored copy is damaged too', async () => {
    const photo = await photoJpeg(900, 600);
    let requests = 0;
    server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await prepareMedia({ requests: [{ url: `${origin}/wp-content/uploads/photo.jpg`, postId: 1, slot: 'card' }], cacheDir: cacheDir(), apiUrl: `${origin}/wp-json/wp/v2` });
    const [name] = readdirSync(path.join(cacheDir(), 'files'));
    const before = readFileSync(cached(name as string));
    flipBit(cached(name as string));
    flipBit(path.join(cacheDir(), 'sources', sha256(photo)));
    await createMediaPublisher().verifiedFile(cached(name as string));
    expect(readFileSync(cached(name as string))).toEqual(before);
    expect(readFileSync(path.join(cacheDir(), 'sources', sha256(photo)))).toEqual(photo);
    expect(requests).toBe(2);
  });

  it('fails with a MediaCacheError when nothing can make the file again, and leaves the next build to do it', async () => {
    const [name] = await preparedSnapshotImage();
    const id = mediaStoreId(cacheDir());
    flipBit(cached(name as string));
    for (const source of readdirSync(path.join(cacheDir(), 'sources'))) flipBit(path.join(cacheDir(), 'sources', source));
    const error = await createMediaPublisher().verifiedFile(cached(name as string)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaCacheError);
    expect((error as Error).message).toMatch(new RegExp(`^media cache: ${name} is damaged and cannot be made again now \\(its source [0-9a-f]{16} is neither in the cache nor at the URLs that held it\\); the next build prepares every image again$`));
    // The damaged file is gone (no variant is read from it) and the store has a new id at the next build.
    expect(readdirSync(path.join(cacheDir(), 'files'))).not.toContain(name);
    expect(mediaStoreId(cacheDir())).not.toBe(id);
  });
});
