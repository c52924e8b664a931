import type { z } from 'zod';
import { dataDir as defaultDataDir } from '../data/project-root.js';
import { loadLegalData } from '../data/legal/index.js';
import { frenchData } from '../src/lib/typography.js';
import { DATA_FILES, type DataFileName } from '../src/schemas/data-files.js';
import { isObject } from './json-values.js';
import { DataError, deriveStaticData, problem, readDataText, type DataOutput, type StaticData } from './static-data-derive.js';

export { ageOn, DataError, type StaticData } from './static-data-derive.js';

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The sentence after the field's name, for zod's own rules (the schemas' custom rules write theirs). */
function describe(issue: z.core.$ZodRawIssue): string {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined ? 'is missing' : `${show(input)} is not ${issue.expected === 'int' ? 'an integer' : /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `${show(input)} is not one of ${issue.values.map((value) => show(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => show(key)).join(', ')}`;
    case 'invalid_union':
      // An entry can be long (a menu heading with its groups): its fields say enough.
      return isObject(input) ? `an entry with the fields ${Object.keys(input).map((key) => show(key)).join(', ')} matches none of the allowed shapes` : `${show(input)} matches none of the allowed shapes`;
    case 'too_small':
    case 'too_big': {
      const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      if (Array.isArray(input)) {
        const rule = issue.exact ? `exactly ${String(limit)}` : `${issue.code === 'too_small' ? 'at least' : 'at most'} ${String(limit)}`;
        return `must hold ${rule} entries, not ${input.length}`;
      }
      return `${show(input)} is ${issue.code === 'too_small' ? 'less' : 'more'} than ${String(limit)}`;
    }
    default:
      return `${show(input)} is not valid`;
  }
}

/**
 * A value that matches no branch of a union gets the issues of the branch it was meant for: the
 * only one whose fields it has (no unknown field, none missing), so that a menu entry with a
 * mistyped route id is reported at its route, not as a whole heading that fits no shape.
 */
function closestIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const fitting = issue.errors.filter((branch) => !branch.some(misfits));
  if (fitting.length !== 1) return [issue];
  return (fitting[0] as z.core.$ZodIssue[]).flatMap((inner) => closestIssues({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** An issue that says the value is not of this branch's shape at all (rather than wrong inside it). */
function misfits(issue: z.core.$ZodIssue): boolean {
  if (issue.path.length === 0) return issue.code === 'unrecognized_keys' || issue.code === 'invalid_type' || (issue.code === 'invalid_union' && issue.errors.every((branch) => branch.some(misfits)));
  return issue.path.length === 1 && issue.code === 'invalid_type' && issue.input === undefined;
}

/** 'match 12' for ['matches', 11, ...] (by id when the entry has one), the file's entry name otherwise. */
function locate(name: DataFileName, data: unknown, issuePath: readonly PropertyKey[]): { entry: string; field: readonly PropertyKey[] } {
  const spec = DATA_FILES[name] as { entry: string; lists?: Record<string, string> };
  const [key, index, ...rest] = issuePath;
  const label = typeof key === 'string' ? spec.lists?.[key] : undefined;
  if (label && typeof index === 'number') {
    const item = (data as Record<string, unknown[] | undefined>)[key as string]?.[index] as Record<string, unknown> | undefined;
    const id = typeof item?.id === 'number' ? item.id : index + 1;
    const name = item?.name ?? item?.label;
    const named = typeof item?.id !== 'number' && typeof name === 'string' ? ` (${show(name)})` : '';
    return { entry: `${label} ${id}${named}`, field: rest };
  }
  return { entry: spec.entry, field: issuePath };
}

function fieldName(field: readonly PropertyKey[]): string {
  return field.reduce<string>((name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)), '');
}

/**
 * Validates one data file's text (`relative`: its path in the data folder, for the messages); every
 * problem is a line of the DataError. Its texts come back in French typography (src/lib/typography.ts):
 * done here, the data memo keeps the result and a cron run with unchanged files pays nothing for it.
 */
export function parseDataFile<Name extends DataFileName>(name: Name, relative: string, text: string): DataOutput<Name> {
  const file = `data/${relative}`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DataError(`${file}: cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = DATA_FILES[name].schema.safeParse(data, { reportInput: true, error: (issue) => describe(issue) });
  if (result.success) return frenchData(result.data) as DataOutput<Name>;
  const lines = result.error.issues.flatMap(closestIssues).map((issue) => {
    const { entry, field } = locate(name, data, issue.path);
    return problem(file, entry, fieldName(field), issue.message);
  });
  throw new DataError([...new Set(lines)].join('\n'));
}

/** Every data file read and validated before anything is built (a DataError, a LegalDataError stops it), then what is derived. */
export function loadStaticData({ dataDir = defaultDataDir(), now, siteUrl }: { dataDir?: string; now: Date; siteUrl?: string }): StaticData {
  return deriveStaticData((name, relative) => parseDataFile(name, relative, readDataText(dataDir, relative)), now, loadLegalData(dataDir), siteUrl);
}
