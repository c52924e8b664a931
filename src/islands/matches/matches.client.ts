import { hydrateIslands } from '../hydrate.js';
import { UpcomingMatchesCarousel } from './UpcomingMatchesCarousel.js';

hydrateIslands('matches', UpcomingMatchesCarousel);
