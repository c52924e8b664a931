import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';

/**
 * The media index of a cache's media folder (build/media/store.ts, `index.sqlite`), read and
 * damaged as tests need it.
 */

/** By source hash, the names of the files made from it. */
export function variantFiles(mediaDir: string): Map<string, string[]> {
  const db = new DatabaseSync(path.join(mediaDir, 'index.sqlite'), { readOnly: true });
  try {
    const rows = db.prepare("SELECT key, value FROM entries WHERE kind = 'source'").all() as { key: string; value: string }[];
    return new Map(rows.map((row) => [row.key, Object.values((JSON.parse(row.value) as { variants: Record<string, { file: string }> }).variants).map((variant) => variant.file)]));
  } finally {
    db.close();
  }
}

/** Changes the JSON text of the first record of `kind` that `edit` changes, leaving its checksum as it was (as a flipped bit on disk would). */
export function damageRecord(mediaDir: string, kind: string, edit: (json: string) => string): string {
  const db = new DatabaseSync(path.join(mediaDir, 'index.sqlite'));
  try {
    for (const row of db.prepare('SELECT key, value FROM entries WHERE kind = ? ORDER BY key').all(kind) as { key: string; value: string }[]) {
      const damaged = edit(row.value);
      if (damaged === row.value) continue;
      db.prepare('UPDATE entries SET value = ? WHERE kind = ? AND key = ?').run(damaged, kind, row.key);
      return row.key;
    }
    throw new Error(`no ${kind} record to damage`);
  } finally {
    db.close();
  }
}
