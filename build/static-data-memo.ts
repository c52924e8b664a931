import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir as defaultDataDir } from '../data/project-root.js';
import { codeVersion } from './compiled.js';
import { fingerprint, writeFileAtomic } from './fs.js';
import type { LegalData } from '../src/schemas/legal.js';
import { deriveStaticData, readDataText, type DataOutput, type StaticData } from './static-data-derive.js';

/** What the last validation of each data file gave, by the fingerprint of its text and the code that validated it. */
interface DataMemo {
  code: string;
  files: Record<string, { hash: string; output: unknown }>;
  /** Of `files` as written: a memo changed since (a damaged disk, a hand) is not used. */
  checksum?: string;
}

/** A data file whose text is not the one validated last: all are validated again. */
class NotValidated extends Error {}

/**
 * The club's data, as build/static-data.ts loads it, but each file validated only when its text
 * changed since it last was (by this code): the schemas' library costs a tenth of a second to load
 * and most cron runs meet data files edited weeks ago. What is derived from the build's "now"
 * (ages, scores shown) is derived on every run. The memo is a file of the build cache.
 */
export async function loadStaticDataMemo(options: { dataDir?: string; now: Date; cacheDir: string; clean: boolean; siteUrl?: string }): Promise<StaticData> {
  const dataDir = options.dataDir ?? defaultDataDir();
  const memoFile = path.join(options.cacheDir, 'data-memo.json');
  const code = codeVersion();
  const textOf = (relative: string): string => readDataText(dataDir, relative);
  const memo = options.clean ? undefined : readMemo(memoFile, code);
  if (memo) {
    const known = (relative: string): unknown => {
      const entry = memo.files[relative];
      if (!entry || entry.hash !== fingerprint(textOf(relative))) throw new NotValidated();
      return entry.output;
    };
    try {
      return deriveStaticData((_name, relative) => known(relative) as DataOutput<never>, options.now, known(LEGAL) as LegalData, options.siteUrl);
    } catch (error) {
      if (!(error instanceof NotValidated)) throw error;
    }
  }
  const [{ parseDataFile }, { parseLegalText }] = await Promise.all([import('./static-data.js'), import('../data/legal/index.js')]);
  const files: DataMemo['files'] = {};
  const validated = <T>(relative: string, parse: (text: string) => T): T => {
    const text = textOf(relative);
    const output = parse(text);
    files[relative] = { hash: fingerprint(text), output };
    return output;
  };
  const legal = validated(LEGAL, parseLegalText);
  const data = deriveStaticData((name, relative) => validated(relative, (text) => parseDataFile(name, relative, text)), options.now, legal, options.siteUrl);
  writeMemo(memoFile, { code, files });
  return data;
}

/** The legal texts, in the data folder: validated by their own schema (data/legal/index.ts). */
const LEGAL = 'legal/legal.json';

const filesChecksum = (files: DataMemo['files']) => fingerprint(JSON.stringify(files));

function readMemo(file: string, code: string): DataMemo | undefined {
  try {
    const memo = JSON.parse(readFileSync(file, 'utf8')) as Partial<DataMemo> | null;
    if (memo?.code !== code || typeof memo.files !== 'object' || memo.files === null) return undefined;
    return memo.checksum === filesChecksum(memo.files) ? (memo as DataMemo) : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all. A memo that cannot be written costs the next run a validation. */
function writeMemo(file: string, memo: DataMemo): void {
  try {
    writeFileAtomic(file, JSON.stringify({ ...memo, checksum: filesChecksum(memo.files) }));
  } catch {
    // Only a cache.
  }
}
