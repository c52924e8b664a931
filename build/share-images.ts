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
const LAYOUT = 1;
const NAVY = '#0b1d3a';
const GOLD = '#d4a72c';
/** The portrait fills the card's height on the left, as wide as its 3:4 proportions make it. */
const PORTRAIT = { width: Math.round((SHARE_IMAGE.height * 3) / 4), height: SHARE_IMAGE.height };
const TEXT_LEFT = PORTRAIT.width + 60;
const TEXT_WIDTH = SHARE_IMAGE.width - TEXT_LEFT - 50;

type SharedPlayer = Pick<Player, 'id' | 'firstName' | 'lastName' | 'position' | 'number' | 'profilImg'>;

/**
 * Each player's share card (1200×630 PNG: portrait, number, name, position, the club), so a page
 * shared on a network shows who it is about (networks do not show its SVG portrait). Cached by what
 * a card is made of (portrait, texts, layout, sharp's version): a run whose players did not change
 * loads no sharp.
 */
export async function playerShareImages(players: readonly SharedPlayer[], cacheDir: string): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  for (const player of players) {
    const portrait = readFileSync(path.join(publicDir(), player.profilImg));
    const overlay = textLayer(player);
    const cached = path.join(cacheDir, 'share', `${sha256(JSON.stringify([LAYOUT, sharpVersion(), sha256(portrait), overlay]))}.png`);
    const kept: Uint8Array | undefined = existsSync(cached) ? readFileSync(cached) : undefined;
    // A damaged or truncated cache file is made again rather than published.
    let contents = kept && isPng(kept) ? kept : undefined;
    if (!contents) {
      contents = await renderCard(portrait, overlay);
      try {
        writeFileAtomic(cached, contents);
      } catch {
        // A cache that cannot be written (a full disk) only costs the next run the same rendering.
      }
    }
    files.push({ path: playerShareImagePath(player.id), contents });
  }
  return files;
}

async function renderCard(portrait: Uint8Array, overlay: string): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const picture = await sharp(portrait).resize(PORTRAIT.width, PORTRAIT.height, { fit: 'cover', position: 'top' }).png({ compressionLevel: 0 }).toBuffer();
  return sharp({ create: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, channels: 3, background: NAVY } })
    .composite([
      { input: picture, left: 0, top: 0 },
      { input: Buffer.from(overlay), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** The card's texts as an SVG layer (sharp draws it with the system's fonts, DejaVu Sans on Debian). */
function textLayer(player: SharedPlayer): string {
  const name = `${player.firstName} ${player.lastName}`;
  // About 0.62 em a letter in a bold sans-serif: a long name gets a smaller size, never cut.
  const nameSize = Math.min(68, Math.floor(TEXT_WIDTH / (0.62 * name.length)));
  const text = (y: number, size: number, fill: string, value: string, weight = 400) =>
    `<text x="${TEXT_LEFT}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeHtml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}">`,
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
