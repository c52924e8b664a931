import { hydrateIslands } from '../hydrate.js';
import { LoadMoreList } from './LoadMoreList.js';

hydrateIslands('load-more', LoadMoreList);
