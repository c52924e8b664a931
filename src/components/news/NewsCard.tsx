import { ResponsivePicture } from '../ResponsivePicture.js';
import type { NewsCardData } from './news-cards.js';

interface NewsCardProps {
  post: NewsCardData;
  /** Below the fold: the browser fetches the image only when it nears the viewport. */
  lazy: boolean;
  /** Image width in the layout when it is not a news list's (the home page's 4 columns). */
  sizes?: string;
  className?: string;
  /** h2 under a page's h1, h3 under a section's h2. */
  heading?: 'h2' | 'h3';
}

/** A news card: picture, date, title, summary and the spec's 'Lire l'article' link. */
export function NewsCard({ post, lazy, sizes, className = '', heading: Heading = 'h3' }: NewsCardProps) {
  return (
    <article className={`news-card ${className}`.trim()}>
      {post.image ? (
        <ResponsivePicture picture={sizes ? { ...post.image, sizes } : post.image} className="news-card-img" eager={!lazy} />
      ) : (
        <div className="news-card-img news-card-placeholder" aria-hidden="true" />
      )}
      <div className="news-card-body">
        <time className="news-card-date" dateTime={post.dateIso}>
          {post.date}
        </time>
        <Heading className="news-card-title" dangerouslySetInnerHTML={{ __html: post.titleHtml }} />
        {post.excerpt ? <p className="news-card-excerpt">{post.excerpt}</p> : null}
        <a className="news-card-link" href={post.href}>
          Lire l’article<span className="visually-hidden">&nbsp;: {post.titleText}</span>
        </a>
      </div>
    </article>
  );
}
