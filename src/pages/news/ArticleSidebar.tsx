import { articlePath } from './news-cards.js';

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
      <section className="sidebar-block">
        <h2 className="sidebar-title">Catégories</h2>
        {categories.length === 0 ? (
          <p>Pas de catégories</p>
        ) : (
          <ul className="sidebar-terms">
            {categories.map((term) => (
              <li key={term.id}>
                <a href={`/actualites/category/${term.id}/`}>{term.name}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="sidebar-block">
        <h2 className="sidebar-title">Articles récents</h2>
        <ul className="sidebar-recent">
          {recent.map((post) => (
            <li key={post.id}>
              <a href={articlePath(post.id)} target="_blank" rel="noopener" className="sidebar-recent-link">
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
      <section className="sidebar-block">
        <h2 className="sidebar-title">Étiquettes</h2>
        {tags.length === 0 ? (
          <p>Pas d'étiquettes</p>
        ) : (
          <ul className="sidebar-tags">
            {tags.map((term) => (
              <li key={term.id}>
                <a href={`/actualites/tag/${term.id}/`}>{term.name}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
