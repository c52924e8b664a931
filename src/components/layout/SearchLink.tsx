import { href } from '../../routes/route-paths.js';

/**
 * The header's way to the search page (issue 34), on every page: a plain link, so no page but
 * /recherche/ loads anything of the search. An icon on phones, with its word from tablets up.
 */
export function SearchLink() {
  return (
    <a className="header-search" href={href('search')}>
      <span className="header-search-icon" aria-hidden="true" />
      <span className="header-search-label">Rechercher</span>
    </a>
  );
}
