/**
 * What a file really is, from its first bytes: a web server's Content-Type and a file name are
 * claims, the bytes are facts. Only the formats the site publishes are named; anything else is
 * `unknown`, and `html` is told apart because it is the usual impostor (an error page saved as .jpg).
 */
export type SourceFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';
export type Sniffed = SourceFormat | 'html' | 'unknown';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function sniffFormat(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isAvif(bytes)) return 'avif';
  return sniffText(bytes);
}

/** ISO-BMFF: a 'ftyp' box whose major or compatible brands include avif (still) or avis (sequence). */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = bytes.byteLength >= 8 ? view.getUint32(0) : 0;
  const end = Math.min(boxSize, bytes.byteLength, 256);
  for (let offset = 8; offset + 4 <= end; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    const brand = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** Markup: the first element after the prolog (XML declaration, comments, doctype) decides. */
function sniffText(bytes: Uint8Array): Sniffed {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  for (;;) {
    const trimmed = text.trimStart();
    const prolog = /^(<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype\s+svg[^>]*>)/i.exec(trimmed);
    if (!prolog) {
      text = trimmed;
      break;
    }
    text = trimmed.slice(prolog[0].length);
  }
  if (/^<svg[\s>/]/i.test(text)) return 'svg';
  if (/^<(!doctype\s+html|html|head|body|meta|title|h1|p|div)[\s>/]/i.test(text)) return 'html';
  return 'unknown';
}

export interface Claim {
  format: SourceFormat;
  /** 'Content-Type image/jpeg', 'extension .jpg': for the warning. */
  by: string;
}

const BY_MIME: Record<string, SourceFormat> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};
const BY_EXTENSION: Record<string, SourceFormat> = { jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'avif', svg: 'svg' };

/** The image types a Content-Type header and a URL's or file's extension claim (those that name one). */
export function claimedFormats(contentType: string | undefined, name: string | undefined): Claim[] {
  const claims: Claim[] = [];
  const mime = contentType?.split(';')[0]?.trim().toLowerCase();
  const byMime = mime ? BY_MIME[mime] : undefined;
  if (byMime) claims.push({ format: byMime, by: `Content-Type ${mime}` });
  const path = name?.split(/[?#]/)[0] ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  const byExtension = extension ? BY_EXTENSION[extension] : undefined;
  if (byExtension) claims.push({ format: byExtension, by: `extension .${extension}` });
  return claims;
}
