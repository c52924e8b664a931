import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { upcomingMatches } from '../../src/lib/matches.js';
import type { StaticData } from '../static-data-derive.js';

/**
 * Everything a build is made from besides the code and the options of its identity, as one
 * fingerprint: the content (the snapshot's files and media folder), the media cache it was
 * converted into, the club's data files and what the build's "now" decides from them. Two builds
 * with equal identity and inputs write the same site: a cron run that finds them equal to the last
 * build's has nothing to do.
 */
export interface BuildInputs {
  /** Fingerprint of the content source as read (the snapshot's three files). */
  content: string;
  /** Fingerprint of the snapshot's media folder listing. */
  localMedia: string;
  /** The media cache's own id (a purged media cache converts every image again). */
  mediaStore: string;
  data: StaticData;
  now: Date;
  /** The club's data folder (legal texts included: the legal pages read them at render). */
  dataDirs: readonly string[];
  /** Folders under the data folders that are not club data (the embedded WordPress snapshot). */
  skip: readonly string[];
}

export function inputsFingerprint(inputs: BuildInputs): string {
  const hash = createHash('sha1');
  hash.update(`content ${inputs.content}\nmedia ${inputs.localMedia} ${inputs.mediaStore}\n`);
  // The data as validated and derived for this "now" (scores shown, ages), and the one thing pages
  // derive from "now" themselves: which matches are still to come (src/site-data.ts, builtAt).
  const upcoming = upcomingMatches(inputs.data.team.matches, inputs.now.getTime()).map((match) => match.id);
  hash.update(JSON.stringify({ club: inputs.data.club, team: inputs.data.team, season: inputs.data.season, warnings: inputs.data.warnings, upcoming }));
  // Data files the static data does not hold (the legal texts) count by their bytes.
  for (const file of dataFiles(inputs.dataDirs, inputs.skip)) hash.update(`\n${file}\n`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Every JSON file under the data folders, sorted, but those under `skip`. */
function dataFiles(dirs: readonly string[], skip: readonly string[]): string[] {
  const files = new Set<string>();
  for (const dir of dirs) {
    let entries;
    try {
      entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const file = path.join(entry.parentPath, entry.name);
      if (entry.isFile() && entry.name.endsWith('.json') && !skip.some((folder) => file.startsWith(`${folder}${path.sep}`))) files.add(file);
    }
  }
  return [...files].sort();
}
