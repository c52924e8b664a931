import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Lints a file that would live at `file` (nothing is written), with the project's own config. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('layers (eslint.config.js)', () => {
  it('keeps pages, route definitions and the build out of islands', async () => {
    expect(await layerErrors('src/islands/probe/Probe.tsx', "import { ArticlePage } from '../../pages/news/ArticlePage.js';\nexport const x = ArticlePage;\n")).toHaveLength(1);
    expect(await layerErrors('src/islands/probe/Probe.tsx', "import { ROUTES } from '../../routes.js';\nexport const x = ROUTES;\n")).toHaveLength(1);
  });

  it('lets islands use shared components, pure helpers and the route paths', async () => {
    const code = [
      "import { NewsCard } from '../../components/news/NewsCard.js';",
      "import { sortMatchesByDate } from '../../lib/matches.js';",
      "import { href } from '../../routes/route-paths.js';",
      'export const x = [NewsCard, sortMatchesByDate, href];',
      '',
    ].join('\n');
    expect(await layerErrors('src/islands/probe/Probe.tsx', code)).toEqual([]);
  });

  it('keeps the build out of src/ and data/', async () => {
    expect(await layerErrors('src/lib/probe.ts', "import { renderRoutes } from '../../build/render/render-routes.js';\nexport const x = renderRoutes;\n")).not.toHaveLength(0);
    expect(await layerErrors('data/probe.ts', "import { runBuild } from '../build/pipeline.js';\nexport const x = runBuild;\n")).toHaveLength(1);
  });
});
