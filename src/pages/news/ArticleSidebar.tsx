import { listPageHref } from '../../components/news/news-cards.js';
import { href } from '../../routes/route-paths.js';

export interface TermLink {
  id: number;
  name: string;
}

export interface RecentPost {
  id: number;
  titleHtml: string;
  date: string;
  dateIso: string;
  thumbnail: { src: string; width: number; height: number; alt: string } | null;
}

export interface ArticleSidebarProps {
  categories: TermLink[];
  tags: TermLink[];
  recent: RecentPost[];
}

/** Spec 2.13: categories (or 'Pas de catégories'), 'Articles récents' opening in a new tab, tags. */
export function ArticleSidebar({ categories, tags, recent }: ArticleSidebarProps) {
  return (
    <aside className="article-sidebar" aria-label="Autour de l'article">
      <TermSection title="Catégories" empty="Pas de catégories" kind="category" terms={categories} listClass="sidebar-terms" />
      <section className="sidebar-block">
        <h2 className="sidebar-title">Articles récents</h2>
        <ul className="sidebar-recent">
          {recent.map((post) => (
            <li key={post.id}>
              <a href={href('news-article', { id: post.id })} target="_blank" rel="noopener" className="sidebar-recent-link">
                {post.thumbnail ? (
                  <img src={post.thumbnail.src} width={post.thumbnail.width} height={post.thumbnail.height} alt={post.thumbnail.alt} loading="lazy" decoding="async" className="sidebar-recent-thumb" />
                ) : (
                  <span className="sidebar-recent-thumb news-card-placeholder" aria-hidden="true" />
                )}
                <span className="sidebar-recent-text">
                  <span className="sidebar-recent-title" dangerouslySetInnerHTML={{ __html: post.titleHtml }} />
                  <time dateTime={post.dateIso}>{post.date}</time>
                  <span className="visually-hidden"> (nouvel onglet)</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <TermSection title="Étiquettes" empty="Pas d'étiquettes" kind="tag" terms={tags} listClass="sidebar-tags" />
    </aside>
  );
}

/** A sidebar block linking each term to its list, or saying there is none. */
function TermSection({ title, empty, kind, terms, listClass }: { title: string; empty: string; kind: 'category' | 'tag'; terms: TermLink[]; listClass: string }) {
  return (
    <section className="sidebar-block">
      <h2 className="sidebar-title">{title}</h2>
      {terms.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className={listClass}>
          {terms.map((term) => (
            <li key={term.id}>
              <a href={listPageHref({ kind, id: term.id }, 1)}>{term.name}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
