import { Island } from '../../components/Island.js';
import { listPageHref } from '../../components/news/news-cards.js';
import { RecentPosts, type RecentPost } from '../../islands/recent-posts/RecentPosts.js';
import { href } from '../../routes/route-paths.js';

export interface TermLink {
  id: number;
  name: string;
}

export interface ArticleSidebarProps {
  categories: TermLink[];
  tags: TermLink[];
  /** The 'Articles récents' the page is rendered with (load-news.ts, recentAround). */
  recent: RecentPost[];
}

/** Spec 2.13: categories (or 'Pas de catégories'), 'Articles récents', tags. */
export function ArticleSidebar({ categories, tags, recent }: ArticleSidebarProps) {
  return (
    <aside className="article-sidebar" aria-label="Autour de l’article">
      <TermSection title="Catégories" empty="Pas de catégories" kind="category" terms={categories} listClass="sidebar-terms" />
      <section className="sidebar-block">
        <h2 className="sidebar-title">Articles récents</h2>
        <Island name="recent-posts" component={RecentPosts} props={{ recent, latestHref: href('news-recent') }} />
      </section>
      <TermSection title="Étiquettes" empty="Pas d’étiquettes" kind="tag" terms={tags} listClass="sidebar-tags" />
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
