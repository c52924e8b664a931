import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NewsCard } from '../../components/news/NewsCard.js';
import type { NewsCardData, NewsListKey } from '../../components/news/news-cards.js';
import { initialLoadMore, loadMoreReducer, type LoadMoreEvent } from './load-more-state.js';
import type { SAVED_LIST_KEY, SavedList } from './list-pages.js';

export interface PaginationLinks {
  page: number;
  totalPages: number;
  previousHref?: string;
  nextHref?: string;
}

export interface LoadMoreListProps {
  posts: NewsCardData[];
  /** The page these posts are (1 on /actualites, n on /actualites/page/n). */
  page: number;
  /** The list whose JSON pages 'load more' fetches. */
  list: NewsListKey;
  /** The HTML pages for visitors without JavaScript (hidden once the island is live). */
  pagination: PaginationLinks;
}

/** Cards of one news page and the spec's 'Charger plus d'articles' button (section 4). */
export function LoadMoreList({ posts, page, list, pagination }: LoadMoreListProps) {
  const [state, setState] = useState(() => initialLoadMore(posts, page));
  const dispatch = (event: LoadMoreEvent<NewsCardData>) => setState((current) => loadMoreReducer(current, event));
  const busy = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);
  /** Index of the first card a 'load more' added, until the focus has moved to it. */
  const focusFrom = useRef<number | null>(null);
  /** How many cards the last 'load more' added (the live region says it). */
  const [added, setAdded] = useState(0);
  /** The pages 'load more' added, kept in the history entry (list-pages.ts). */
  const loaded = useRef<NewsCardData[][]>([]);
  /** Where to scroll once the pages saved in the history entry are back on the page. */
  const restoreScroll = useRef<number | null>(null);

  // Declared before the restore below: on the first commit it finds nothing to do, on the next
  // (the restored pages laid out, before paint) it puts the fan back where they were.
  useLayoutEffect(() => {
    if (restoreScroll.current === null) return;
    window.scrollTo(0, restoreScroll.current);
    restoreScroll.current = null;
    void import('./list-pages.js').then((pages) => pages.keepScrollPosition());
  }, [state.posts.length]);

  // Back (or a reload) after 'load more': the pages loaded come back from the history entry, replayed
  // through the state machine, so the list, the button and the scroll are as the fan left them.
  useLayoutEffect(() => {
    const saved = (window.history.state as Partial<Record<typeof SAVED_LIST_KEY, SavedList>> | null)?.newsList;
    if (saved?.start !== page || saved.pages.length === 0) return;
    loaded.current = saved.pages;
    restoreScroll.current = saved.scrollY;
    for (const posts of saved.pages) dispatch({ type: 'loaded', posts });
    // Mounted once, with the server's props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keyboard users land on the first new article, not on the page body once the button goes away.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || from >= state.posts.length) return;
    focusFrom.current = null;
    listRef.current?.children[from]?.querySelector<HTMLElement>('.news-card-link')?.focus();
  }, [state.posts.length]);

  const loadMore = async () => {
    if (busy.current || !state.hasMore) return;
    busy.current = true;
    dispatch({ type: 'start' });
    try {
      const pages = await import('./list-pages.js');
      const next = await pages.fetchListPage(list, state.page + 1);
      focusFrom.current = state.posts.length;
      setAdded(next.length);
      dispatch({ type: 'loaded', posts: next });
      if (next.length > 0) {
        loaded.current = [...loaded.current, next];
        pages.rememberPages(page, loaded.current);
      }
    } catch (error) {
      // Spec section 8: a failed 'load more' stops further loading.
      console.warn("Impossible de charger plus d’articles :", error);
      dispatch({ type: 'failed' });
    } finally {
      busy.current = false;
    }
  };

  return (
    <>
      {state.posts.length === 0 ? <p className="news-empty">Aucun article pour le moment.</p> : null}
      <ul className="news-grid" ref={listRef}>
        {state.posts.map((post, index) => (
          <li key={post.id}>
            <NewsCard post={post} lazy={index >= 3} heading="h2" />
          </li>
        ))}
      </ul>
      <div className="news-more">
        {state.hasMore || state.loading ? (
          <button type="button" className="btn btn-gold load-more-button" disabled={state.loading} onClick={loadMore}>
            {state.loading ? 'Chargement...' : "Charger plus d’articles"}
          </button>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {added > 0 ? loadedMessage(added, state.posts.length) : ''}
        </p>
      </div>
      <PaginationNav {...pagination} />
    </>
  );
}

/** What the polite live region says after a 'load more': '12 nouveaux articles chargés, 24 articles affichés'. */
export function loadedMessage(added: number, total: number): string {
  const loaded = added > 1 ? `${added}\u00a0nouveaux articles chargés` : `${added}\u00a0nouvel article chargé`;
  return `${loaded}, ${total}\u00a0article${total > 1 ? 's' : ''} affiché${total > 1 ? 's' : ''}`;
}

function PaginationNav({ page, totalPages, previousHref, nextHref }: PaginationLinks) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav className="news-pagination" aria-label="Pages d’articles">
      {previousHref ? <a className="btn btn-outline" href={previousHref}>Articles plus récents</a> : <span />}
      <span className="news-pagination-status">
        Page {page} sur {totalPages}
      </span>
      {nextHref ? <a className="btn btn-outline" href={nextHref}>Articles plus anciens</a> : <span />}
    </nav>
  );
}
