import { hydrateIslands } from '../hydrate.js';
import { MatchCalendar } from './MatchCalendar.js';

hydrateIslands('calendar', MatchCalendar);
