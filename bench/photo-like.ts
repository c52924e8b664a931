import sharp from 'sharp';
import { createRandom } from './prng.js';

/**
 * A stand-in for a news photo, made the same for the same seed on every machine: the repository
 * ships no real photograph of that size. A scene (floor, crowd of coloured discs, scoreboard) under
 * 1/f noise, the spectrum natural images have, so that encoders meet texture as in a real photo
 * rather than flat gradients. At 1600 × 1067 its JPEG at quality 85 weighs about what a newsroom
 * photo of that size does (~300–400 KB); a real photo given on the command line checks the figures.
 */
export async function photoLikeJpeg(seed: number, width = 1600, height = 1067, quality = 85): Promise<Buffer> {
  const random = createRandom(seed);
  // Texture is mostly light and shade (one grey field), with a little colour of its own, as in photos.
  const luma = await pinkNoise(random, width, height, 1);
  const tint = await pinkNoise(random, width, height, 3);
  const scene = await sharp(sceneSvg(random, width, height)).removeAlpha().raw().toBuffer();
  const mixed = Buffer.alloc(width * height * 3);
  for (let index = 0; index < mixed.length; index += 1) {
    const shade = ((luma[Math.floor(index / 3)] ?? 128) - 128) * 1.1;
    const colour = ((tint[index] ?? 128) - 128) * 0.25;
    mixed[index] = clamp((scene[index] ?? 0) * 0.8 + shade + colour + 20);
  }
  return sharp(mixed, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** Octaves of smooth random colour fields, each finer one weaker: a 1/f-like texture. */
async function pinkNoise(random: ReturnType<typeof createRandom>, width: number, height: number, channels: 1 | 3): Promise<Float32Array> {
  const sum = new Float32Array(width * height * channels);
  let amplitude = 1;
  let total = 0;
  for (let size = 3; size <= width; size *= 2) {
    const w = size;
    const h = Math.max(2, Math.round((size * height) / width));
    const cells = Buffer.alloc(w * h * channels);
    for (let index = 0; index < cells.length; index += 1) cells[index] = Math.floor(random.next() * 256);
    const smooth = await sharp(cells, { raw: { width: w, height: h, channels } }).resize(width, height, { kernel: 'cubic', fit: 'fill' }).raw().toBuffer();
    for (let index = 0; index < sum.length; index += 1) sum[index] = (sum[index] ?? 0) + ((smooth[index] ?? 0) - 128) * amplitude;
    total += amplitude;
    amplitude *= 0.75;
  }
  for (let index = 0; index < sum.length; index += 1) sum[index] = 128 + ((sum[index] ?? 0) / total) * 2.5;
  return sum;
}

function sceneSvg(random: ReturnType<typeof createRandom>, width: number, height: number): Buffer {
  const colours = ['#d4a72c', '#0b1d3a', '#c0392b', '#ecf0f1', '#27ae60', '#8e44ad'];
  const crowd = Array.from({ length: 160 }, () => {
    const r = 8 + random.next() * 28;
    return `<circle cx="${(random.next() * width).toFixed(0)}" cy="${(random.next() * height * 0.45).toFixed(0)}" r="${r.toFixed(0)}" fill="${random.pick(colours)}"/>`;
  }).join('');
  const players = Array.from({ length: 10 }, () => {
    const x = random.next() * width;
    const y = height * (0.5 + random.next() * 0.35);
    return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(width / 30).toFixed(0)}" height="${(height / 6).toFixed(0)}" rx="12" fill="${random.pick(colours)}"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="#1a2a44"/>${crowd}` +
      `<rect y="${height * 0.48}" width="${width}" height="${height * 0.52}" fill="#c98a4b"/>` +
      `<line x1="0" y1="${height * 0.7}" x2="${width}" y2="${height * 0.62}" stroke="#fff" stroke-width="6"/>${players}` +
      `<rect x="${width * 0.04}" y="${height * 0.05}" width="${width * 0.28}" height="${height * 0.1}" fill="#000" stroke="#d4a72c" stroke-width="5"/>` +
      `</svg>`,
  );
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
