import { hydrateIslands } from '../hydrate.js';
import { PlayerDetail } from './PlayerDetail.js';

hydrateIslands('player-detail', PlayerDetail);
