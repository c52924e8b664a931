import { z } from 'zod';
import { deriveKickoff, FRENCH_MONTHS, type KickoffParts } from '../lib/kickoff.js';
import { httpsUrl, integer, schemaRef, text, unique } from './common.js';

/** The competitions a match may belong to: the one list (match logos, calendar, validation). */
export const COMPETITIONS = ['Betclic Elite', 'Coupe de France', 'Play In', 'BASKETBALL CHAMPIONS LEAGUE', 'Leaders Cup'] as const;
export const competitionSchema = z.enum(COMPETITIONS);
export type Competition = z.infer<typeof competitionSchema>;

const score = integer(0, 300);

export const matchEntrySchema = z
  .strictObject({
    id: integer(1),
    kickoff: z
      .string()
      // The pattern is for editors (JSON Schema); the refinement checks the date is real and exists in Paris.
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, { error: (issue) => deriveKickoff(String(issue.input)) as string, abort: true })
      .refine((value) => typeof deriveKickoff(value) !== 'string', { error: (issue) => deriveKickoff(String(issue.input)) as string })
      .meta({ description: 'Paris local date-time "2025-10-04T20:00" (or "2026-05-24" while the time is not fixed).' }),
    competition: competitionSchema,
    opponentId: integer(2).meta({ description: 'Id of the opponent in data/teams.json (1 is the club itself).' }),
    isHome: z.boolean().meta({ description: 'true when the match is played at Pierre-Ratte.' }),
    score: z
      .strictObject({ home: score.meta({ description: "The home team's points." }), away: score.meta({ description: "The visiting team's points." }) })
      .optional()
      .meta({ description: 'Set after the final whistle; absent for a match not yet played.' }),
    resume: httpsUrl.optional().meta({ description: 'Link to the match sheet, once published.' }),
  })
  .meta({ description: 'One match of the season.' });

export type MatchEntry = z.infer<typeof matchEntrySchema>;

/** A match as the pages read it: the file's entry and what its kickoff gives. */
export type Match = MatchEntry & KickoffParts;

export const seasonSchema = z
  .strictObject({
    ...schemaRef,
    label: text.meta({ description: 'As the menu shows it: "Saison 25-26".' }),
    years: z
      .string()
      .regex(/^(\d{4})-(\d{4})$/, { error: (issue) => `${JSON.stringify(issue.input)} is not two years (YYYY-YYYY)` })
      .meta({ description: 'As the footer and the calendar show it: "2025-2026".' }),
    months: z.array(z.enum(FRENCH_MONTHS)).min(1).meta({ description: 'The months the matches are played in ("Septembre" to "Mai"): a kickoff in another month is an error.' }),
    matches: z.array(matchEntrySchema),
  })
  .superRefine((season, ctx) => {
    unique(season.matches, (match) => match.id, ctx, (index) => ['matches', index, 'id'], 'used twice');
    unique(season.months, (month) => month, ctx, (index) => ['months', index], 'listed twice');
    season.matches.forEach((match, index) => {
      const parts = deriveKickoff(match.kickoff);
      if (typeof parts !== 'string' && !season.months.includes(parts.month)) {
        ctx.addIssue({ code: 'custom', path: ['matches', index, 'kickoff'], input: match.kickoff, message: `${JSON.stringify(match.kickoff)} is in ${parts.month}, not one of the season's months` });
      }
    });
  });

export type SeasonFile = z.infer<typeof seasonSchema>;

/** The current season as the pages read it. */
export interface Season {
  /** The file's name: '2025-26'. */
  id: string;
  label: string;
  years: string;
  months: SeasonFile['months'];
}

export const settingsSchema = z.strictObject({
  ...schemaRef,
  currentSeason: z
    .string()
    .regex(/^\d{4}-\d{2}$/, { error: (issue) => `${JSON.stringify(issue.input)} is not a season file name (data/season/<YYYY-YY>.json)` })
    .meta({ description: 'The season the site shows: the name of its file in data/season/ ("2025-26").' }),
});
