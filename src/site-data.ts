import type { ClubData } from './schemas/club.js';
import type { LegalData } from './schemas/legal.js';
import type { Season } from './schemas/season.js';
import type { TeamData } from './schemas/team.js';
import type { NewsContent } from './types/news.js';

/** Everything the routes read: validated, typed, never raw input. */
export interface SiteData {
  /** The build's "now": upcoming matches are those after it. */
  builtAt: Date;
  /** Absolute origin plus optional path prefix, no trailing slash. */
  siteUrl: string;
  news: NewsContent;
  club: ClubData;
  team: TeamData;
  /** The current season (data/settings.json names its file in data/season/). */
  season: Season;
  /** The legal notice and privacy policy (data/legal/legal.json). */
  legal: LegalData;
}
