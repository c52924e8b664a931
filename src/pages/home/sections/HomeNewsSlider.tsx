import type { SiteData } from '../../../site-data.js';

// Owned by the news issue: the slider of the 4 latest posts (stub until then).
export interface HomeNewsSliderProps {
  posts: { id: number; titleHtml: string }[];
}

export function loadHomeNewsSlider(site: SiteData): HomeNewsSliderProps {
  return { posts: site.news.posts.slice(0, 4).map((post) => ({ id: post.id, titleHtml: post.titleHtml })) };
}

export function HomeNewsSlider({ posts }: HomeNewsSliderProps) {
  return (
    <section className="home-hero" aria-label="À la une">
      <ul>
        {posts.map((post) => (
          <li key={post.id}>
            <p dangerouslySetInnerHTML={{ __html: post.titleHtml }} />
            <a href={`/actualites/article/${post.id}`}>En savoir plus</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
