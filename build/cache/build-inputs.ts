import { createHash } from 'node:crypto';
import { upcomingMatches } from '../../src/lib/matches.js';
import type { OutputFile } from '../output-file.js';
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
  /** The files of public/, copied into the output as they are (build/static-files.ts). */
  publicFiles: readonly OutputFile[];
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
  for (const file of [...inputs.publicFiles].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(`\n${file.path}\n`).update(file.contents);
  return hash.digest('hex');
}
