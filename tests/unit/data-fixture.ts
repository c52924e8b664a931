import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataDir } from '../../data/project-root.js';
import { DataError, loadStaticData, type StaticData } from '../../build/static-data.js';

/** The real data files, loaded at the date the fixed test builds use. */
export const TEST_NOW = new Date('2026-01-15T12:00:00Z');

export function realData(now: Date = TEST_NOW): StaticData {
  return loadStaticData({ now });
}

// Malformed input is off-type by definition, so the cases edit plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * A copy of data/ (without the WordPress snapshot) where `file` went through `change`, as a club
 * editor would leave it: each case breaks exactly one thing. Returns the copy's folder.
 */
export function dataWith(file: string, change: (json: Json) => void | string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sqbb-data-'));
  cpSync(dataDir(), folder, { recursive: true, filter: (source) => !source.includes(`${path.sep}wordpress`) });
  const target = path.join(folder, file);
  const json = JSON.parse(readFileSync(target, 'utf8')) as Json;
  // A change that returns text replaces the file with it (a file that is not JSON any more).
  const text = change(json);
  writeFileSync(target, typeof text === 'string' ? text : `${JSON.stringify(json, null, 2)}\n`);
  return folder;
}

/** The DataError's message for the data of `dataWith(file, change)`; fails when the data loads. */
export function loadError(file: string, change: (json: Json) => void | string, now: Date = TEST_NOW): string {
  const folder = dataWith(file, change);
  try {
    loadStaticData({ dataDir: folder, now });
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    return error.message;
  }
  throw new Error(`expected ${file} to be rejected`);
}
