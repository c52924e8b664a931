import { memo, useEffect, useRef, useState } from 'react';
import { withBase } from '../base-path.js';
import type { TextPart } from './excerpt.js';
import type { SearchView, ShownResult } from './search-api.js';
import { createSearchClient, type SearchClient } from './search-client.js';

export interface TermLink {
  name: string;
  href: string;
}

export interface SiteSearchProps {
  /** The index's manifest ('/recherche/index.json'). */
  manifest: string;
  /** The search's worker, which reads the index ('/recherche/recherche.js'). */
  worker: string;
  /** The news categories' pages: offered without JavaScript and when nothing matches. */
  categories: TermLink[];
  /** The tags' pages: offered without JavaScript. */
  tags: TermLink[];
  /** Each sub-category's parent categories (by name): filtering on a category finds its sub-categories' posts too. */
  ancestors?: Record<string, string[]>;
}

/** Results shown at first, then per click on "Afficher plus de résultats". */
export const RESULTS_PER_PAGE = 10;
/** Results shown first, before the rest of the first page: about what a phone's screen holds. */
export const FIRST_RESULTS = 4;

/** `partial`: the first results only, the rest of the page on its way. */
type Shown = SearchView & { partial?: boolean };

/**
 * The search page: searches as the fan types (debounced), with a category filter, results with
 * their thumbnail, date, categories and an excerpt with the words found highlighted, the count of
 * results announced to screen readers. The query and the category live in the address
 * (?q=…&categorie=…), so a result followed and "back" finds the same list.
 * Rendered by the build without JavaScript: the page then says search needs it and offers the
 * category and tag pages.
 */
export function SiteSearch({ manifest, worker, categories, tags, ancestors = {} }: SiteSearchProps) {
  const [live, setLive] = useState(false);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [categoryNames, setCategoryNames] = useState<string[]>([]);
  const [shown, setShown] = useState<Shown | undefined>();
  const [failed, setFailed] = useState(false);
  const engine = useRef<SearchClient | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const run = useRef(0);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const text = params.get('q') ?? '';
    const within = params.get('categorie') ?? '';
    setQuery(text);
    setCategory(within);
    try {
      engine.current = createSearchClient(worker, manifest, withBase(''), ancestors);
    } catch (error) {
      console.warn('Recherche impossible\u00a0:', error);
      setFailed(true);
    }
    engine.current?.categories().then(setCategoryNames, () => setFailed(true));
    if (text) ask(engine.current, text, within);
    setLive(true);
    // The island's props are given once: the worker starts once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [manifest, worker]);

  useEffect(() => {
    if (live) input.current?.focus();
  }, [live]);

  /**
   * Searches as soon as the fan types: the query goes to the worker at once (which waits for a
   * pause in its own thread: a busy page's timers fire late), and the first results shown are the
   * few a screen holds, with their text's start as excerpt; the rest of the page of results, and
   * the excerpts found past a text's start, are asked for once they are shown, and only while the
   * query is still the one typed (a query typed over costs no file for them).
   */
  const ask = (search: SearchClient | undefined, text: string, within: string) => {
    const id = ++run.current;
    // The address follows what is shown: written once the results are, not at every key.
    const remember = () => {
      const params = new URLSearchParams();
      if (text) params.set('q', text);
      if (within) params.set('categorie', within);
      window.history.replaceState(null, '', `${window.location.pathname}${params.toString() ? `?${params.toString()}` : ''}`);
    };
    if (!search) return;
    if (!text.trim()) {
      remember();
      setShown(undefined);
      return;
    }
    search.search(text, within, FIRST_RESULTS).then(
      async (view) => {
        // The fan typed on meanwhile: this search's results are nobody's.
        if (!view || id !== run.current) return;
        setFailed(false);
        setShown({ ...view, partial: true });
        remember();
        // The first page of results, the first ones again with an excerpt from past their start where theirs holds no word found.
        const page = await search.more(view.docs.slice(0, RESULTS_PER_PAGE), view.words, true).catch(() => view.results);
        if (page && id === run.current) setShown({ ...view, results: page });
      },
      (error: unknown) => {
        if (id !== run.current) return;
        console.warn('Recherche impossible\u00a0:', error);
        setFailed(true);
        remember();
      },
    );
  };

  const showMore = async () => {
    if (!shown || !engine.current) return;
    const id = run.current;
    const more = await engine.current.more(shown.docs.slice(shown.results.length, shown.results.length + RESULTS_PER_PAGE), shown.words).catch(() => []);
    if (more && id === run.current) setShown({ ...shown, results: [...shown.results, ...more] });
  };

  if (!live) return <WithoutJavaScript categories={categories} tags={tags} />;

  const count = shown?.docs.length ?? 0;
  const status = failed ? 'La recherche est indisponible pour le moment.' : !shown ? '' : count === 0 ? 'Aucun résultat' : count === 1 ? '1 résultat' : `${count} résultats`;
  return (
    <div className="search">
      <form className="search-form" role="search" aria-label="Rechercher sur le site" onSubmit={(event) => event.preventDefault()}>
        <div className="search-field">
          <label htmlFor="search-query">Rechercher un article, un joueur, une page</label>
          <input
            ref={input}
            id="search-query"
            type="search"
            name="q"
            value={query}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={'Ex.\u00a0: victoire Boulazac'}
            onInput={(event) => {
              const text = (event.target as HTMLInputElement).value;
              setQuery(text);
              ask(engine.current, text, category);
            }}
          />
        </div>
        <div className="search-field">
          <label htmlFor="search-category">Catégorie</label>
          <select
            id="search-category"
            name="categorie"
            value={category}
            onChange={(event) => {
              const within = (event.target as HTMLSelectElement).value;
              setCategory(within);
              ask(engine.current, query, within);
            }}
          >
            <option value="">Toutes les catégories</option>
            {categoryNames.map((name, index) => (
              <option key={name} value={name}>
                {shown ? `${name} (${shown.categoryCounts[index] ?? 0})` : name}
              </option>
            ))}
          </select>
        </div>
      </form>
      {/* data-query: the query these results are for (what tests and the benchmark wait on). */}
      <p className="search-status" role="status" data-query={shown?.query}>
        {status}
      </p>
      {shown && count > 0 ? <ResultList results={shown.results} /> : null}
      {shown && !shown.partial && shown.results.length < count ? (
        <p className="search-more">
          <button type="button" className="btn btn-outline" onClick={showMore}>
            Afficher plus de résultats
          </button>
        </p>
      ) : null}
      {shown && count === 0 && !failed ? (
        <div className="search-empty">
          <p>Essayez un autre mot, ou parcourez les catégories d’actualités&nbsp;:</p>
          <TermLinks links={categories} label="Catégories" live />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The results shown, rendered again only when they change: each key typed renders the search box
 * and the status, not the list of the previous query's results (most of a key's work on a phone
 * 4× slower while "match" is typed over the results of "mat").
 */
const ResultList = memo(function ResultList({ results }: { results: ShownResult[] }) {
  return (
    <ol className="search-results">
      {results.map((doc) => (
        <li key={doc.number}>
          <SearchResult doc={doc} />
        </li>
      ))}
    </ol>
  );
});

function SearchResult({ doc }: { doc: ShownResult }) {
  const categories = doc.categories.join(', ');
  return (
    <a className="search-result" href={withBase(doc.url)}>
      {doc.image ? (
        <img className="search-result-img" src={withBase(doc.image.src)} width={doc.image.width} height={doc.image.height} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="search-result-img search-result-placeholder" aria-hidden="true" />
      )}
      <span className="search-result-body">
        <span className="search-result-title">
          <Marked parts={doc.titleParts} />
        </span>
        {doc.date || categories ? (
          <span className="search-result-details">
            {doc.date ? <time dateTime={doc.day}>{doc.date}</time> : null}
            {doc.date && categories ? ' · ' : ''}
            {categories}
          </span>
        ) : null}
        <span className="search-result-excerpt">
          <Marked parts={doc.excerptParts} />
        </span>
      </span>
    </a>
  );
}

function Marked({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}

function WithoutJavaScript({ categories, tags }: Pick<SiteSearchProps, 'categories' | 'tags'>) {
  return (
    <div className="search search-nojs">
      <p>La recherche a besoin de JavaScript, qui est désactivé ou pas encore chargé dans votre navigateur.</p>
      <p>Vous pouvez parcourir les actualités par catégorie ou par étiquette&nbsp;:</p>
      <TermLinks links={categories} label="Catégories" />
      <TermLinks links={tags} label="Étiquettes" />
    </div>
  );
}

/** `live`: rendered in the browser, where links get SITE_URL's path prefix here (the build adds it to its own HTML). */
function TermLinks({ links, label, live = false }: { links: TermLink[]; label: string; live?: boolean }) {
  if (links.length === 0) return null;
  return (
    <nav className="search-terms" aria-label={label}>
      <h2>{label}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={live ? withBase(link.href) : link.href}>{link.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
