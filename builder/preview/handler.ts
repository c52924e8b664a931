import { verifyPreviewLink } from './link.js';
import { renderPreview, warmPreview, type AssetSource, type PreviewSettings } from './render.js';
import { loadPreviewPost, PreviewProblem } from './wordpress.js';

export interface PreviewAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface PreviewOptions {
  secret: string;
  settings: PreviewSettings;
  assets: AssetSource;
  log: (line: string) => void;
  now?: () => number;
  fetcher?: typeof fetch;
}

/** Texts for the editor, in French then English; the details go to the log (the operator's). */
const TEXTS = {
  denied: "Lien d'aperçu invalide ou expiré : cliquez de nouveau sur « Prévisualiser » dans WordPress.\nInvalid or expired preview link: click “Preview” in WordPress again.\n",
  notFound: 'Article introuvable : il a peut-être été supprimé.\nNo such post: it may have been deleted.\n',
  unavailable: "Aperçu indisponible : WordPress n'a pas pu être lu. Réessayez dans un instant.\nPreview unavailable: WordPress could not be read. Try again in a moment.\n",
};

/** Every answer of /preview/: never stored by a browser or a proxy, never indexed. */
const PRIVATE_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

/**
 * GET /preview/<post>?user=…&expires=…&signature=…: the post as fans will see it, only through a
 * link the plugin signed for a user who may edit it. One preview at a time: each may convert images
 * into the preview's media store, which one process writes at a time.
 */
export function createPreviewHandler(options: PreviewOptions): { answer: (url: URL) => Promise<PreviewAnswer>; warm: () => void } {
  const now = options.now ?? (() => Date.now());
  let queue: Promise<unknown> = Promise.resolve();
  const text = (status: number, body: string): PreviewAnswer => ({ status, headers: { ...PRIVATE_HEADERS, 'content-type': 'text/plain; charset=utf-8' }, body });
  const warm = () => {
    queue = queue.then(() => warmPreview(options.settings, options.assets, new Date(now()))).catch((error: unknown) => options.log(`preview warm-up failed: ${(error as Error).message}`));
  };
  const answer = async (url: URL): Promise<PreviewAnswer> => {
    const grant = verifyPreviewLink(options.secret, url, now());
    if (!grant) {
      options.log('preview refused: invalid or expired link (403)');
      return text(403, TEXTS.denied);
    }
    const started = performance.now();
    const run = queue.then(async (): Promise<PreviewAnswer> => {
      try {
        const raw = await loadPreviewPost(options.settings.apiUrl, options.secret, grant, options.fetcher);
        const page = await renderPreview(raw, options.settings, options.assets, new Date(now()));
        options.log(`preview of post ${grant.postId} for user ${grant.userId}: 200 in ${((performance.now() - started) / 1000).toFixed(2)} s`);
        return { status: 200, headers: { ...Object.fromEntries(page.headers.map(([name, value]) => [name.toLowerCase(), value])), ...PRIVATE_HEADERS, 'content-type': 'text/html; charset=utf-8' }, body: page.html };
      } catch (error) {
        const problem = error instanceof PreviewProblem ? error : new PreviewProblem(503, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        options.log(`preview of post ${grant.postId} for user ${grant.userId}: ${problem.status} (${problem.message})`);
        return text(problem.status, problem.status === 403 ? TEXTS.denied : problem.status === 404 ? TEXTS.notFound : TEXTS.unavailable);
      }
    });
    queue = run.catch(() => {});
    return run;
  };
  return { answer, warm };
}
