import { isDeepStrictEqual } from 'node:util';
import type { BuildState, CachedContent, CachedPost, OutputRecord } from './build-cache.js';

/**
 * A cron run changes a few posts and pages of a state that describes thousands: writing the whole
 * state again (tens of milliseconds to serialize, more to collect) cost a new post's run a tenth of
 * its time. The state is a base file and a delta beside it: what differs from the base, whole (the
 * delta replaces the previous one, it is not a log). The base is written again, and the delta
 * dropped, when the delta grows to half the base's size.
 */
export interface StateDelta {
  /** Checksum of the base payload this delta applies to: any other base makes it a leftover. */
  base: string;
  /** Every post's id, in the state's order. */
  order: number[];
  /** Posts as saved, where they differ from the base's (new or changed). */
  posts: CachedPost[];
  /** Output records that differ from the base's (new or changed). */
  outputs: Map<string, OutputRecord>;
  /** Output paths of the base no longer in the output. */
  removed: string[];
  /** The state's other fields and the content's, where they differ from the base's (undefined: absent now). */
  fields: Partial<Record<StateField, unknown>>;
  contentFields: Partial<Record<ContentField, unknown>>;
}

type StateField = Exclude<keyof BuildState, 'content' | 'outputs'>;
type ContentField = Exclude<keyof CachedContent, 'posts'>;

/** A base as loaded: its parts as they were before any delta applied, to tell later what differs from them. */
export interface StateBase {
  checksum: string;
  /** The base file's stamp when read: a base replaced since is not the one a delta would apply to. */
  stamp: string;
  payloadLength: number;
  /** Its posts by id. */
  posts: ReadonlyMap<number, CachedPost>;
  state: BuildState;
}

/** The state a base and its delta describe; undefined when the delta names a post neither holds. */
export function applyDelta(base: StateBase, delta: StateDelta): BuildState | undefined {
  const changed = new Map(delta.posts.map((entry) => [entry.post.id, entry]));
  const posts: CachedPost[] = [];
  for (const id of delta.order) {
    const entry = changed.get(id) ?? base.posts.get(id);
    if (!entry) return undefined;
    posts.push(entry);
  }
  const outputs = new Map(base.state.outputs);
  for (const [path, record] of delta.outputs) outputs.set(path, record);
  for (const path of delta.removed) outputs.delete(path);
  const content = withFields({ ...base.state.content, posts }, delta.contentFields);
  return withFields({ ...base.state, content, outputs }, delta.fields);
}

/**
 * What `next` changes of `base`. A post entry the build kept from the cache is the very object read
 * from the base (build/normalize.ts reuses it as it is): any other is saved whole. Only fields
 * the state does not save (the body, terms and revision set on `post` by each build) change on a
 * kept entry; a new body pack changes every entry's body, so it is saved as a new base instead.
 */
export function diffState(base: StateBase, next: BuildState, save: (entry: CachedPost) => CachedPost): StateDelta {
  const outputs = new Map<string, OutputRecord>();
  for (const [path, record] of next.outputs) {
    const known = base.state.outputs.get(path);
    if (!known || !sameRecord(known, record)) outputs.set(path, record);
  }
  const removed: string[] = [];
  for (const path of base.state.outputs.keys()) if (!next.outputs.has(path)) removed.push(path);
  return {
    base: base.checksum,
    order: next.content.posts.map((entry) => entry.post.id),
    posts: next.content.posts.filter((entry) => base.posts.get(entry.post.id) !== entry).map(save),
    outputs,
    removed,
    fields: differing(base.state, next, ['content', 'outputs']),
    contentFields: differing(base.state.content, next.content, ['posts']),
  };
}

function sameRecord(a: OutputRecord, b: OutputRecord): boolean {
  return a === b || (a.key === b.key && a.size === b.size && isDeepStrictEqual(a.page, b.page) && a.posts === b.posts && a.list === b.list);
}

function differing<T extends object>(base: T, next: T, skip: readonly string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(next)])) {
    if (skip.includes(key)) continue;
    const [was, is] = [(base as Record<string, unknown>)[key], (next as Record<string, unknown>)[key]];
    // Reused parts (bundled assets, layout shells) are the base's own objects: compared at once.
    if (!isDeepStrictEqual(was, is)) fields[key] = is;
  }
  return fields;
}

function withFields<T extends object>(target: T, fields: Record<string, unknown>): T {
  const result = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return target;
}
