import { hydrateIslands } from '../hydrate.js';
import { RecentPosts } from './RecentPosts.js';

hydrateIslands('recent-posts', RecentPosts);
