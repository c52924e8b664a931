/**
 * The header's way to the search page (issue 34), on every page: a plain link, so no page but
 * /recherche/ loads anything of the search. An icon on phones, with its word from tablets up.
 * `href` comes with the menu's props (build/shared-island-props.ts): the header's bundle does not
 * carry the route table's paths for one link.
 */
export function SearchLink({ href }: { href: string }) {
  return (
    <a className="header-search" href={href}>
      <span className="header-search-icon" aria-hidden="true" />
      <span className="header-search-label">Rechercher</span>
    </a>
  );
}
