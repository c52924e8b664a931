import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, sniffFormat } from '../../build/media/inspect.js';
import { MediaProblem } from '../../build/media/problem.js';
import { animatedGif, HTML_ERROR_PAGE, hostileSvg, photoJpeg, photoPng, pngClaiming, sidewaysJpeg, truncated } from './media-fixtures.js';

async function problemOf(promise: Promise<unknown>): Promise<MediaProblem> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaProblem);
  return error as MediaProblem;
}

describe('inspectImage', () => {
  it('reads the format and size of a JPEG, a PNG, a WebP and an AVIF from their bytes', async () => {
    const jpeg = await photoJpeg(640, 427);
    expect(await inspectImage(jpeg, { name: 'photo.jpg', contentType: 'image/jpeg' })).toEqual({ format: 'jpeg', width: 640, height: 427, frames: 1, hasAlpha: false, notes: [] });
    const png = await photoPng(300, 200, true);
    expect(await inspectImage(png, { name: 'logo.png' })).toMatchObject({ format: 'png', width: 300, height: 200, hasAlpha: true });
    const webp = await sharp(jpeg).webp().toBuffer();
    expect(await inspectImage(webp, { name: 'a.webp' })).toMatchObject({ format: 'webp', width: 640, height: 427 });
    const avif = await sharp(jpeg).resize(200).avif({ effort: 0 }).toBuffer();
    expect(await inspectImage(avif, { name: 'a.avif' })).toMatchObject({ format: 'avif', width: 200, height: 133 });
  });

  it('gives the upright size of a photo stored sideways', async () => {
    const facts = await inspectImage(await sidewaysJpeg(400, 200), { name: 'portrait.jpg' });
    expect([facts.width, facts.height]).toEqual([200, 400]);
  });

  it('detects an animated GIF, with its frame size', async () => {
    expect(await inspectImage(await animatedGif(120, 80, 4), { name: 'dunk.gif' })).toMatchObject({ format: 'gif', width: 120, height: 80, frames: 4 });
    const still = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#123456' } }).gif().toBuffer();
    expect(await inspectImage(still, { name: 'still.gif' })).toMatchObject({ format: 'gif', frames: 1 });
  });

  it('refuses an HTML error page named .jpg and served as image/jpeg', async () => {
    const problem = await problemOf(inspectImage(HTML_ERROR_PAGE, { name: 'https://cms.example/wp-content/uploads/photo.jpg', contentType: 'image/jpeg' }));
    expect(problem.kind).toBe('not-an-image');
    expect(problem.message).toBe('https://cms.example/wp-content/uploads/photo.jpg: an HTML page, not an image');
  });

  it('refuses bytes that are no image, and images of formats the site does not publish', async () => {
    expect((await problemOf(inspectImage(Buffer.from('%PDF-1.7 not a picture'), { name: 'doc.jpg' }))).kind).toBe('not-an-image');
    const tiff = await sharp(await photoJpeg(64, 64)).tiff().toBuffer();
    const problem = await problemOf(inspectImage(tiff, { name: 'scan.jpg' }));
    expect(problem.kind).toBe('unsupported');
    expect(problem.message).toContain('TIFF');
  });

  it('uses a PNG named .jpg as a PNG, with a note for the warning', async () => {
    const facts = await inspectImage(await photoPng(100, 50), { name: 'https://cms.example/wp-content/uploads/logo.jpg', contentType: 'image/jpeg' });
    expect(facts.format).toBe('png');
    expect(facts.notes).toEqual([
      'https://cms.example/wp-content/uploads/logo.jpg: PNG bytes declared as JPEG (Content-Type image/jpeg), used as PNG',
      'https://cms.example/wp-content/uploads/logo.jpg: PNG bytes declared as JPEG (extension .jpg), used as PNG',
    ]);
  });

  it('refuses SVG bytes declared as a JPEG, and a JPEG declared as SVG', async () => {
    const svgAsJpeg = await problemOf(inspectImage(hostileSvg('http://127.0.0.1:9'), { name: 'photo.jpg' }));
    expect(svgAsJpeg.kind).toBe('type-mismatch');
    expect(svgAsJpeg.message).toBe('photo.jpg: SVG bytes declared as JPEG (extension .jpg)');
    expect((await problemOf(inspectImage(await photoJpeg(64, 64), { name: 'logo.svg' }))).kind).toBe('type-mismatch');
  });

  it('refuses a truncated JPEG, PNG and GIF', async () => {
    for (const [name, bytes] of [
      ['cut.jpg', await photoJpeg(800, 600)],
      ['cut.png', await photoPng(400, 300)],
      ['cut.gif', await animatedGif(100, 100, 3)],
    ] as const) {
      const problem = await problemOf(inspectImage(truncated(bytes), { name }));
      expect(problem.kind, name).toBe('truncated');
      expect(problem.message).toMatch(new RegExp(`^${name.replace('.', '\\.')}: `));
    }
  });

  it('refuses a PNG whose header says 20000 × 20000 without decoding it', async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100);
    const problem = await problemOf(inspectImage(bomb, { name: 'bomb.png' }));
    expect(problem.kind).toBe('too-many-pixels');
    expect(problem.message).toBe('bomb.png: 20000 × 20000 is 400 megapixels, over the 40 MP limit');
  });

  it('accepts 40 megapixels, not one row more', async () => {
    // 8000 × 5000 = 40 MP exactly. The header is read before the (absent) pixels, so the limit is what refuses.
    expect((await problemOf(inspectImage(await pngClaiming(8000, 5001), { name: 'big.png' }))).kind).toBe('too-many-pixels');
    expect((await problemOf(inspectImage(await pngClaiming(8000, 5000), { name: 'big.png' }))).kind).toBe('truncated');
  });

  it('inspects an SVG as the raster it will become: twice its size', async () => {
    const facts = await inspectImage(hostileSvg('http://127.0.0.1:9'), { name: 'logo.svg', contentType: 'image/svg+xml' });
    expect(facts).toMatchObject({ format: 'svg', width: 600, height: 300, frames: 1 });
  });
});

describe('sniffFormat', () => {
  it('tells formats from their first bytes, markup after its prolog', async () => {
    expect(sniffFormat(await photoJpeg(16, 16))).toBe('jpeg');
    expect(sniffFormat(await photoPng(16, 16))).toBe('png');
    expect(sniffFormat(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffFormat(Buffer.from('  <html><body>502 Bad Gateway</body></html>'))).toBe('html');
    expect(sniffFormat(Buffer.from([0x00, 0x01, 0x02]))).toBe('unknown');
    expect(sniffFormat(Buffer.alloc(0))).toBe('unknown');
  });
});
