import { href } from '../../routes/route-paths.js';

/**
 * On the news lists: a plain form to the search page (GET /recherche/?q=…), which searches what
 * it was sent. No script: the lists load nothing of the search.
 */
export function NewsSearchForm() {
  return (
    <form className="news-search" role="search" action={href('search')} method="get">
      <label htmlFor="news-search-query">Rechercher dans les actualités</label>
      <span className="news-search-row">
        <input id="news-search-query" type="search" name="q" autoComplete="off" enterKeyHint="search" />
        <button type="submit" className="btn btn-gold">
          Rechercher
        </button>
      </span>
    </form>
  );
}
