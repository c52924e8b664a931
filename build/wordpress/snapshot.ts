import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLimiter, getWithRetry, WordPressError } from './http.js';
import { pullWordPress, type RawWordPressContent } from './pull.js';

/** Uploaded files larger than this are not news pictures; refuse rather than bloat the repository. */
const MAX_MEDIA_BYTES = 5_000_000;
/** An uploads path once the prefix is removed: no '..', no odd characters; pictures, and the PDFs file blocks link to. */
const SAFE_MEDIA_PATH = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]*\.(jpe?g|png|gif|webp|avif|svg|pdf)$/i;

/**
 * `npm run snapshot`: the live content saved as the embedded default. The JSON stays exactly the
 * REST objects, except that every URL under WordPress's uploads folder becomes a root-relative
 * '/media/…' path whose file is downloaded into `<dir>/media/…`, so the snapshot works offline.
 * The new folder is written beside the old one and swapped in only when complete.
 */
export async function saveSnapshot(
  apiUrl: string,
  dir: string,
  report: (line: string) => void,
): Promise<{ posts: number; categories: number; tags: number; mediaFiles: number; mediaBytes: number }> {
  const content = await pullWordPress(apiUrl, { onProgress: report });
  const uploadsPrefix = uploadsPrefixOf(apiUrl);
  const mediaPaths = collectMediaPaths(content.posts, uploadsPrefix);

  const staging = `${dir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const limit = createLimiter(3);
    let mediaBytes = 0;
    await Promise.all(
      [...mediaPaths].sort().map((relative) =>
        limit(async () => {
          const { body } = await getWithRetry(uploadsPrefix + relative);
          if (body.byteLength > MAX_MEDIA_BYTES) throw new WordPressError(`${uploadsPrefix + relative} is larger than ${MAX_MEDIA_BYTES} bytes`);
          const file = path.join(staging, 'media', ...relative.split('/'));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, body);
          mediaBytes += body.byteLength;
        }),
      ),
    );
    report(`snapshot   media: ${mediaPaths.size} files, ${(mediaBytes / 1024).toFixed(0)} KB`);
    const localized = rewriteUploads(content, uploadsPrefix) as RawWordPressContent;
    await mkdir(staging, { recursive: true });
    for (const name of ['posts', 'categories', 'tags'] as const) {
      await writeFile(path.join(staging, `${name}.json`), `${JSON.stringify(localized[name], null, 2)}\n`);
    }
    await swapInto(staging, dir);
    return { posts: content.posts.length, categories: content.categories.length, tags: content.tags.length, mediaFiles: mediaPaths.size, mediaBytes };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** https://cms.example/blog/wp-json/wp/v2 → https://cms.example/blog/wp-content/uploads/ */
export function uploadsPrefixOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  const root = url.pathname.replace(/\/wp-json(\/.*)?$/, '').replace(/\/+$/, '');
  return `${url.origin}${root}/wp-content/uploads/`;
}

/**
 * Every uploads file a post mentions (featured image sizes, images and srcset entries in the content),
 * read in the posts' JSON text: a quote or a line break in a string is escaped there, so a backslash ends a path too.
 */
export function collectMediaPaths(posts: unknown[], uploadsPrefix: string): Set<string> {
  const afterPrefix = JSON.stringify(posts).split(uploadsPrefix).slice(1);
  const paths = afterPrefix.map((text) => /^[^\s"'<>(),?#\\]*/.exec(text)?.[0] ?? '');
  return new Set(paths.filter((relative) => SAFE_MEDIA_PATH.test(relative)));
}

/** A copy of the content where uploads URLs are root-relative /media/ paths (a URL has nothing JSON escapes). */
export function rewriteUploads(content: unknown, uploadsPrefix: string): unknown {
  return JSON.parse(JSON.stringify(content).split(uploadsPrefix).join('/media/'));
}

async function swapInto(staging: string, dir: string): Promise<void> {
  const previous = `${dir}.previous-${process.pid}`;
  await rm(previous, { recursive: true, force: true });
  // A first snapshot has no folder to move aside.
  await rename(dir, previous).catch(() => undefined);
  await rename(staging, dir);
  await rm(previous, { recursive: true, force: true });
}
