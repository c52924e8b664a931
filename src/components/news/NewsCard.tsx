import type { NewsCardData } from './news-cards.js';

interface NewsCardProps {
  post: NewsCardData;
  /** Below the fold: the browser fetches the image only when it nears the viewport. */
  lazy: boolean;
  /** Image width in the layout, for the browser's srcset choice. */
  sizes?: string;
  className?: string;
  /** h2 under a page's h1, h3 under a section's h2. */
  heading?: 'h2' | 'h3';
}

/** A news card: picture, date, title, summary and the spec's 'Lire l'article' link. */
export function NewsCard({ post, lazy, sizes = '(max-width: 639.98px) 100vw, (max-width: 1023.98px) 50vw, 380px', className = '', heading: Heading = 'h3' }: NewsCardProps) {
  return (
    <article className={`news-card ${className}`.trim()}>
      {post.image ? (
        <img
          className="news-card-img"
          src={post.image.src}
          srcSet={post.image.srcSet}
          sizes={sizes}
          width={post.image.width}
          height={post.image.height}
          alt={post.image.alt}
          loading={lazy ? 'lazy' : undefined}
          decoding="async"
        />
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
          Lire l'article<span className="visually-hidden"> : {post.titleText}</span>
        </a>
      </div>
    </article>
  );
}
