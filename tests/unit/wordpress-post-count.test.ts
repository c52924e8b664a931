import { describe, expect, it } from 'vitest';
import { syncWordPress } from '../../build/wordpress/sync.js';
import type { Raw, WordPressContent } from './content-mutations.js';
import { startFakeWordPress } from './fake-wordpress.js';

/** The build sets its memory policy from this count before the posts arrive (build/memory.ts). */
describe('a full pull of WordPress', () => {
  it('tells how many posts WordPress announces as soon as its first page of posts arrives', async () => {
    const posts: Raw[] = Array.from({ length: 250 }, (_, index) => {
      const date = new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString().slice(0, 19);
      return { id: index + 1, date, modified: date, title: { rendered: `Article ${index + 1}` } };
    });
    const content: WordPressContent = { posts, categories: [], tags: [], media: new Map(), trash: [], clock: '2026-01-11T00:00:00' };
    const wordpress = await startFakeWordPress(content);
    try {
      const told: { count: number; postPagesAsked: number }[] = [];
      const postPages = () => wordpress.requests.filter((request) => request.startsWith('/wp-json/wp/v2/posts')).length;
      const pull = await syncWordPress(wordpress.apiUrl, undefined, { onPostCount: (count) => told.push({ count, postPagesAsked: postPages() }) });
      expect(pull.posts).toHaveLength(250);
      expect(told).toEqual([{ count: 250, postPagesAsked: 1 }]);
      expect(postPages()).toBe(3);
    } finally {
      await wordpress.close();
    }
  });

  it('does not tell a count on a cron run (only what changed is fetched)', async () => {
    const date = '2025-06-01T10:00:00';
    const content: WordPressContent = { posts: [{ id: 1, date, modified: date }], categories: [], tags: [], media: new Map(), trash: [], clock: '2026-01-11T00:00:00' };
    const wordpress = await startFakeWordPress(content);
    try {
      const first = await syncWordPress(wordpress.apiUrl, undefined);
      const told: number[] = [];
      await syncWordPress(wordpress.apiUrl, first.sync, { onPostCount: (count) => told.push(count) });
      expect(told).toEqual([]);
    } finally {
      await wordpress.close();
    }
  });
});
