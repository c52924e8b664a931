import type { SiteData } from '../../../site-data.js';

// Owned by the news issue: 'Les Actus' cards (stub until then).
export interface HomeLatestNewsProps {
  posts: { id: number; titleHtml: string }[];
}

export function loadHomeLatestNews(site: SiteData): HomeLatestNewsProps {
  return { posts: site.news.posts.slice(0, 4).map((post) => ({ id: post.id, titleHtml: post.titleHtml })) };
}

export function HomeLatestNews({ posts }: HomeLatestNewsProps) {
  return (
    <section className="container section">
      <h2>Les Actus</h2>
      <ul>
        {posts.map((post) => (
          <li key={post.id}>
            <a href={`/actualites/article/${post.id}`}>Lire l'article</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
