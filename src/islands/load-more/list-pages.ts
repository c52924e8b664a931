import { listJsonHref, type NewsCardData, type NewsListKey } from '../../components/news/news-cards.js';
import { withBase } from '../base-path.js';

/**
 * What 'load more' needs only once it is used, imported on the first click: fetching a page of
 * the list, and keeping the pages loaded in the history entry so that Back (or a reload) finds the
 * list as the fan left it. Kept out of the island's first bundle (the route table comes with
 * listJsonHref): list pages load at most 15 KB of JavaScript before any interaction.
 */

/** The history entry's record of a list: the pages 'load more' added and where the page was scrolled. */
export interface SavedList {
  /** The page the island started on (1 on /actualites/, n on /actualites/page/n/). */
  start: number;
  /** Each page loaded, in order: replayed through the state machine's 'loaded' event. */
  pages: NewsCardData[][];
  scrollY: number;
}

/** history.state's key: other scripts may keep their own keys in the same entry. */
export const SAVED_LIST_KEY = 'newsList';

type EntryState = Record<string, unknown> & { [SAVED_LIST_KEY]?: SavedList };

export async function fetchListPage(list: NewsListKey, page: number): Promise<NewsCardData[]> {
  const response = await fetch(withBase(listJsonHref(list, page)));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const next: unknown = await response.json();
  if (!Array.isArray(next)) throw new Error('réponse inattendue');
  return next as NewsCardData[];
}

function entryState(): EntryState {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as EntryState) : {};
}

function save(saved: SavedList): void {
  window.history.replaceState({ ...entryState(), [SAVED_LIST_KEY]: saved }, '');
}

/** After each 'load more': the pages so far, and from now on the scroll position. */
export function rememberPages(start: number, pages: NewsCardData[][]): void {
  save({ start, pages, scrollY: window.scrollY });
  keepScrollPosition();
}

let keeping = false;

/**
 * The island puts the scroll back itself once the pages are there again: the browser's own
 * restoration comes too early, on a list 12 cards long (3175 px became 2181). Manual applies to
 * this history entry only. The position is saved when the fan stops scrolling and on any click
 * (the one that opens an article comes before the page is left).
 */
export function keepScrollPosition(): void {
  window.history.scrollRestoration = 'manual';
  if (keeping) return;
  keeping = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const savePosition = () => {
    clearTimeout(timer);
    const saved = entryState()[SAVED_LIST_KEY];
    if (saved && saved.scrollY !== window.scrollY) save({ ...saved, scrollY: window.scrollY });
  };
  window.addEventListener('scroll', () => {
    clearTimeout(timer);
    timer = setTimeout(savePosition, 150);
  }, { passive: true });
  document.addEventListener('click', savePosition, true);
  window.addEventListener('pagehide', savePosition);
}
