import { hydrateIslands } from '../hydrate.js';
import { PartnersSlider, type PartnersSliderProps } from './PartnersSlider.js';

/** The partners, the same on every page: bundled in by build/bundle.ts (build/shared-island-props.ts). */
declare const __SHARED_PROPS_PARTNERS__: PartnersSliderProps;

hydrateIslands('partners', PartnersSlider, __SHARED_PROPS_PARTNERS__);
