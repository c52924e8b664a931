import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';

/** The built site under test: SITE_DIR or .tmp/site (built by tests/run-all.sh). */
export const SITE_DIR = path.resolve(process.env.SITE_DIR ?? '.tmp/site');

export interface BuiltFile {
  /** Root-relative path, e.g. '/contact/index.html'. */
  path: string;
  absolute: string;
}

export function builtFiles(extension: string): BuiltFile[] {
  return readdirSync(SITE_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return { absolute, path: `/${path.relative(SITE_DIR, absolute).split(path.sep).join('/')}` };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

export function loadHtml(file: BuiltFile): cheerio.CheerioAPI {
  return cheerio.load(readFileSync(file.absolute, 'utf8'));
}

export function readReport(): {
  pageTypes: Record<string, { pages: number; htmlGzip: number; cssGzip: number; jsGzip: number; jsGzipWithLazy: number; example: string }>;
  assets: Record<string, number>;
  pagePaths: string[];
} {
  return JSON.parse(readFileSync(`${SITE_DIR}-report.json`, 'utf8'));
}
