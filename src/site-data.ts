import type { ClubData } from './types/club.js';
import type { NewsContent } from './types/news.js';
import type { TeamData } from './types/team.js';

/** Everything the routes read: validated, typed, never raw input. */
export interface SiteData {
  /** The build's "now": upcoming matches are those after it. */
  builtAt: Date;
  /** Absolute origin plus optional path prefix, no trailing slash. */
  siteUrl: string;
  news: NewsContent;
  club: ClubData;
  team: TeamData;
}
