import { escapeHtml } from '../src/lib/html.js';
import type { SiteStatus } from './site-status.js';

/** How long "Afficher l'article" waits for the site before saying why it cannot show the article yet. */
export const GO_WAIT_MS = 20_000;
/** Waits held at once; past it, the link redirects at once (a flood holds no more than this). */
const MAX_WAITING = 64;
const POLL_MS = 100;
const VERSION = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

export interface GoAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface GoOptions {
  siteStatus: SiteStatus;
  /** The public site's address (the build's SITE_URL). */
  siteUrl: string;
  waitMs?: number;
}

/**
 * GET /go/<post>?v=<modified>: where wp-admin's "Afficher l'article" leads. Waits until the site
 * shows that version of the post (its notification may still be on its way: PHP-FPM answers the
 * editor before it sends it), then redirects to the article on the site: followed within a second of
 * "Publier", it lands on the article, never on a 404. A failed build or a wait past GO_WAIT_MS gives
 * a short page in French with the article's address. It reveals nothing but whether a public page
 * is online, and builds nothing.
 */
export function createGoHandler(options: GoOptions): (url: URL) => Promise<GoAnswer> {
  let waiting = 0;
  const waitMs = options.waitMs ?? GO_WAIT_MS;
  return async (url) => {
    const id = /^\/go\/([1-9]\d{0,11})\/?$/.exec(url.pathname)?.[1];
    if (!id) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Not found\n' };
    const target = `${options.siteUrl.replace(/\/+$/, '')}/actualites/article/${id}/`;
    const requested = url.searchParams.get('v') ?? '';
    const version = VERSION.test(requested) ? requested : undefined;
    const deadline = Date.now() + waitMs;
    waiting += 1;
    try {
      for (;;) {
        const status = options.siteStatus.posts([{ id: Number(id), status: 'publish', modified: version ?? '' }], false)[Number(id)];
        if (status?.state === 'live' || (version === undefined && status?.state !== 'updating' && status?.state !== 'failed') || waiting > MAX_WAITING) {
          return { status: 302, headers: { location: target, 'cache-control': 'no-store', 'content-length': '0' }, body: '' };
        }
        if (status?.state === 'failed') return page(target, `La mise à jour du site public a échoué (${status.reason ?? 'erreur inconnue'}) : l’article n’y est pas encore dans cette version.`);
        if (Date.now() > deadline) return page(target, "Le site public n’affiche pas encore cette version de l’article : réessayez dans quelques instants.");
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      waiting -= 1;
    }
  };
}

function page(target: string, message: string): GoAnswer {
  const body = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Site public</title></head>
<body><main><h1>Article pas encore en ligne</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(target)}">${escapeHtml(target)}</a></p></main></body></html>
`;
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' }, body };
}
