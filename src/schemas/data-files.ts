import type { z } from 'zod';
import {
  cashlessSchema,
  competitionsSchema,
  contactSchema,
  faqFileSchema,
  historySchema,
  matchGuideFileSchema,
  menuFileSchema,
  palmaresFileSchema,
  partnersFileSchema,
  partnershipSchema,
  stadiumSchema,
  supportersFileSchema,
} from './club.js';
import { seasonSchema, settingsSchema } from './season.js';
import { playersFileSchema, staffSchema, teamsFileSchema } from './team.js';

export interface DataFileSpec {
  schema: z.ZodType;
  /** How an error names the entry when the file has none of the lists below ('stadium'). */
  entry: string;
  /** Lists whose items are entries of their own: key → singular name ('matches' → 'match 12'). */
  lists?: Record<string, string>;
}

/**
 * Every data file under data/ (season files share one schema) and how its errors name an entry.
 * `npm run schemas` exports each schema to data/schemas/<name>.json, which the files name in "$schema".
 */
export const DATA_FILES = {
  settings: { schema: settingsSchema, entry: 'settings' },
  season: { schema: seasonSchema, entry: 'season', lists: { matches: 'match' } },
  teams: { schema: teamsFileSchema, entry: 'teams', lists: { teams: 'team' } },
  players: { schema: playersFileSchema, entry: 'players', lists: { players: 'player' } },
  staff: { schema: staffSchema, entry: 'staff', lists: { assistants: 'assistant', galleries: 'gallery' } },
  partners: { schema: partnersFileSchema, entry: 'partners', lists: { partners: 'partner' } },
  history: { schema: historySchema, entry: 'history', lists: { eras: 'era' } },
  palmares: { schema: palmaresFileSchema, entry: 'palmares', lists: { titles: 'title' } },
  supporters: { schema: supportersFileSchema, entry: 'supporters', lists: { groups: 'group' } },
  faq: { schema: faqFileSchema, entry: 'faq', lists: { questions: 'question' } },
  stadium: { schema: stadiumSchema, entry: 'stadium' },
  competitions: { schema: competitionsSchema, entry: 'competitions' },
  contact: { schema: contactSchema, entry: 'contact' },
  cashless: { schema: cashlessSchema, entry: 'cashless', lists: { faq: 'question', steps: 'step' } },
  partnership: { schema: partnershipSchema, entry: 'partnership' },
  'match-guide': { schema: matchGuideFileSchema, entry: 'match guide', lists: { guides: 'guide' } },
  menu: { schema: menuFileSchema, entry: 'menu', lists: { menu: 'heading' } },
} satisfies Record<string, DataFileSpec>;

export type DataFileName = keyof typeof DATA_FILES;
