import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { BuiltAssets } from '../build/bundle.js';
import { href } from '../src/routes/route-paths.js';
import { PREVIEW_STYLESHEET } from './preview/render.js';

/**
 * What a preview page loads from the builder's own address: the site's stylesheets and island
 * bundles (those the builder made for its previews, else the output's), the converted images (the
 * preview's own store, else the output's), public images, the site's latest posts (JSON), and the
 * banner's stylesheet. Any other path of the site is answered with a redirect to the site itself: a link
 * clicked in a preview leads to the published page. Nothing here is ever written.
 */
export interface StaticSources {
  /** SITE_URL's path prefix ('' at the root): the preview's links carry it. */
  basePath: string;
  siteUrl: string;
  outDir: string;
  /** The preview media store's files: `<cache>/preview-media/files`. */
  previewMediaFiles: string;
  /** The bundle made for previews, when one was. */
  assets: () => BuiltAssets | undefined;
}

/** The banner at the foot of the screen, over everything, never over the header and its menu. */
const PREVIEW_CSS = `.sqbb-preview-banner{position:fixed;inset:auto 0 0 0;z-index:1000;padding:.6rem 1rem;background:#a3001b;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center;box-shadow:0 -2px 12px rgb(0 0 0 / .3)}
body{padding-bottom:3rem}
`;

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
const MEDIA_NAME = /^[0-9a-f]{16}-\d+\.(avif|webp|jpg|png|gif)$/;

/** Answers a GET or HEAD of a preview's resources (see StaticSources). */
export async function serveStatic(response: ServerResponse, pathname: string, head: boolean, sources: StaticSources): Promise<void> {
  const send = (status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', ...extra });
    response.end(head ? undefined : body);
  };
  const sendFile = async (file: string, extra: Record<string, string> = {}) => {
    const bytes = await readIfFile(file);
    return bytes ? send(200, typeOf(file), bytes, extra) : send(404, 'text/plain; charset=utf-8', 'Introuvable.\nNot found.\n');
  };
  const local = sources.basePath && pathname.startsWith(`${sources.basePath}/`) ? pathname.slice(sources.basePath.length) : pathname;
  if (local === PREVIEW_STYLESHEET) return send(200, TYPES['.css'] as string, PREVIEW_CSS);
  const segments = safeSegments(local);
  const first = segments?.[0];
  if (segments && first === 'assets') {
    const built = sources.assets()?.files.find((file) => file.path === local);
    if (built) return send(200, typeOf(local), Buffer.from(built.contents));
  }
  if (segments && first === 'media' && segments.length === 2 && MEDIA_NAME.test(segments[1] as string)) {
    const own = await readIfFile(path.join(sources.previewMediaFiles, segments[1] as string));
    if (own) return send(200, typeOf(local), own);
  }
  // The site's latest posts, which the article's recent-posts island asks for (connect-src 'self').
  if (local === href('news-recent')) return sendFile(path.join(sources.outDir, ...(safeSegments(local) ?? [])));
  if (segments && (first === 'assets' || first === 'media' || first === 'images')) return sendFile(path.join(sources.outDir, ...segments));
  response.writeHead(302, { location: `${sources.siteUrl}${local}`, 'content-length': '0' }).end();
}

/** The path's segments, decoded, or undefined when one would leave the folder or is not a plain name. */
function safeSegments(pathname: string): string[] | undefined {
  const parts = pathname.split('/').slice(1).filter((part, index, all) => part !== '' || index < all.length - 1);
  const decoded: string[] = [];
  for (const part of parts) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[\\/\0]/.test(segment)) return undefined;
    decoded.push(segment);
  }
  return decoded;
}

function typeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function readIfFile(file: string): Promise<Buffer | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return await readFile(file);
  } catch {
    return undefined;
  }
}
