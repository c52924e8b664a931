import type { ClubData } from '../../src/types/club.js';
import { partners } from './partners.js';

/** Loads and validates the static club data (the build fails on a malformed entry). */
export function loadClubData(): ClubData {
  return { partners };
}
