import { Island } from '../../components/Island.js';
import { PageBanner } from '../../components/PageBanner.js';
import { SiteSearch, type SiteSearchProps } from '../../islands/search/SiteSearch.js';

/** /recherche/: the site's search (issue 34), an island over the index the build writes (build/search). */
export function SearchPage(props: SiteSearchProps) {
  return (
    <>
      <PageBanner title="Recherche" subtitle="Actualités, joueurs et pages du club" />
      <section className="container section search-page">
        <Island name="search" component={SiteSearch} props={props} />
      </section>
    </>
  );
}
