import { dataDir as defaultDataDir } from '../data/project-root.js';
import { codeVersion } from './compiled.js';
import { fingerprint } from './fs.js';
import type { LegalData } from '../src/schemas/legal.js';
import { deriveStaticData, readDataText, type DataOutput, type StaticData } from './static-data-derive.js';

/** What the last validation of each data file gave, by the fingerprint of its text and the code that validated it. */
export interface DataMemo {
  code: string;
  files: Record<string, { hash: string; output: unknown }>;
}

/** Where the memo is kept: a value of the build's state, saved with the run (build/state/build-state.ts). */
export interface DataMemoStore {
  meta(key: 'dataMemo'): DataMemo | undefined;
  remember(key: 'dataMemo', memo: DataMemo): void;
}

/** A data file whose text is not the one validated last: all are validated again. */
class NotValidated extends Error {}

/**
 * The club's data as build/static-data.ts loads it, each file validated only when its text changed
 * since (by this code): the schemas' library costs a tenth of a second to load, and most cron runs
 * meet files edited weeks ago. What depends on the build's "now" (ages, scores) is derived every run.
 */
export async function loadStaticDataMemo(options: { dataDir?: string; now: Date; clean: boolean; siteUrl?: string }, store: DataMemoStore): Promise<StaticData> {
  const dataDir = options.dataDir ?? defaultDataDir();
  const code = codeVersion();
  const textOf = (relative: string): string => readDataText(dataDir, relative);
  const memo = options.clean ? undefined : store.meta('dataMemo');
  if (memo?.code === code) {
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
  store.remember('dataMemo', { code, files });
  return data;
}

/** The legal texts, in the data folder: validated by their own schema (data/legal/index.ts). */
const LEGAL = 'legal/legal.json';
