import type { SiteData } from '../../../site-data.js';
import { NewsCard } from '../../../components/news/NewsCard.js';
import { IMAGE_SLOTS } from '../../../lib/image-layout.js';
import { toCard, type NewsCardData } from '../../../components/news/news-cards.js';
import { href } from '../../../routes/route-paths.js';
import { leadingPosts } from '../../news/load-news.js';

/** Spec 2.4 'Les Actus': cards of the 4 latest posts (sticky ones first) with 'Lire l'article' (phones show the first only). */
export interface HomeLatestNewsProps {
  posts: NewsCardData[];
}

export function loadHomeLatestNews(site: SiteData): HomeLatestNewsProps {
  return { posts: leadingPosts(site, 4).map(toCard) };
}

export function HomeLatestNews({ posts }: HomeLatestNewsProps) {
  return (
    <section className="container section home-news" aria-labelledby="home-news-title">
      <h2 id="home-news-title">Les Actus</h2>
      {posts.length === 0 ? <p className="news-empty">Aucun article pour le moment.</p> : null}
      <ul className="home-news-grid">
        {posts.map((post) => (
          <li key={post.id} className="home-news-item">
            <NewsCard post={post} lazy sizes={IMAGE_SLOTS['home-card'].sizes} />
          </li>
        ))}
      </ul>
      <p className="home-news-all">
        <a className="btn btn-outline" href={href('news')}>
          Toutes les actualités
        </a>
      </p>
    </section>
  );
}
