import { hydrateIslands } from '../hydrate.js';
import { EmbedFrame } from './EmbedFrame.js';

hydrateIslands('embed', EmbedFrame);
