import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../../src/routes/route-paths.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where links are written: every one must come from href(), so a route moves in one place. */
const LINKING_FOLDERS = ['src/pages', 'src/components', 'src/islands'];

const sourceFiles = (folder: string) =>
  readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));

/** '/club', '/equipe', '/actualites', ...: the first segment of every route but the home page. */
const ROUTE_ROOTS = [...new Set(Object.values(ROUTE_PATHS).map((pattern) => pattern.split('/')[1] ?? '').filter((root) => root !== ''))];
/** A string literal (quote or backtick) or a JSX attribute starting with a route's first segment, or the bare home path. */
const LITERAL_ROUTE = new RegExp(`(["'\`])/(${ROUTE_ROOTS.map((root) => root.replace(/[.]/g, '\\.')).join('|')})\\b|href=(["'])/\\3`);

describe('internal links', () => {
  it('are never written as literal paths in pages, components or islands', () => {
    const offences: string[] = [];
    for (const folder of LINKING_FOLDERS) {
      for (const file of sourceFiles(folder)) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            // Comments may show an example path.
            if (/^\s*(\/\/|\*|\/\*\*)/.test(line)) return;
            if (LITERAL_ROUTE.test(line)) offences.push(`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(ROUTE_ROOTS).toContain('actualites');
    expect(offences).toEqual([]);
  });

  it('finds a literal path when one is written (the check itself works)', () => {
    expect(LITERAL_ROUTE.test(`<a href="/contact/">`)).toBe(true);
    expect(LITERAL_ROUTE.test('const url = `/actualites/article/${id}/`;')).toBe(true);
    expect(LITERAL_ROUTE.test(`<a href="/">Accueil</a>`)).toBe(true);
    expect(LITERAL_ROUTE.test(`<img src="/images/club/stade.svg">`)).toBe(false);
    expect(LITERAL_ROUTE.test(`<a href={href('contact')}>`)).toBe(false);
  });
});
