import { useEffect, useRef, useState } from 'react';
import { NewsCard } from '../../components/news/NewsCard.js';
import { listJsonHref, type NewsCardData, type NewsListKey } from '../../components/news/news-cards.js';
import { withBase } from '../base-path.js';
import { initialLoadMore, loadMoreReducer, type LoadMoreEvent } from './load-more-state.js';

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
      const response = await fetch(withBase(listJsonHref(list, state.page + 1)));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const next: unknown = await response.json();
      if (!Array.isArray(next)) throw new Error('réponse inattendue');
      focusFrom.current = state.posts.length;
      setAdded(next.length);
      dispatch({ type: 'loaded', posts: next as NewsCardData[] });
    } catch (error) {
      // Spec section 8: a failed 'load more' stops further loading.
      console.warn("Impossible de charger plus d'articles :", error);
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
            {state.loading ? 'Chargement...' : "Charger plus d'articles"}
          </button>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {state.page > page ? loadedMessage(added, state.posts.length) : ''}
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
    <nav className="news-pagination" aria-label="Pages d'articles">
      {previousHref ? <a className="btn btn-outline" href={previousHref}>Articles plus récents</a> : <span />}
      <span className="news-pagination-status">
        Page {page} sur {totalPages}
      </span>
      {nextHref ? <a className="btn btn-outline" href={nextHref}>Articles plus anciens</a> : <span />}
    </nav>
  );
}
