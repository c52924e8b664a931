import { describe, expect, it } from 'vitest';
import { initialLoadMore, loadMoreReducer } from '../../src/islands/load-more/load-more-state.js';
import { jsonPageNumbers } from '../../src/components/news/news-cards.js';

const posts = (count: number, from = 1) => Array.from({ length: count }, (_, index) => from + index);

describe('load-more state machine (spec section 4)', () => {
  it('starts with more available only when exactly 12 posts came', () => {
    expect(initialLoadMore(posts(12))).toEqual({ posts: posts(12), page: 1, loading: false, hasMore: true });
    expect(initialLoadMore(posts(11)).hasMore).toBe(false);
    expect(initialLoadMore(posts(0)).hasMore).toBe(false);
  });

  it('appends a page, moves to the next page and keeps going only after exactly 12', () => {
    let state = loadMoreReducer(initialLoadMore(posts(12)), { type: 'start' });
    expect(state.loading).toBe(true);
    state = loadMoreReducer(state, { type: 'loaded', posts: posts(12, 13) });
    expect(state).toEqual({ posts: posts(24), page: 2, loading: false, hasMore: true });
    state = loadMoreReducer(loadMoreReducer(state, { type: 'start' }), { type: 'loaded', posts: posts(1, 25) });
    expect(state).toEqual({ posts: posts(25), page: 3, loading: false, hasMore: false });
  });

  it('ends on an empty page or a failure, keeping what was loaded', () => {
    const start = loadMoreReducer(initialLoadMore(posts(12)), { type: 'start' });
    expect(loadMoreReducer(start, { type: 'loaded', posts: [] })).toEqual({ posts: posts(12), page: 1, loading: false, hasMore: false });
    expect(loadMoreReducer(start, { type: 'failed' })).toEqual({ posts: posts(12), page: 1, loading: false, hasMore: false });
  });

  it('ignores a second click while loading and a click when nothing is left', () => {
    const loading = loadMoreReducer(initialLoadMore(posts(12)), { type: 'start' });
    expect(loadMoreReducer(loading, { type: 'start' })).toBe(loading);
    const done = initialLoadMore(posts(3));
    expect(loadMoreReducer(done, { type: 'start' })).toBe(done);
  });
});

describe('jsonPageNumbers', () => {
  it('writes pages 2..n, plus an empty page after a last full page', () => {
    expect(jsonPageNumbers(25)).toEqual([2, 3]);
    expect(jsonPageNumbers(30)).toEqual([2, 3]);
    expect(jsonPageNumbers(24)).toEqual([2, 3]);
    expect(jsonPageNumbers(12)).toEqual([2]);
    expect(jsonPageNumbers(5)).toEqual([]);
    expect(jsonPageNumbers(0)).toEqual([]);
  });
});
