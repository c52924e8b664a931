import { z } from 'zod';
import type { Match } from './season.js';
import { httpsUrl, integer, isoDate, localImage, schemaRef, text, unique } from './common.js';

/** Spec 3 "Team": every club the calendar names; team 1 is the club itself. */
export const teamSchema = z.strictObject({
  id: integer(1),
  name: text,
  salle: text.meta({ description: 'The arena where the team plays its home matches.' }),
  logo: localImage,
});

export const teamsFileSchema = z
  .strictObject({ ...schemaRef, teams: z.array(teamSchema) })
  .superRefine((file, ctx) => {
    unique(file.teams, (team) => team.id, ctx, (index) => ['teams', index, 'id'], 'used twice');
    if (!file.teams.some((team) => team.id === 1)) ctx.addIssue({ code: 'custom', path: [], input: undefined, message: 'must hold team 1, the club itself' });
  });

export type Team = z.infer<typeof teamSchema>;

/** One club of a career; no `ending` while the player is still there ("depuis 2023"). */
export const careerEntrySchema = z.strictObject({
  club: text,
  comeIn: text.meta({ description: 'First season ("2019").' }),
  ending: text.optional().meta({ description: 'Last season; absent while the period goes on.' }),
  leagueName: text,
});

export const palmaresEntrySchema = z.strictObject({
  championchipTitle: text,
  year: text,
  championship: text,
  place: text,
});

/** Portfolio tags the filter knows (spec 2.8: TOUTES / équipe DE FRANCE / Champion). */
export const pictureTagSchema = z.enum(['france', 'champion']);

export const pictureSchema = z.strictObject({
  playerId: z.array(integer(1)).min(1),
  title: text,
  tag: z.array(pictureTagSchema),
  src: localImage,
  legend: text,
  date: isoDate,
  link: httpsUrl.optional(),
  author: text,
  persons: z.array(text),
});

/** Field names as the spec writes them ('tweeter' included). */
export const socialLinksSchema = z.strictObject({
  facebook: httpsUrl.optional(),
  instagram: httpsUrl.optional(),
  tweeter: httpsUrl.optional(),
  linkedIn: httpsUrl.optional(),
});

export const playerSchema = z
  .strictObject({
    id: integer(1),
    firstName: text,
    lastName: text,
    position: text,
    number: integer(0, 99),
    birth: isoDate.meta({ description: 'Date of birth; the age shown is computed at build time.' }),
    birthPlace: text,
    size: integer(140, 240).meta({ description: 'Height in centimetres.' }),
    teamPresence: text.meta({ description: 'Season the player joined the club ("2023").' }),
    country: text,
    profilImg: localImage,
    mainPageImg: localImage,
    smallResume: text,
    resume: z.array(text).meta({ description: 'Biography paragraphs.' }),
    carrier: z.strictObject({ pro: z.array(careerEntrySchema), amateur: z.array(careerEntrySchema), palmares: z.array(palmaresEntrySchema) }),
    pictures: z.array(pictureSchema),
    sci: socialLinksSchema,
  })
  .superRefine((player, ctx) => {
    player.pictures.forEach((picture, index) => {
      if (!picture.playerId.includes(player.id)) {
        ctx.addIssue({ code: 'custom', path: ['pictures', index, 'playerId'], input: picture.playerId, message: `${JSON.stringify(picture.playerId)} does not include the player ${player.id}` });
      }
    });
  });

export const playersFileSchema = z
  .strictObject({ ...schemaRef, players: z.array(playerSchema) })
  .superRefine((file, ctx) => {
    unique(file.players, (player) => player.id, ctx, (index) => ['players', index, 'id'], 'used twice');
    // A picture names the players it shows: an id that is no player is a typo or a player who left.
    const ids = new Set(file.players.map((player) => player.id));
    file.players.forEach((player, index) => {
      player.pictures.forEach((picture, pictureIndex) => {
        picture.playerId.forEach((id, idIndex) => {
          if (!ids.has(id)) {
            ctx.addIssue({ code: 'custom', path: ['players', index, 'pictures', pictureIndex, 'playerId', idIndex], input: id, message: `${id} is not a player of data/players.json` });
          }
        });
      });
    });
  });

export type CareerEntry = z.infer<typeof careerEntrySchema>;
export type PalmaresEntry = z.infer<typeof palmaresEntrySchema>;
export type PictureTag = z.infer<typeof pictureTagSchema>;
export type Picture = z.infer<typeof pictureSchema>;
export type SocialLinks = z.infer<typeof socialLinksSchema>;
export type PlayerEntry = z.infer<typeof playerSchema>;

/** A player as the pages read it: the file's entry and the age on the build's date. */
export type Player = PlayerEntry & { age: number };

export const staffMemberSchema = z.strictObject({
  firstName: text,
  lastName: text,
  role: text,
  photo: localImage,
  since: text.meta({ description: 'Season the member joined the club ("2022").' }),
  bio: text,
});

export const staffSchema = z.strictObject({
  ...schemaRef,
  headCoach: staffMemberSchema,
  assistants: z.array(staffMemberSchema),
  physicalTrainer: staffMemberSchema,
  galleries: z.array(z.strictObject({ title: text, photos: z.array(z.strictObject({ src: localImage, alt: text })) })),
});

export type StaffMember = z.infer<typeof staffMemberSchema>;
export type Staff = Omit<z.infer<typeof staffSchema>, '$schema'>;
export type StaffGallery = Staff['galleries'][number];

/** The team data as the pages read it (matches of the current season, derived from its file). */
export interface TeamData {
  teams: Team[];
  matches: Match[];
  players: Player[];
  staff: Staff;
}
