import { renderToString } from 'react-dom/server';
import { basePathOf } from '../../src/lib/html.js';
import type { IslandName } from '../../src/islands/registry.js';
import type { RouteInstance } from '../../src/routes.js';
import { pageOutputFile, pageUrl } from '../../src/routes/paths.js';
import { href } from '../../src/routes/route-paths.js';
import type { PageRoute, RouteInputs } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import { renderDocument } from '../../templates/document.js';
import { fingerprint } from '../fs.js';
import { StateDamagedError } from '../state/database.js';
import type { OutputRecord } from '../state/build-state.js';
import type { OutputWriter, WrittenFiles } from '../write.js';
import { inputsText, type PageAssets } from './input-reach.js';
import { createLayoutRenderer, type LayoutRenderer, type LayoutShell } from './layout-shell.js';
import { islandsIn, prefixJsonUrls, prefixRootPaths, RenderError } from './page-html.js';
import { searchRecordOf } from '../search/page-record.js';
import { createWorkQueue, taken, type WorkQueue } from './work-queue.js';

/** A file of the route table as it went into the output, with its position in the route order. */
export interface RenderedOutput {
  path: string;
  order: number;
  record: OutputRecord;
  /** Made by this build (false: kept from the previous output). */
  rendered: boolean;
  /** Rendered pages of searched routes: their search record (build/search/page-record.ts). */
  search?: string;
  /** Kept one post behind for the next build (ReuseSource's `later`). */
  later?: true;
}

/** A file of the output, either made now (`contents`) or kept from the output in place (`keep`). */
export type EmittedFile =
  | { path: string; contents: string | Uint8Array; size: number; record: OutputRecord; search?: string }
  | { path: string; keep: true; record: OutputRecord; later?: true };

/** Receives each file with its position in the route order (the writer, in the same thread). */
export type EmitFile = (file: EmittedFile, order: number) => void;

/** Hands each file to `writer` and lists it in `outputs`. */
export function emitInto(writer: Pick<OutputWriter, 'add' | 'keep'>, outputs: RenderedOutput[]): EmitFile {
  return (file, order) => {
    outputs.push({ path: file.path, order, record: file.record, rendered: !('keep' in file), ...('search' in file && file.search !== undefined ? { search: file.search } : {}), ...('later' in file ? { later: true } : {}) });
    return 'keep' in file ? writer.keep(file.path) : writer.add(file);
  };
}

/** The previous run's records, usable only when the output they describe is the one in place. */
export interface ReuseSource {
  outputs: ReadonlyMap<string, OutputRecord>;
  /**
   * Given when nothing declared inputs read has changed but some posts and the order of some lists
   * (input-reach.ts): the files whose declared inputs named one of those posts or showed one of
   * those lists. Any other file of declared inputs is kept without making its inputs again.
   */
  reached?: ReadonlySet<string>;
  /**
   * Of those, the files only the order of their list reaches, in a build that only adds posts (the
   * builder's first build of a published post): a route's page marked `later` is kept as it is, one
   * post behind, and its list stays changed for the next build. Nothing it links to goes.
   */
  later?: ReadonlySet<string>;
}

export interface RenderCounts {
  pages: number;
  files: number;
  /** Pages rendered (the others were kept from the previous output, their inputs unchanged). */
  rendered: number;
  /** Files kept one post behind for the next build (ReuseSource's `later`). */
  later: number;
}

/** What one thread rendered; a worker adds the files it wrote into the output folder itself. */
export interface RenderedPart {
  counts: RenderCounts;
  outputs: RenderedOutput[];
  written?: WrittenFiles;
}

/**
 * Every route instance this thread takes from `queue` to a file handed to `emit` (the writer). A
 * page is rendered only when its key changed: the key covers everything a page is made from (its
 * props and head, or the inputs its route declares; the layout, the assets, its route and path),
 * and components are pure functions of their props, so an equal key means byte-identical HTML. A
 * file route's key is its declared inputs' fingerprint, else that of its bytes.
 */
export function renderRoutes(
  instances: readonly RouteInstance[],
  site: SiteData,
  assets: PageAssets,
  emit: EmitFile,
  {
    queue = createWorkQueue(),
    onProgress = () => {},
    previous,
    layout = createLayoutRenderer(site, assets.sharedProps),
  }: { queue?: WorkQueue; onProgress?: (done: number, total: number) => void; previous?: ReuseSource; layout?: LayoutRenderer } = {},
): RenderCounts {
  const basePath = basePathOf(site.siteUrl);
  const assetsKey = fingerprint(JSON.stringify([site.siteUrl, assets.cssHref, assets.contentCssHref, assets.islands]));
  const counts: RenderCounts = { pages: 0, files: 0, rendered: 0, later: 0 };
  const total = instances.length;
  const progress = new Int32Array(queue);
  const kept = (record: OutputRecord | undefined, key: string | undefined) => (record?.key === key ? record : undefined);
  // A file of declared inputs that no changed post or list reaches is kept without making its inputs.
  const reached = previous?.reached;
  const unreached = (path: string, record: OutputRecord | undefined) => (reached && record?.posts !== undefined && !reached.has(path) ? record : undefined);
  const reach = (inputs: RouteInputs | undefined): Pick<OutputRecord, 'posts' | 'list'> =>
    inputs ? { posts: inputs.posts.map((post) => post.id), ...(inputs.list === undefined ? {} : { list: inputs.list }) } : {};
  // Thousands of pages link the same few island and stylesheet lists: one array each.
  const lists = new Map<string, string[]>();
  const shared = <T extends string>(list: T[]): T[] => {
    const id = list.join('\n');
    const known = lists.get(id) as T[] | undefined;
    if (known) return known;
    lists.set(id, list);
    return list;
  };
  for (const order of taken(queue, total)) {
    const instance = instances[order] as RouteInstance;
    const { route, params } = instance;
    let output: EmittedFile;
    try {
      const file = route.kind === 'file' ? instance.path : `/${route.outputFile ?? pageOutputFile(instance.path)}`;
      const before = previous?.outputs.get(file);
      // Routes that declare their inputs are compared by them (a page's props are made only to
      // render), unless no post or list they named has changed since.
      const unreachedRecord = route.inputs ? unreached(file, before) : undefined;
      const later = !unreachedRecord && route.later && previous?.later?.has(file) ? before : undefined;
      const unchanged = unreachedRecord ?? later;
      const inputs = unchanged ? undefined : route.inputs?.(site, params);
      if (unchanged) {
        output = { path: file, keep: true, record: unchanged, ...(later ? { later: true } : {}) };
        if (later) counts.later += 1;
      } else if (route.kind === 'file') {
        const inputsKey = inputs && fingerprint(`inputs\u0000${route.id}\u0000${file}\u0000${inputsText(inputs)}`);
        const known = kept(before, inputsKey);
        if (known) {
          output = { path: file, keep: true, record: known };
        } else {
          const raw = route.content(site, params);
          const contents = file.endsWith('.json') && typeof raw === 'string' ? prefixJsonUrls(raw, basePath) : raw;
          const key = inputsKey ?? fingerprint(contents);
          // A key of declared inputs was compared above already.
          const record = inputsKey === undefined ? kept(before, key) : undefined;
          if (record) {
            output = { path: file, keep: true, record };
          } else {
            const size = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
            output = { path: file, contents, size, record: { key, size, ...reach(inputs) } };
          }
        }
      } else {
        const shell = layout.shellFor(instance.path);
        const loaded = inputs === undefined ? route.load(site, params) : undefined;
        const key = pageKey({ assetsKey, shell, route, path: instance.path, made: loaded ?? { inputs: inputs && inputsText(inputs) } });
        const record = kept(before, key);
        if (record) {
          output = { path: file, keep: true, record };
        } else {
          const { props, head } = loaded ?? route.load(site, params);
          const html = renderPage({ route, path: instance.path, element: route.element(props), head, shell, site, assets, basePath });
          const size = Buffer.byteLength(html.html);
          const page = { routeId: route.id, pageType: route.pageType, islands: shared(html.islands), stylesheets: shared(html.stylesheets) };
          const search = searchRecordOf(route.id, file, html.html, props, basePath);
          output = { path: file, contents: html.html, size, record: { key, size, page, ...reach(inputs) }, ...(search === undefined ? {} : { search }) };
          counts.rendered += 1;
        }
      }
      counts[route.kind === 'file' ? 'files' : 'pages'] += 1;
    } catch (error) {
      // Not the page's fault: the build starts again without the state (build/pipeline.ts).
      if (error instanceof StateDamagedError) throw error;
      throw new RenderError(`route ${route.id} (${instance.path}): ${(error as Error).message}`);
    }
    emit(output, order);
    // Every thread's progress: the positions taken from the shared queue.
    onProgress(Math.min(Atomics.load(progress, 0), total), total);
  }
  return counts;
}

/** `made`: the page's props and head, or the inputs its route declares (never equal to props and head). */
function pageKey(input: { assetsKey: string; shell: LayoutShell; route: PageRoute; path: string; made: { props: unknown; head: unknown } | { inputs: string | undefined } }): string {
  const page = `${input.assetsKey}\u0000${input.shell.key}\u0000${input.route.id}\u0000${input.path}\u0000`;
  // One-shot hashes of one string: no Hash object per page (every route's key is made on every run).
  const made = 'inputs' in input.made ? `inputs\u0000${input.made.inputs ?? ''}` : `${JSON.stringify(input.made.head)}\u0000${JSON.stringify(input.made.props) ?? ''}`;
  return fingerprint(page + made);
}

export function renderPage(input: {
  route: PageRoute;
  path: string;
  element: ReturnType<PageRoute['element']>;
  head: ReturnType<PageRoute['load']>['head'];
  shell: LayoutShell;
  site: SiteData;
  assets: PageAssets;
  basePath: string;
}): { html: string; islands: IslandName[]; stylesheets: string[] } {
  const { route, path: pagePath, head, shell, site, assets, basePath } = input;
  const canonicalPath = head.canonicalPath ? pageUrl(head.canonicalPath) : route.aliasOf ? href(route.aliasOf) : pageUrl(pagePath);
  const pageHtml = renderToString(input.element);
  const islands = [...new Set([...shell.islands, ...islandsIn(pageHtml)])].sort() as IslandName[];
  const contentCssHref = head.contentStyles ? assets.contentCssHref : undefined;
  const html = renderDocument({
    head: { ...head, canonicalPath },
    bodyHtml: `${shell.before}${pageHtml}${shell.after}`,
    path: pagePath,
    siteUrl: site.siteUrl,
    basePath,
    cssHref: assets.cssHref,
    contentCssHref,
    scripts: islands.map((name) => assets.islands[name].entry),
    preloads: [...new Set(islands.flatMap((name) => assets.islands[name].chunks))].sort(),
  });
  return { html: prefixRootPaths(html, basePath), islands, stylesheets: contentCssHref ? [assets.cssHref, contentCssHref] : [assets.cssHref] };
}
