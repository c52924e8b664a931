import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerShareImages } from '../../build/share-images.js';
import type { OutputFile } from '../../build/output-file.js';
import { realData } from './data-fixture.js';

/** Issue 42: social networks show no SVG; a player's page shares a 1200×630 PNG made from the portrait and name. */
describe("players' share cards", () => {
  const players = realData().team.players;
  let cache: string;
  let cards: OutputFile[];
  beforeAll(async () => {
    cache = await mkdtemp(path.join(tmpdir(), 'sqbb-share-'));
    cards = await playerShareImages(players, cache).files;
    if (process.env.SHARE_CARD_OUT) await writeFile(process.env.SHARE_CARD_OUT, cards[0]?.contents ?? '');
  }, 60_000);
  afterAll(() => rm(cache, { recursive: true, force: true }));

  it('makes one 1200×630 PNG per player, at the address the page names', async () => {
    expect(cards.map((card) => card.path)).toEqual(players.map((player) => `/images/partage/joueur-${player.id}.png`));
    for (const card of cards) {
      const meta = await sharp(card.contents as Uint8Array).metadata();
      expect([meta.format, meta.width, meta.height], card.path).toEqual(['png', 1200, 630]);
    }
  });

  it('draws the portrait on the left and the texts on the navy right', async () => {
    const { data, info } = await sharp(cards[0]?.contents as Uint8Array).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    // The club's navy where no text is, the gold rule beside the portrait.
    expect(pixel(1180, 20)).toEqual([0x0b, 0x1d, 0x3a]);
    expect(pixel(476, 300)).toEqual([0xd4, 0xa7, 0x2c]);
    // Some white text (the name) in the right half.
    const row = Array.from({ length: 600 }, (_, x) => pixel(540 + x, 282));
    expect(row.some(([r, g, b]) => (r ?? 0) > 200 && (g ?? 0) > 200 && (b ?? 0) > 200)).toBe(true);
  });

  it('gives the same bytes on every build, from its cache without sharp, and again once the cache is gone', async () => {
    expect(await readdir(path.join(cache, 'share'))).toHaveLength(players.length);
    const again = await playerShareImages(players, cache).files;
    expect(again.map((card) => Buffer.from(card.contents).equals(Buffer.from(cards.find((other) => other.path === card.path)?.contents ?? '')))).toEqual(players.map(() => true));
    const fresh = await mkdtemp(path.join(tmpdir(), 'sqbb-share-'));
    try {
      const remade = await playerShareImages(players.slice(0, 2), fresh).files;
      expect(remade.map((card) => Buffer.from(card.contents).equals(Buffer.from(cards.find((other) => other.path === card.path)?.contents ?? '')))).toEqual([true, true]);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it('makes a card again when its player changes, and a damaged cache file too', async () => {
    const [first] = players;
    if (!first) throw new Error('no player');
    const renamed = await playerShareImages([{ ...first, lastName: 'Martin' }], cache).files;
    expect(Buffer.from(renamed[0]?.contents ?? '').equals(Buffer.from(cards[0]?.contents ?? ''))).toBe(false);
    const files = await readdir(path.join(cache, 'share'));
    for (const file of files) await writeFile(path.join(cache, 'share', file), 'not a png');
    const repaired = await playerShareImages([first], cache).files;
    expect(Buffer.from(repaired[0]?.contents ?? '').equals(Buffer.from(cards[0]?.contents ?? ''))).toBe(true);
  });

  it.each(['jpeg', 'webp'] as const)('fills the portrait box with a wide %s photo, cut on both sides, never over the texts', async (format) => {
    const root = await mkdtemp(path.join(tmpdir(), 'sqbb-share-public-'));
    try {
      // A red photo three times as wide as tall where the box is 3:4 (librsvg draws a JPEG itself, a WebP once made a PNG).
      await mkdir(path.join(root, 'images'), { recursive: true });
      await sharp({ create: { width: 900, height: 300, channels: 3, background: '#ff0000' } }).toFormat(format).toFile(path.join(root, 'images', `wide.${format}`));
      const [first] = players;
      if (!first) throw new Error('no player');
      const [card] = await playerShareImages([{ ...first, profilImg: `/images/wide.${format}` }], path.join(root, 'cache'), root).files;
      const { data, info } = await sharp(card?.contents as Uint8Array).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
      const red = ([r, g, b]: number[]) => (r ?? 0) > 200 && (g ?? 0) < 60 && (b ?? 0) < 60;
      // The whole box is the photo (top, bottom, both edges), the rule and the navy beyond it are not.
      expect([pixel(5, 5), pixel(465, 5), pixel(5, 620), pixel(465, 620)].every(red)).toBe(true);
      expect(pixel(476, 300)).toEqual([0xd4, 0xa7, 0x2c]);
      expect(pixel(1180, 20)).toEqual([0x0b, 0x1d, 0x3a]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
