import path from 'node:path';
import { projectRoot } from '../project-root.js';
import type { ClubData } from '../../src/types/club.js';
import { at, faq, type Where } from './checks.js';
import { cashless } from './cashless.js';
import { competitions } from './competitions.js';
import { contact } from './contact.js';
import { history } from './history.js';
import { matchGuide } from './match-guide.js';
import { palmares } from './palmares.js';
import { partners } from './partners.js';
import { partnership } from './partnership.js';
import { practicalFaq } from './practical-faq.js';
import { stadium } from './stadium.js';
import { supporterGroups } from './supporters.js';
import { validatePartners } from './validate-partners.js';
import { validateHistory, validatePalmares, validateSupporterGroups } from './validate-history.js';
import {
  validateCashless,
  validateCompetitions,
  validateContact,
  validateMatchGuide,
  validatePartnership,
  validateStadium,
} from './validate-pages.js';

export { ClubDataError } from './checks.js';

/** The raw modules of data/club, as written; `unknown` so that tests can feed malformed entries. */
export type ClubSources = { [K in keyof ClubData]: unknown };

export const CLUB_SOURCES: ClubSources = {
  partners,
  history,
  palmares,
  supporterGroups,
  practicalFaq,
  stadium,
  competitions,
  contact,
  cashless,
  partnership,
  matchGuide,
};

const PUBLIC_DIR = path.join(projectRoot(), 'public');

/**
 * Loads and validates the static club data. A malformed entry throws a ClubDataError naming the
 * file, the entry and the field ('data/club/partners.ts: partner 3 ("X"): link ...'), which fails the build.
 */
export function loadClubData(sources: ClubSources = CLUB_SOURCES, publicDir: string = PUBLIC_DIR): ClubData {
  const file = (name: string): Where => ({ file: `data/club/${name}.ts`, entry: name, publicDir });
  return {
    partners: validatePartners(file('partners'), sources.partners),
    history: validateHistory(file('history'), sources.history),
    palmares: validatePalmares(file('palmares'), sources.palmares),
    supporterGroups: validateSupporterGroups(file('supporters'), sources.supporterGroups),
    practicalFaq: faq(at(file('practical-faq'), 'practical FAQ'), sources.practicalFaq, 7),
    stadium: validateStadium(file('stadium'), sources.stadium),
    competitions: validateCompetitions(file('competitions'), sources.competitions),
    contact: validateContact(file('contact'), sources.contact),
    cashless: validateCashless(file('cashless'), sources.cashless),
    partnership: validatePartnership(file('partnership'), sources.partnership),
    matchGuide: validateMatchGuide(file('match-guide'), sources.matchGuide),
  };
}
