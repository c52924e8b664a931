import { loadClubData } from '../data/club/index.js';
import { loadTeamData } from '../data/team/index.js';
import type { SiteData } from '../src/site-data.js';
import type { FetchedContent } from './fetch.js';
import type { BuildOptions } from './options.js';
import { normalizeWordPress } from './wordpress/normalize.js';

export interface NormalizedSite {
  site: SiteData;
  /** One line per degraded or skipped input; the build goes on and the report lists them. */
  warnings: string[];
}

/** Stage 2: every input validated into our own types; components never see raw data. */
export function normalizeSite(content: FetchedContent, options: BuildOptions): NormalizedSite {
  const warnings: string[] = [];
  const news = normalizeWordPress(content.wordpress, (message) => warnings.push(message));
  return {
    site: {
      builtAt: options.now,
      siteUrl: options.siteUrl,
      news,
      club: loadClubData(),
      team: loadTeamData(),
    },
    warnings,
  };
}
