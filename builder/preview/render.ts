import { basePathOf, escapeHtml } from '../../src/lib/html.js';
import { ROUTES } from '../../src/routes.js';
import { fillPattern } from '../../src/routes/paths.js';
import type { PageRoute } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import type { Term } from '../../src/types/news.js';
import { bundleAssets, type BuiltAssets } from '../../build/bundle.js';
import { COMMON_HEADERS, contentSecurityPolicy, dataImageOrigins, type Header } from '../../build/hosting/policy.js';
import { attachMedia } from '../../build/normalize-media.js';
import { createLayoutRenderer } from '../../build/render/layout-shell.js';
import { renderPage } from '../../build/render/render-routes.js';
import { sharedIslandProps } from '../../build/shared-island-props.js';
import { loadStaticData } from '../../build/static-data.js';
import { normalizePost, normalizeTermList, resolvePosts } from '../../build/wordpress/normalize.js';
import { PreviewProblem } from './wordpress.js';

/** What the preview's pages are made with: the build's own settings. */
export interface PreviewSettings {
  siteUrl: string;
  apiUrl: string;
  mediaOrigins: readonly string[];
  /** The preview's own media store (never the build's: a preview and a build may run at once). */
  mediaDir: string;
  dataDir?: string;
}

export interface RenderedPreview {
  html: string;
  headers: Header[];
}

/** The site's stylesheets and island bundles, made once per menu and partners (they are built into the layout islands). */
export interface AssetSource {
  get(shared: ReturnType<typeof sharedIslandProps>): Promise<BuiltAssets>;
}

export function createAssetSource(bundle: typeof bundleAssets = bundleAssets): AssetSource {
  let made: { key: string; assets: Promise<BuiltAssets> } | undefined;
  return {
    get(shared) {
      const key = JSON.stringify(shared);
      if (made?.key !== key) {
        const assets = bundle(shared);
        made = { key, assets };
        assets.catch(() => {
          if (made?.assets === assets) made = undefined;
        });
      }
      return made.assets;
    },
  };
}

/** The banner's text, as the issue and the editors read it. */
export const PREVIEW_BANNER = 'Aperçu — non publié';
/** Served by the builder with the preview (builder/server.ts): the site's style-src is 'self', no inline style. */
export const PREVIEW_STYLESHEET = '/_builder/preview.css';

/** Only the article column's sizes: the cards, home hero and sidebar thumbnails of a post do not show on its page. */
const ARTICLE_SLOTS = new Set(['article', 'content']);

/**
 * A post as WordPress's REST API gives it (a draft, a pending post, a published post with its
 * autosave) rendered by the site's own article page: the build's normalizer and sanitizer, its
 * media pipeline (into the preview's own store), the route's load, the layout, styles and islands,
 * with a banner saying it is not published. Nothing is written to the output.
 */
export async function renderPreview(raw: Record<string, unknown>, settings: PreviewSettings, assets: AssetSource, now = new Date()): Promise<RenderedPreview> {
  const result = normalizePost(raw, 0);
  if ('skipped' in result) throw new PreviewProblem(404, `post ${String(raw.id)} cannot be shown: ${result.skipped.message}`);
  const entry = result.normalized;
  const requests = entry.media.requests.filter((request) => ARTICLE_SLOTS.has(request.slot));
  const { posts } = await attachMedia(
    [Object.assign({}, entry, { media: { ...entry.media, requests } })],
    { cacheDir: settings.mediaDir, apiUrl: settings.apiUrl, mediaOrigins: settings.mediaOrigins },
    new Set([entry.post.id]),
  );
  const [categories, tags] = embeddedTerms(raw);
  const post = resolvePosts(posts, { categories, tags }, () => {})[0];
  if (!post) throw new PreviewProblem(404, `post ${String(raw.id)} cannot be shown`);
  const data = loadStaticData({ now, ...(settings.dataDir ? { dataDir: settings.dataDir } : {}) });
  const site: SiteData = { builtAt: now, siteUrl: settings.siteUrl, news: { posts: [post], categories, tags }, club: data.club, team: data.team, season: data.season, legal: data.legal };
  const route = ROUTES.find((candidate): candidate is PageRoute => candidate.kind === 'page' && candidate.id === 'news-article');
  if (!route) throw new Error('the route table has no article page');
  const params = { id: String(post.id) };
  const pagePath = fillPattern(route.id, route.pattern, params);
  const { props, head } = route.load(site, params);
  const unpublished = unpublishedLine(raw.status, (props as { date?: unknown }).date);
  const pageProps = unpublished ? { ...(props as object), unpublished } : props;
  const built = await assets.get(sharedIslandProps(data.club));
  const shell = createLayoutRenderer(site, built.sharedProps).shellFor(pagePath);
  const basePath = basePathOf(settings.siteUrl);
  const page = renderPage({ route, path: pagePath, element: route.element(pageProps), head: { ...head, noindex: true }, shell, site, assets: built, basePath });
  return {
    html: withBanner(page.html, basePath),
    headers: [
      ...COMMON_HEADERS,
      // The article pages' own policy (build/hosting/policy.ts): embeds, the recent posts frame, content styles.
      ['Content-Security-Policy', contentSecurityPolicy({ head, imageOrigins: dataImageOrigins(site) })],
      ['X-Frame-Options', 'DENY'],
      ['Cache-Control', 'no-store'],
      ['X-Robots-Tag', 'noindex'],
    ],
  };
}

/**
 * The date line of a post not published yet: a draft's date is only when it was written, a
 * scheduled post's when it will go out. Published posts (a preview of their unsaved changes) keep
 * "Publié le …".
 */
function unpublishedLine(status: unknown, date: unknown): string | undefined {
  if (status === 'publish') return undefined;
  if (status === 'future' && typeof date === 'string') return `Non publié : publication prévue le ${date}`;
  return 'Non publié : brouillon';
}

/** Loads what every preview needs (the club's data, the site's bundles) before the first one is asked for. */
export async function warmPreview(settings: PreviewSettings, assets: AssetSource, now = new Date()): Promise<void> {
  const data = loadStaticData({ now, ...(settings.dataDir ? { dataDir: settings.dataDir } : {}) });
  await assets.get(sharedIslandProps(data.club));
}

/** The categories and tags embedded in the post (`_embed`): what its sidebar links to. */
function embeddedTerms(raw: Record<string, unknown>): [Term[], Term[]] {
  const embedded = raw._embedded;
  const lists = typeof embedded === 'object' && embedded !== null && Array.isArray((embedded as Record<string, unknown>)['wp:term']) ? ((embedded as Record<string, unknown>)['wp:term'] as unknown[]) : [];
  const list = (index: number) => (Array.isArray(lists[index]) ? (lists[index] as unknown[]) : []);
  return [normalizeTermList(list(0), 'category', () => {}), normalizeTermList(list(1), 'tag', () => {})];
}

/** The banner first in the body, its stylesheet last in the head. */
function withBanner(html: string, basePath: string): string {
  const banner = `<div class="sqbb-preview-banner" role="status"><strong>${escapeHtml(PREVIEW_BANNER)}</strong></div>`;
  return html
    .replace('</head>', `<link rel="stylesheet" href="${escapeHtml(`${basePath}${PREVIEW_STYLESHEET}`)}">\n</head>`)
    .replace('\n<body>\n', `\n<body>\n${banner}\n`);
}
