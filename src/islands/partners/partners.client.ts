import { hydrateIslands } from '../hydrate.js';
import { PartnersSlider } from './PartnersSlider.js';

hydrateIslands('partners', PartnersSlider);
