import { hydrateIslands } from '../hydrate.js';
import { PlayersCarousel } from './PlayersCarousel.js';

hydrateIslands('players', PlayersCarousel);
