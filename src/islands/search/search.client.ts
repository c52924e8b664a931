import { hydrateIslands } from '../hydrate.js';
import { SiteSearch } from './SiteSearch.js';

hydrateIslands('search', SiteSearch);
