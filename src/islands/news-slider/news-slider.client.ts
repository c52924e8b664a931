import { hydrateIslands } from '../hydrate.js';
import { NewsSlider } from './NewsSlider.js';

hydrateIslands('news-slider', NewsSlider);
