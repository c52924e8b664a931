import { NEWS_PAGE_SIZE } from '../../components/news/page-size.js';

/**
 * Spec section 4, 'News list': loaded posts, current page, a loading flag and a 'more available'
 * flag. Pure, so the transitions are tested without a browser.
 */
export interface LoadMoreState<T> {
  posts: T[];
  page: number;
  loading: boolean;
  hasMore: boolean;
}

export type LoadMoreEvent<T> = { type: 'start' } | { type: 'loaded'; posts: T[] } | { type: 'failed' };

/** The flag starts true only if the initial load returned exactly a full page. */
export function initialLoadMore<T>(posts: T[], page = 1): LoadMoreState<T> {
  return { posts, page, loading: false, hasMore: posts.length === NEWS_PAGE_SIZE };
}

export function loadMoreReducer<T>(state: LoadMoreState<T>, event: LoadMoreEvent<T>): LoadMoreState<T> {
  switch (event.type) {
    case 'start':
      return state.loading || !state.hasMore ? state : { ...state, loading: true };
    case 'loaded':
      if (event.posts.length === 0) return { ...state, loading: false, hasMore: false };
      return {
        posts: [...state.posts, ...event.posts],
        page: state.page + 1,
        loading: false,
        hasMore: event.posts.length === NEWS_PAGE_SIZE,
      };
    case 'failed':
      return { ...state, loading: false, hasMore: false };
  }
}
