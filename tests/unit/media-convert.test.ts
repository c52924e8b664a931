import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeVariants, planVariants, type VariantSpec } from '../../build/media/convert.js';
import { inspectImage, sniffFormat, type ImageFacts } from '../../build/media/inspect.js';
import { animatedGif, hostileSvg, phoneJpegWithGps, photoJpeg, photoPng, sidewaysJpeg } from './media-fixtures.js';

const LADDER = [400, 600, 800, 1200, 1600];
const facts = (width: number, height: number, extra: Partial<ImageFacts> = {}): ImageFacts => ({ format: 'jpeg', width, height, frames: 1, hasAlpha: false, ...extra });
const summary = (specs: VariantSpec[]) => specs.map((spec) => `${spec.format} ${spec.shape} ${spec.width}x${spec.height}`);

describe('planVariants', () => {
  it('makes AVIF and WebP at every asked width and one JPEG fallback, for a large JPEG', () => {
    expect(summary(planVariants(facts(2000, 1000), [{ shape: 'original', widths: LADDER }]))).toEqual([
      'avif original 400x200', 'webp original 400x200',
      'avif original 600x300', 'webp original 600x300',
      'avif original 800x400', 'webp original 800x400',
      'avif original 1200x600', 'webp original 1200x600',
      'avif original 1600x800', 'webp original 1600x800',
      'jpeg original 1200x600',
    ]);
  });

  it('never upscales: wider widths give way to the source width', () => {
    expect(summary(planVariants(facts(1000, 500), [{ shape: 'original', widths: LADDER }]))).toEqual([
      'avif original 400x200', 'webp original 400x200',
      'avif original 600x300', 'webp original 600x300',
      'avif original 800x400', 'webp original 800x400',
      'avif original 1000x500', 'webp original 1000x500',
      'jpeg original 1000x500',
    ]);
    expect(summary(planVariants(facts(300, 200), [{ shape: 'original', widths: [400, 600] }]))).toEqual(['avif original 300x200', 'webp original 300x200', 'jpeg original 300x200']);
  });

  it('crops squares within the shorter side, alongside the proportional widths', () => {
    expect(summary(planVariants(facts(1600, 100), [{ shape: 'square', widths: [72, 144] }, { shape: 'original', widths: [400] }]))).toEqual([
      'avif original 400x25', 'webp original 400x25', 'jpeg original 400x25',
      'avif square 72x72', 'webp square 72x72',
      'avif square 100x100', 'webp square 100x100',
      'jpeg square 100x100',
    ]);
  });

  it('keeps PNG as PNG, gives animations a WebP and a GIF but no AVIF, and SVG a PNG fallback', () => {
    const formats = (f: ImageFacts) => [...new Set(planVariants(f, [{ shape: 'original', widths: [400] }]).map((spec) => spec.format))];
    expect(formats(facts(800, 600, { format: 'png' }))).toEqual(['avif', 'webp', 'png']);
    expect(formats(facts(800, 600, { format: 'gif', frames: 12 }))).toEqual(['webp', 'gif']);
    expect(formats(facts(800, 600, { format: 'svg', density: 144 }))).toEqual(['avif', 'webp', 'png']);
    expect(formats(facts(800, 600, { format: 'webp', hasAlpha: true }))).toEqual(['avif', 'webp', 'png']);
    expect(formats(facts(800, 600, { format: 'webp' }))).toEqual(['avif', 'webp', 'jpeg']);
  });
});

describe('encodeVariants', () => {
  it('encodes each planned file in its format and size', async () => {
    const bytes = await photoJpeg(1600, 1067);
    const inspected = await inspectImage(bytes, { name: 'photo.jpg' });
    const specs = planVariants(inspected, [{ shape: 'original', widths: [400, 800] }, { shape: 'square', widths: [72] }]);
    const encoded = await encodeVariants(bytes, inspected, specs);
    expect(encoded).toHaveLength(specs.length);
    for (const variant of encoded) {
      const metadata = await sharp(variant.data).metadata();
      expect(sniffFormat(variant.data)).toBe(variant.format);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
    const avif800 = encoded.find((variant) => variant.format === 'avif' && variant.width === 800);
    const jpeg800 = encoded.find((variant) => variant.format === 'jpeg');
    expect(avif800 && jpeg800 && avif800.data.length < jpeg800.data.length).toBe(true);
  });

  it('strips EXIF (GPS position, camera), XMP and the ICC profile of a phone photo', async () => {
    const bytes = await phoneJpegWithGps();
    const before = await sharp(bytes).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.xmp).toBeDefined();
    expect(before.hasProfile).toBe(true);

    const inspected = await inspectImage(bytes, { name: 'phone.jpg' });
    const encoded = await encodeVariants(bytes, inspected, planVariants(inspected, [{ shape: 'original', widths: [400, 800] }, { shape: 'square', widths: [144] }]));
    expect(new Set(encoded.map((variant) => variant.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    for (const variant of encoded) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.exif, `${variant.format} ${variant.width}`).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.hasProfile).toBe(false);
      const text = variant.data.toString('latin1');
      for (const secret of ['PhoneMaker', 'Jean Dupont', 'Saint-Quentin', 'Exif']) expect(text).not.toContain(secret);
    }
  });

  it('applies the EXIF orientation: a sideways-stored photo comes out upright, without the tag', async () => {
    const bytes = await sidewaysJpeg(400, 200);
    const inspected = await inspectImage(bytes, { name: 'sideways.jpg' });
    const [variant] = await encodeVariants(bytes, inspected, [{ format: 'jpeg', shape: 'original', width: 100, height: 200 }]);
    const metadata = await sharp(variant?.data).metadata();
    expect([metadata.width, metadata.height]).toEqual([100, 200]);
    expect(metadata.orientation).toBeUndefined();
  });

  it('keeps an animated GIF animated, as WebP and as GIF, every frame resized', async () => {
    const bytes = await animatedGif(200, 100, 5);
    const inspected = await inspectImage(bytes, { name: 'dunk.gif' });
    const encoded = await encodeVariants(bytes, inspected, planVariants(inspected, [{ shape: 'original', widths: [100, 400] }]));
    expect(summary(encoded)).toEqual(['webp original 100x50', 'webp original 200x100', 'gif original 200x100']);
    for (const variant of encoded) {
      const metadata = await sharp(variant.data, { animated: true }).metadata();
      expect(metadata.pages).toBe(5);
      expect([metadata.width, metadata.pageHeight ?? metadata.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('keeps the transparency of a PNG in every format', async () => {
    const bytes = await photoPng(500, 300, true);
    const inspected = await inspectImage(bytes, { name: 'logo.png' });
    const encoded = await encodeVariants(bytes, inspected, planVariants(inspected, [{ shape: 'original', widths: [400] }]));
    expect(summary(encoded)).toEqual(['avif original 400x240', 'webp original 400x240', 'png original 400x240']);
    for (const variant of encoded) expect((await sharp(variant.data).metadata()).hasAlpha).toBe(true);
  });

  describe('an SVG with a script and references to other hosts', () => {
    let server: Server | undefined;
    afterEach(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    });

    it('is rasterized: no SVG byte published, no request made', async () => {
      const requests: string[] = [];
      server = createServer((request, response) => {
        requests.push(request.url ?? '');
        response.end();
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      const bytes = hostileSvg(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const inspected = await inspectImage(bytes, { name: 'logo.svg', contentType: 'image/svg+xml' });
      const encoded = await encodeVariants(bytes, inspected, planVariants(inspected, [{ shape: 'original', widths: [400, 800] }]));
      expect(summary(encoded)).toEqual(['avif original 400x200', 'webp original 400x200', 'avif original 600x300', 'webp original 600x300', 'png original 600x300']);
      for (const variant of encoded) {
        expect(sniffFormat(variant.data)).toBe(variant.format);
        const text = variant.data.toString('latin1');
        for (const markup of ['<svg', 'script', 'onload', 'xlink']) expect(text).not.toContain(markup);
      }
      // The drawing is there: the gold circle in the middle of the navy rectangle.
      const { data, info } = await sharp(encoded.at(-1)?.data).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      expect(pixel(300, 150)).toEqual([0xd4, 0xa7, 0x2c]);
      expect(pixel(10, 10)).toEqual([0x0b, 0x1d, 0x3a]);
      expect(requests).toEqual([]);
    });

    it('is drawn without any file of this machine it names', async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'svg-'));
      try {
        const red = path.join(folder, 'red.png');
        await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } }).png().toFile(red);
        const svg = Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50"><rect width="100" height="50" fill="#ffffff"/>` +
            `<image xlink:href="file://${red}" width="50" height="50"/><image href="${red}" x="50" width="50" height="50"/></svg>`,
        );
        const inspected = await inspectImage(svg, { name: 'local.svg' });
        const [png] = await encodeVariants(svg, inspected, [{ format: 'png', shape: 'original', width: 100, height: 50 }]);
        const { data, info } = await sharp(png?.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        for (const x of [25, 75]) expect([...data.subarray((25 * info.width + x) * 3, (25 * info.width + x) * 3 + 3)]).toEqual([255, 255, 255]);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });
  });
});
