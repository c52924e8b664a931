import { hydrateIslands } from '../hydrate.js';
import { SiteNav } from './SiteNav.js';

hydrateIslands('nav', SiteNav);
