import { hydrateIslands } from '../hydrate.js';
import { PlayerPortfolio } from './PlayerPortfolio.js';

hydrateIslands('player-portfolio', PlayerPortfolio);
