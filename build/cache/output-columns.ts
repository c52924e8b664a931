import type { OutputRecord } from './build-cache.js';

/**
 * The output records of a state as the base file holds them: columns, not one object per file.
 * Read back as objects, 9,000 records (5,000 posts) took a cron run 15 ms, their strings a good
 * part of its garbage collection; as two joined strings, two number columns and the few kinds of
 * pages there are (route, type, islands, stylesheets), 5 ms.
 */
export interface OutputColumns {
  /** Root-relative paths, joined by newlines (a path never holds one: build/write.ts). */
  paths: string;
  /** Keys, in the same order, joined by newlines (fingerprints). */
  keys: string;
  /** Per file, its page's kind in `kinds`; -1 for a file that is not a page. */
  kindOf: Int32Array;
  /** Per file, its size in bytes (-1 where the record has none). */
  sizes: Float64Array;
  kinds: Omit<NonNullable<OutputRecord['page']>, 'size'>[];
  /** Per file, the post ids its record names (OutputRecord.posts; '' where it has none), joined by newlines. */
  posts: string;
  /** Per file, the news list its record names (OutputRecord.list; '' where it has none), joined by newlines. */
  lists: string;
}

export function toColumns(outputs: ReadonlyMap<string, OutputRecord>): OutputColumns {
  const paths: string[] = [];
  const keys: string[] = [];
  const kindOf = new Int32Array(outputs.size);
  const sizes = new Float64Array(outputs.size);
  const kinds: OutputColumns['kinds'] = [];
  const kindIds = new Map<string, number>();
  const postLists: string[] = [];
  const lists: string[] = [];
  for (const [path, { key, size: fileSize, page, posts, list }] of outputs) {
    const index = paths.length;
    paths.push(path);
    keys.push(key);
    postLists.push(posts ?? '');
    lists.push(list ?? '');
    kindOf[index] = -1;
    sizes[index] = fileSize ?? -1;
    if (!page) continue;
    const { size, ...kind } = page;
    const id = JSON.stringify([kind.routeId, kind.pageType, kind.islands, kind.stylesheets]);
    let known = kindIds.get(id);
    if (known === undefined) kindIds.set(id, (known = kinds.push(kind) - 1));
    kindOf[index] = known;
    sizes[index] = size;
  }
  return { paths: paths.join('\n'), keys: keys.join('\n'), kindOf, sizes, kinds, posts: postLists.join('\n'), lists: lists.join('\n') };
}

/** The records of `columns`; undefined when the columns do not agree (a damaged or foreign state). */
export function fromColumns(columns: OutputColumns): Map<string, OutputRecord> | undefined {
  if (typeof columns?.paths !== 'string' || typeof columns.keys !== 'string' || !(columns.kindOf instanceof Int32Array) || !(columns.sizes instanceof Float64Array) || !Array.isArray(columns.kinds)) return undefined;
  if (typeof columns.posts !== 'string' || typeof columns.lists !== 'string') return undefined;
  const outputs = new Map<string, OutputRecord>();
  if (columns.paths === '') return columns.kindOf.length === 0 ? outputs : undefined;
  const paths = columns.paths.split('\n');
  const keys = columns.keys.split('\n');
  const posts = columns.posts.split('\n');
  const lists = columns.lists.split('\n');
  if (keys.length !== paths.length || posts.length !== paths.length || lists.length !== paths.length || columns.kindOf.length !== paths.length || columns.sizes.length !== paths.length) return undefined;
  for (let index = 0; index < paths.length; index += 1) {
    const kindId = columns.kindOf[index] as number;
    const kind = columns.kinds[kindId];
    if (kindId >= 0 && !kind) return undefined;
    const key = keys[index] as string;
    const size = columns.sizes[index] as number;
    // `size` before the spread: a spread given a new field gets a hidden class of its own (Node 20's
    // V8, see build/normalize-media.ts), and 7,000 of them made every read of a record's page megamorphic.
    const record: OutputRecord = kind ? { key, page: { size, ...kind } } : size >= 0 ? { key, size } : { key };
    const named = posts[index] as string;
    if (named) record.posts = named;
    const list = lists[index] as string;
    if (list) record.list = list;
    outputs.set(paths[index] as string, record);
  }
  return outputs;
}
