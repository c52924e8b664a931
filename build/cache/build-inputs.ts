import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { upcomingMatches } from '../../src/lib/matches.js';
import type { StaticData } from '../static-data-derive.js';

/**
 * Everything a build is made from besides the code and the options of its identity, as one
 * fingerprint: the content (the snapshot's files and media folder), the media cache it was
 * converted into, the club's data (legal texts included) and what the build's "now" decides from
 * it, and the public files copied as they are. Two builds with equal identity and inputs write the
 * same site: a cron run that finds them equal to the last build's has nothing to do.
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
  /** public/: copied into the output as it is. */
  publicDir: string;
}

export function inputsFingerprint(inputs: BuildInputs): string {
  const hash = createHash('sha1');
  hash.update(`content ${inputs.content}\nmedia ${inputs.localMedia} ${inputs.mediaStore}\n`);
  // The data as validated and derived for this "now" (scores shown, ages), and the one thing pages
  // derive from "now" themselves: which matches are still to come (src/site-data.ts, builtAt).
  const upcoming = upcomingMatches(inputs.data.team.matches, inputs.now.getTime()).map((match) => match.id);
  // Not its warnings: they name the build's "now" itself, and shape no page.
  const { club, team, season, legal } = inputs.data;
  hash.update(JSON.stringify({ club, team, season, legal, upcoming }));
  for (const file of filesUnder(inputs.publicDir)) hash.update(`\n${path.relative(inputs.publicDir, file)}\n`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Every file under `dir`, sorted (none when there is no folder). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}
