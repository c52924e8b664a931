import { readFileSync } from 'node:fs';

/** Every HTML page the build wrote, from the build report next to the tested output. */
export function builtPagePaths(): string[] {
  const report = JSON.parse(readFileSync('.tmp/site-report.json', 'utf8')) as { pagePaths: string[] };
  return report.pagePaths;
}
