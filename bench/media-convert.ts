/**
 * What media cost on this machine: one typical 1600 × 1067 news JPEG turned into every variant a
 * featured image needs (cards, article, home hero, sidebar thumbnail), time and bytes per variant;
 * then prepareMedia over several distinct images with a cold cache (all cores) and a warm one, and
 * the estimate for a 5,000-post first build. Not a test, never run by `npm test`.
 *
 *   npx tsx bench/media-convert.ts                       # 6 synthetic photos
 *   npx tsx bench/media-convert.ts --images 10 real.jpg  # more, plus real photos for comparison
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { collectPostImages, mediaRequestsOf } from '../build/media/collect-images.js';
import { ENCODERS, planVariants, type VariantSpec } from '../build/media/convert.js';
import { inspectBytes } from '../build/media/inspect.js';
import { prepareMedia } from '../build/media/prepare.js';
import { IMAGE_SLOTS, slotWidths } from '../src/lib/image-layout.js';
import { photoLikeJpeg } from './photo-like.js';

const args = process.argv.slice(2);
const imagesFlag = args.indexOf('--images');
const imageCount = imagesFlag >= 0 ? Number(args[imagesFlag + 1]) : 6;
const realPhotos = args.filter((arg, index) => !arg.startsWith('--') && !(imagesFlag >= 0 && index === imagesFlag + 1));
const POSTS = 5_000;
/** bench/generate-content.ts: 92 % of posts have a featured image. */
const FEATURED_SHARE = 0.92;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const table = (header: string[], rows: string[][]) => [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Each variant encoded alone from already-decoded pixels (what encodeVariants does after its one decode). */
async function perVariant(bytes: Buffer, label: string): Promise<{ rows: string[][]; totalCpu: number; decodeCpu: number; specs: VariantSpec[] }> {
  const facts = await inspectBytes(bytes);
  const featured = mediaRequestsOf(1, { featured: { source: 'x', aliases: [] }, content: [], vouched: [] });
  const specs = planVariants(facts, featured.map((request) => ({ shape: IMAGE_SLOTS[request.slot].shape, widths: slotWidths(IMAGE_SLOTS[request.slot]) })));
  const decodeStart = process.cpuUsage();
  const pixels = await sharp(bytes).autoOrient().toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const decodeCpu = cpuMs(decodeStart);
  const rows: string[][] = [];
  let totalCpu = decodeCpu;
  for (const spec of specs) {
    const start = process.cpuUsage();
    let image = sharp(pixels.data, { raw: pixels.info }).resize(spec.shape === 'square' ? { width: spec.width, height: spec.width, fit: 'cover' } : { width: spec.width, height: spec.height, fit: 'fill' });
    image = spec.format === 'avif' ? image.avif(ENCODERS.avif) : spec.format === 'webp' ? image.webp(ENCODERS.webp) : spec.format === 'png' ? image.png(ENCODERS.png) : image.jpeg(ENCODERS.jpeg);
    const data = await image.toBuffer();
    const cpu = cpuMs(start);
    totalCpu += cpu;
    rows.push([label, spec.format, spec.shape, `${spec.width}×${spec.height}`, kb(data.length), `${cpu.toFixed(0)} ms`]);
  }
  return { rows, totalCpu, decodeCpu, specs };
}

async function main() {
  console.log(`# Media conversion on this machine\n\n${new Date().toISOString()}, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(2)} at start, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}\n`);
  console.log(`Encoders: ${JSON.stringify(ENCODERS)}\n`);
  const synthetic = await Promise.all(Array.from({ length: imageCount }, (_, index) => photoLikeJpeg(index + 1)));
  console.log(`Synthetic photos: ${imageCount} × 1600×1067 JPEG q85, ${kb(synthetic.reduce((sum, bytes) => sum + bytes.length, 0) / imageCount)} on average.\n`);

  console.log('## One featured image, every variant (CPU time of each encode, one thread)\n');
  const first = await perVariant(synthetic[0] as Buffer, 'synthetic #1');
  const rows = [...first.rows];
  for (const file of realPhotos) rows.push(...(await perVariant(await readFile(file), path.basename(file))).rows);
  console.log(table(['image', 'format', 'shape', 'size', 'bytes', 'CPU'], rows));
  console.log(`\nDecode once: ${first.decodeCpu.toFixed(0)} ms; all ${first.specs.length} variants of synthetic #1: ${first.totalCpu.toFixed(0)} ms of CPU.\n`);

  console.log('## prepareMedia: featured images of distinct posts, cold then warm cache\n');
  const work = await mkdtemp(path.join(tmpdir(), 'media-bench-'));
  try {
    const mediaDir = path.join(work, 'snapshot-media');
    await mkdir(mediaDir, { recursive: true });
    const posts = await Promise.all(
      synthetic.map(async (bytes, index) => {
        await writeFile(path.join(mediaDir, `photo-${index + 1}.jpg`), bytes);
        return { id: index + 1, _embedded: { 'wp:featuredmedia': [{ source_url: `/media/photo-${index + 1}.jpg`, media_details: { sizes: {} } }] } };
      }),
    );
    const requests = posts.flatMap((post) => mediaRequestsOf(post.id, collectPostImages(post)));
    const run = async () => {
      const wallStart = performance.now();
      const cpuStart = process.cpuUsage();
      const result = await prepareMedia({ requests, cacheDir: path.join(work, 'cache'), localMediaDir: mediaDir });
      return { result, wall: performance.now() - wallStart, cpu: cpuMs(cpuStart) };
    };
    const cold = await run();
    const warm = await run();
    const perImageWall = cold.wall / imageCount;
    const variantBytes = [...cold.result.results.values()].flatMap((result) => (result.ok ? result.image.variants : [])).reduce((sum, variant) => sum + variant.bytes, 0);
    console.log(
      table(
        ['run', 'images', 'wall', 'CPU (all threads)', 'wall per image', 'variants encoded', 'variants reused'],
        [
          ['cold cache', String(imageCount), `${(cold.wall / 1000).toFixed(2)} s`, `${(cold.cpu / 1000).toFixed(2)} s`, `${perImageWall.toFixed(0)} ms`, String(cold.result.stats.variantsEncoded), String(cold.result.stats.variantsReused)],
          ['warm cache', String(imageCount), `${(warm.wall / 1000).toFixed(2)} s`, `${(warm.cpu / 1000).toFixed(2)} s`, `${(warm.wall / imageCount).toFixed(1)} ms`, String(warm.result.stats.variantsEncoded), String(warm.result.stats.variantsReused)],
        ],
      ),
    );
    const featured = Math.round(POSTS * FEATURED_SHARE);
    const cpuPerImage = cold.cpu / imageCount;
    console.log(`\nMedia written per featured image: ${kb(variantBytes / imageCount)} (all variants). CPU per image: ${cpuPerImage.toFixed(0)} ms.`);
    console.log(
      `\nEstimate for a ${POSTS.toLocaleString('en')}-post first build (${featured.toLocaleString('en')} featured images, ${availableParallelism()} cores): ` +
        `${((featured * cpuPerImage) / availableParallelism() / 60_000).toFixed(0)} min of conversion on a quiet machine (CPU per image × images / cores), ` +
        `${((featured * perImageWall) / 60_000).toFixed(0)} min at this run's load (wall per image × images). ` +
        `A post with a body image of its own adds that image (1024 px: fewer widths, about half the cost). ` +
        `A cron run converts only new images; with nothing new, ${(warm.wall / imageCount).toFixed(1)} ms per image to check the cache.`,
    );

    const lcp = (cssWidth: number, density: number) => {
      const need = cssWidth * density;
      const image = cold.result.results.get('/media/photo-1.jpg');
      if (!image?.ok) return 'n/a';
      const avif = image.image.variants.filter((variant) => variant.format === 'avif' && variant.shape === 'original').sort((a, b) => a.width - b.width);
      const chosen = avif.find((variant) => variant.width >= need) ?? avif.at(-1);
      return chosen ? `${chosen.width} px AVIF, ${kb(chosen.bytes)}` : 'n/a';
    };
    console.log(
      `\nArticle image on phones (target ≤ 60 KB): Lighthouse's Moto G Power (412 px at 1.75x): ${lcp(412 - 32, 1.75)}; ` +
        `a 390 px phone at 3x: ${lcp(390 - 32, 3)}; 360 px at 2x: ${lcp(360 - 32, 2)}.`,
    );

    console.log(`\n## A cron run with nothing new: ${WARM_URLS.toLocaleString('en')} known URLs from a WordPress on loopback\n`);
    const warmCheck = await cronCheck(path.join(work, 'cron-cache'), synthetic[0] as Buffer);
    console.log(
      `First run (downloads every URL, converts the shared file once): ${(warmCheck.first / 1000).toFixed(1)} s. ` +
        `Next run: ${warmCheck.requests} requests, ${(warmCheck.warm / 1000).toFixed(2)} s wall, ${(warmCheck.warmCpu / 1000).toFixed(2)} s CPU ` +
        `(${((warmCheck.warm / WARM_URLS) * 1000).toFixed(0)} µs per URL).`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const WARM_URLS = 5_000;

/** Every URL serves the same bytes, so one conversion fills the cache; the second run is the cron case. */
async function cronCheck(cacheDir: string, bytes: Buffer): Promise<{ first: number; warm: number; warmCpu: number; requests: number }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const requestsList = Array.from({ length: WARM_URLS }, (_, index) =>
      mediaRequestsOf(index + 1, { featured: { source: `${origin}/wp-content/uploads/photo-${index + 1}.jpg`, aliases: [] }, content: [], vouched: [] }),
    ).flat();
    const options = { requests: requestsList, cacheDir, apiUrl: `${origin}/wp-json/wp/v2` };
    const firstStart = performance.now();
    await prepareMedia(options);
    const first = performance.now() - firstStart;
    requests = 0;
    const warmStart = performance.now();
    const cpuStart = process.cpuUsage();
    await prepareMedia(options);
    return { first, warm: performance.now() - warmStart, warmCpu: cpuMs(cpuStart), requests };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

await main();
