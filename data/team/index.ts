import type { TeamData } from '../../src/types/team.js';
import { matches } from './matches.js';
import { players } from './players.js';
import { staff } from './staff.js';
import { teams } from './teams.js';
import { validateTeamData } from './validate.js';

/** Loads and validates the static team data (the build fails on a malformed entry). */
export function loadTeamData(): TeamData {
  return validateTeamData({ teams, matches, players, staff });
}
