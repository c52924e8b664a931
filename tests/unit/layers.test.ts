import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Lints a file that would live at `file` (nothing is written), with the project's own config. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
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

/**
 * Specifiers a module imports statically: at run time (`import type` and `export type … from` vanish
 * when compiled) or with its types too. Dynamic `import()` is left out: it runs after both modules
 * are loaded, and its types are a use, not a dependency of the module's own types.
 */
function staticImports(source: ts.SourceFile, withTypes: boolean): string[] {
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && (withTypes || !statement.importClause?.isTypeOnly)) {
      return ts.isStringLiteral(statement.moduleSpecifier) ? [statement.moduleSpecifier.text] : [];
    }
    if (ts.isExportDeclaration(statement) && (withTypes || !statement.isTypeOnly) && statement.moduleSpecifier) {
      return ts.isStringLiteral(statement.moduleSpecifier) ? [statement.moduleSpecifier.text] : [];
    }
    return [];
  });
}

/** Relative imports of every TypeScript file under the code folders, resolved to files (`.js` → `.ts`/`.tsx`). */
function importGraph(folders: string[], withTypes = false): Map<string, string[]> {
  const files = folders.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => path.join(ROOT, folder, name)),
  );
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const targets = staticImports(source, withTypes)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.resolve(path.dirname(file), name).replace(/\.m?js$/, ''))
      .flatMap((base) => [`${base}.ts`, `${base}.tsx`].filter((candidate) => known.has(candidate)));
    graph.set(file, targets);
  }
  return graph;
}

/** One cycle per strongly connected component of more than one file (or a file importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(ROOT, member));
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle when two modules import each other', () => {
    const a = path.join(ROOT, 'a.ts');
    const b = path.join(ROOT, 'b.ts');
    const c = path.join(ROOT, 'c.ts');
    expect(cycles(new Map([[a, [b]], [b, [a, c]], [c, []]]))).toEqual([['a.ts', 'b.ts']]);
  });

  it('has none in src/, build/, builder/, data/ and templates/', () => {
    expect(cycles(importGraph(['src', 'build', 'builder', 'data', 'templates']))).toEqual([]);
  });

  it('has none through types either: a module can be read knowing only the modules below it', () => {
    expect(cycles(importGraph(['src', 'build', 'builder', 'data', 'templates'], true))).toEqual([]);
  });
});
