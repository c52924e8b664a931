import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { publicDir } from '../data/project-root.js';
import { CLUB } from '../src/site.js';
import { escapeHtml } from '../src/lib/html.js';
import { SHARE_IMAGE, playerShareImagePath } from '../src/lib/share-image.js';
import type { Player } from '../src/schemas/team.js';
import { sha256, writeFileAtomic } from './fs.js';
import type { OutputFile } from './output-file.js';
import { loadSharp } from './media/inspect.js';

/** Bumped when the card's layout changes: older cards in the cache are then made again. */
const LAYOUT = 2;
const NAVY = '#0b1d3a';
const GOLD = '#d4a72c';
/** The portrait fills the card's height on the left, as wide as its 3:4 proportions make it. */
const PORTRAIT = { width: Math.round((SHARE_IMAGE.height * 3) / 4), height: SHARE_IMAGE.height };
const TEXT_LEFT = PORTRAIT.width + 60;
const TEXT_WIDTH = SHARE_IMAGE.width - TEXT_LEFT - 50;
/** Where the portrait goes in the card's SVG, once read (the texts are its cache key). */
const PORTRAIT_PLACE = '<!--portrait-->';

type SharedPlayer = Pick<Player, 'id' | 'firstName' | 'lastName' | 'position' | 'number' | 'profilImg'>;

/** The players' share cards: what each is made of now, its bytes when sharp has made them. */
export interface ShareCards {
  /** Each card's address and cache key: the same key gives the same bytes, so it fingerprints the card unmade. */
  recipes: string[];
  files: Promise<OutputFile[]>;
}

/**
 * Each player's share card (1200×630 PNG: portrait, number, name, position, the club), so a page
 * shared on a network shows who it is about (networks do not show its SVG portrait). Cached by what
 * a card is made of (portrait, texts, layout, sharp's version): a run whose players did not change
 * loads no sharp. Cards missing from the cache are made all at once in sharp's threads, while the
 * build reads its content on the main one.
 */
export function playerShareImages(players: readonly SharedPlayer[], cacheDir: string, publicRoot = publicDir()): ShareCards {
  const cards = players.map((player) => {
    const portrait = readFileSync(path.join(publicRoot, player.profilImg));
    const overlay = textLayer(player);
    const key = sha256(JSON.stringify([LAYOUT, sharpVersion(), sha256(portrait), overlay]));
    return { path: playerShareImagePath(player.id), key, portrait, portraitFile: player.profilImg, overlay };
  });
  const files = Promise.all(cards.map(async ({ path: address, key, ...card }): Promise<OutputFile> => ({ path: address, contents: await cachedCard(path.join(cacheDir, 'share', `${key}.png`), card) })));
  // A run that stops before it publishes never reads them: their failure is then nobody's.
  files.catch(() => {});
  return { recipes: cards.map((card) => `${card.path} ${card.key}`), files };
}

async function cachedCard(cached: string, card: { portrait: Uint8Array; portraitFile: string; overlay: string }): Promise<Uint8Array> {
  const kept: Uint8Array | undefined = existsSync(cached) ? readFileSync(cached) : undefined;
  // A damaged or truncated cache file is made again rather than published.
  if (kept && isPng(kept)) return kept;
  const contents = await renderCard(card.portrait, card.portraitFile, card.overlay);
  try {
    writeFileAtomic(cached, contents);
  } catch {
    // A cache that cannot be written (a full disk) only costs the next run the same rendering.
  }
  return contents;
}

/** Pictures librsvg draws itself inside the card's SVG; a portrait of another format is made a PNG first. */
const DRAWN_BY_LIBRSVG: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** The whole card as one SVG drawn by sharp: a third of the time of compositing a resized portrait and a text layer. */
async function renderCard(portrait: Uint8Array, portraitFile: string, overlay: string): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const type = DRAWN_BY_LIBRSVG[path.extname(portraitFile).toLowerCase()];
  const picture = type ? Buffer.from(portrait) : await sharp(portrait).png().toBuffer();
  // Cover, from the top: the portrait fills its box, cut at the bottom or on both sides.
  const image = `<image width="${PORTRAIT.width}" height="${PORTRAIT.height}" preserveAspectRatio="xMidYMin slice" href="data:${type ?? 'image/png'};base64,${picture.toString('base64')}"/>`;
  return sharp(Buffer.from(overlay.replace(PORTRAIT_PLACE, () => image))).removeAlpha().png().toBuffer();
}

/** The card's SVG but its portrait (sharp draws the texts with the system's fonts, DejaVu Sans on Debian). */
function textLayer(player: SharedPlayer): string {
  const name = `${player.firstName} ${player.lastName}`;
  // About 0.62 em a letter in a bold sans-serif: a long name gets a smaller size, never cut.
  const nameSize = Math.min(68, Math.floor(TEXT_WIDTH / (0.62 * name.length)));
  const text = (y: number, size: number, fill: string, value: string, weight = 400) =>
    `<text x="${TEXT_LEFT}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeHtml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}">`,
    `<rect width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}" fill="${NAVY}"/>`,
    PORTRAIT_PLACE,
    `<rect x="${PORTRAIT.width}" width="12" height="${SHARE_IMAGE.height}" fill="${GOLD}"/>`,
    text(190, 120, GOLD, `n°\u00a0${player.number}`, 700),
    text(300, nameSize, '#ffffff', name, 700),
    text(365, 40, '#ffffff', player.position),
    `<rect x="${TEXT_LEFT}" y="470" width="120" height="6" fill="${GOLD}"/>`,
    text(540, 34, '#ffffff', CLUB.name, 700),
    text(585, 28, '#c9d3e6', CLUB.league),
    '</svg>',
  ].join('');
}

let version: string | undefined;
/** sharp's version (its package.json, above its entry point; it pins its libvips), read without loading its native library. */
function sharpVersion(): string {
  const manifest = path.join(path.dirname(createRequire(import.meta.url).resolve('sharp')), '..', 'package.json');
  return (version ??= (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version);
}

function isPng(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.startsWith('\x89PNG') && text.slice(-8, -4) === 'IEND';
}
