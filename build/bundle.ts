import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { projectRoot } from '../data/project-root.js';
import { ISLANDS, type IslandName } from '../src/islands/registry.js';
import { SEARCH_WORKER } from '../src/routes/search-routes.js';
import type { OutputFile } from './output-file.js';
import { SHARED_PROPS_GLOBALS, type SharedIslandProps } from './shared-island-props.js';
import { sha256 } from './fs.js';

interface IslandAssets {
  /** URL of the island's module entry. */
  entry: string;
  /** Its static imports (shared chunks), preloaded so the entry does not wait on a waterfall. */
  chunks: string[];
  /** Chunks it may import later (Swiper when a slider nears the viewport). */
  lazyChunks: string[];
}

export interface BuiltAssets {
  files: OutputFile[];
  cssHref: string;
  /** The block styles of WordPress contents, linked only by pages that show a post (PageHead.contentStyles). */
  contentCssHref: string;
  islands: Record<IslandName, IslandAssets>;
  /** JSON of the props bundled into the layout islands; render checks the site gives the same. */
  sharedProps: string;
}

class BundleError extends Error {
  override name = 'BundleError';
}

/** esbuild reports every error; the build's one-line reason names the first with its place. */
function describeEsbuildFailure(error: unknown): string {
  const first = (error as { errors?: esbuild.Message[] }).errors?.[0];
  if (!first) return (error as Error).message;
  const where = first.location ? ` (${first.location.file}:${first.location.line})` : '';
  return `${first.text}${where}`;
}

const ROOT = projectRoot();

/** Loaded when bundling: a cron run whose bundles are cached never pays for it. */
const loadEsbuild = () => import('esbuild');
const STYLES_DIR = path.join(ROOT, 'src/styles');
const CONTENT_STYLES_DIR = path.join(STYLES_DIR, 'content');
/** Only the Swiper styles our sliders use; the rest of Swiper's CSS never ships. */
const VENDOR_CSS = ['swiper/css', 'swiper/css/effect-coverflow'];
/** What every esbuild run of this stage shares: bundled, minified, kept in memory. */
const COMMON = { absWorkingDir: ROOT, bundle: true, minify: true, write: false, logLevel: 'silent' } as const;
const BROWSER_SCRIPT = { ...COMMON, format: 'esm', platform: 'browser', target: 'es2022', legalComments: 'none' } as const;

/** Stage bundle: island bundles (preact/compat for react, shared chunks, hashed, the layout's shared props built in) and the stylesheets. */
export async function bundleAssets(shared: SharedIslandProps): Promise<BuiltAssets> {
  const [scripts, worker, styles, contentStyles] = await Promise.all([
    bundleIslands(shared),
    bundleWorker(SEARCH_WORKER, 'src/islands/search/search.worker.ts'),
    bundleStyles(STYLES_DIR, 'site', VENDOR_CSS),
    bundleStyles(CONTENT_STYLES_DIR, 'content'),
  ]).catch((error: unknown) => {
    throw new BundleError(describeEsbuildFailure(error));
  });
  return {
    files: [...scripts.files, worker, styles.file, contentStyles.file],
    cssHref: styles.href,
    contentCssHref: contentStyles.href,
    islands: scripts.islands,
    sharedProps: JSON.stringify(shared),
  };
}

async function bundleIslands(shared: SharedIslandProps): Promise<{ files: OutputFile[]; islands: Record<IslandName, IslandAssets> }> {
  const sharedDefines = Object.fromEntries(
    (Object.keys(SHARED_PROPS_GLOBALS) as (keyof SharedIslandProps)[]).map((island) => [SHARED_PROPS_GLOBALS[island], JSON.stringify(shared[island])]),
  );
  const outdir = path.join(ROOT, 'assets');
  const { build } = await loadEsbuild();
  const result = await build({
    ...BROWSER_SCRIPT,
    entryPoints: Object.entries(ISLANDS).map(([name, file]) => ({ in: file, out: name })),
    outdir,
    entryNames: 'islands/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    metafile: true,
    jsx: 'automatic',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: { 'process.env.NODE_ENV': '"production"', ...sharedDefines },
  });
  const toUrl = (file: string) => `/assets/${path.relative(outdir, path.resolve(ROOT, file)).split(path.sep).join('/')}`;
  const files = result.outputFiles.map((file) => ({ path: toUrl(file.path), contents: file.contents }));
  const outputs = result.metafile.outputs;
  const importsOf = (output: string, kinds: readonly string[], seen = new Set<string>()): string[] => {
    for (const imported of outputs[output]?.imports ?? []) {
      if (kinds.includes(imported.kind) && !seen.has(imported.path)) {
        seen.add(imported.path);
        importsOf(imported.path, kinds, seen);
      }
    }
    return [...seen];
  };
  const islands = {} as Record<IslandName, IslandAssets>;
  for (const [output, meta] of Object.entries(outputs)) {
    const name = Object.entries(ISLANDS).find(([, file]) => file === meta.entryPoint)?.[0] as IslandName | undefined;
    if (!name) continue;
    const chunks = importsOf(output, ['import-statement']);
    const lazyChunks = importsOf(output, ['import-statement', 'dynamic-import']).filter((chunk) => !chunks.includes(chunk));
    islands[name] = { entry: toUrl(output), chunks: chunks.map(toUrl).sort(), lazyChunks: lazyChunks.map(toUrl).sort() };
  }
  for (const name of Object.keys(ISLANDS) as IslandName[]) {
    if (!islands[name]) throw new Error(`island "${name}": esbuild produced no entry for ${ISLANDS[name]}`);
  }
  return { files, islands };
}

/**
 * A module worker, in one file of its own (a worker shares no chunk with the page's islands), at
 * the address its island is given (`url`, revalidated: its name is not its hash).
 */
async function bundleWorker(url: string, entry: string): Promise<OutputFile> {
  const { build } = await loadEsbuild();
  const result = await build({
    ...BROWSER_SCRIPT,
    entryPoints: [entry],
    outfile: path.join(ROOT, 'assets/worker.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced no worker for ${entry}`);
  return { path: url, contents: file.contents };
}

/** One hashed stylesheet of the .css files directly in `dir` (sub-folders are sheets of their own). */
async function bundleStyles(dir: string, name: string, vendor: readonly string[] = []): Promise<{ file: OutputFile; href: string }> {
  // Files are taken in name order: 00-base.css first, then layout, then each feature's sheet.
  const own = (await readdir(dir)).filter((file) => file.endsWith('.css')).sort();
  const local = own.map((file) => `./${path.relative(ROOT, path.join(dir, file)).split(path.sep).join('/')}`);
  const entry = [...vendor, ...local].map((spec) => `@import ${JSON.stringify(spec)};`).join('\n');
  const { build } = await loadEsbuild();
  const result = await build({
    ...COMMON,
    stdin: { contents: entry, loader: 'css', resolveDir: ROOT, sourcefile: `${name}.css` },
    outfile: path.join(ROOT, `assets/${name}.css`),
    external: ['/images/*', '/fonts/*'],
  });
  const css = result.outputFiles[0];
  if (!css) throw new Error('esbuild produced no stylesheet');
  const hash = sha256(css.contents).slice(0, 10);
  const href = `/assets/${name}-${hash}.css`;
  return { file: { path: href, contents: css.contents }, href };
}
