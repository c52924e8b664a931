import type * as Bundle from '../../build/bundle.js';

/**
 * build/bundle.js keeping its bundles for the test file's run, for files that build the whole site
 * dozens of times to compare outputs: each clean build runs esbuild over the islands and stylesheets
 * again (about a second of a build of the snapshot), for the same bytes from the same sources and
 * shared props. Each distinct input is still bundled by esbuild, once; every build gets its own copy.
 * Use: `vi.mock('../../build/bundle.js', async (original) => (await import('./bundle-once.js')).bundleOnce(original))`.
 */
export async function bundleOnce(importOriginal: () => Promise<typeof Bundle>): Promise<typeof Bundle> {
  const actual = await importOriginal();
  const made = new Map<string, Promise<Bundle.BuiltAssets>>();
  const bundleAssets: typeof actual.bundleAssets = async (shared) => {
    const key = JSON.stringify(shared);
    let bundled = made.get(key);
    if (!bundled) {
      bundled = actual.bundleAssets(shared);
      made.set(key, bundled);
      // A failure is not kept: the next build bundles again, as it would.
      bundled.catch(() => made.delete(key));
    }
    return structuredClone(await bundled);
  };
  return { ...actual, bundleAssets };
}
