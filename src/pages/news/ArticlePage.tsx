import { ResponsivePicture } from '../../components/ResponsivePicture.js';
import type { PictureData } from '../../lib/picture.js';
import { href } from '../../routes/route-paths.js';
import { ArticleSidebar, type ArticleSidebarProps } from './ArticleSidebar.js';

export interface ArticlePageProps extends ArticleSidebarProps {
  titleText: string;
  date: string;
  dateIso: string;
  image: PictureData | null;
  /** The featured image's caption or credit, plain text, shown under it. */
  imageCaption?: string;
  /** Sanitized in normalize. */
  contentHtml: string;
  /** A preview of a post not published yet: what its date line says instead of "Publié le …". */
  unpublished?: string;
}

/** Spec 2.13: one article with the fixed author box 'Admin' and the sidebar. */
export function ArticlePage({ titleText, date, dateIso, image, imageCaption, contentHtml, unpublished, ...sidebar }: ArticlePageProps) {
  return (
    <>
      <div className="page-banner article-banner">
        <div className="container">
          <p className="article-kicker">
            <a href={href('news')}>Actualités</a>
          </p>
          <h1>{titleText}</h1>
          <p className="page-banner-subtitle">
            {unpublished ?? (
              <>
                Publié le <time dateTime={dateIso}>{date}</time>
              </>
            )}
          </p>
        </div>
      </div>
      <div className="container article-layout">
        <article className="article">
          {image ? (
            <figure className="article-figure">
              <ResponsivePicture picture={image} className="article-image" priority />
              {imageCaption ? <figcaption className="article-image-caption">{imageCaption}</figcaption> : null}
            </figure>
          ) : null}
          <div className="article-content" dangerouslySetInnerHTML={{ __html: contentHtml }} />
          <aside className="article-author" aria-label="Auteur">
            <span className="article-author-avatar" aria-hidden="true">A</span>
            <span>
              <span className="article-author-label">Écrit par</span> <strong className="article-author-name">Admin</strong>
            </span>
          </aside>
        </article>
        <ArticleSidebar {...sidebar} />
      </div>
    </>
  );
}
