import { ResponsivePicture } from '../../components/ResponsivePicture.js';
import type { PictureData } from '../../lib/picture.js';

/** One of the 'Articles récents' (spec 2.13: thumbnail, title, French long date, new tab). */
export interface RecentPost {
  id: number;
  href: string;
  titleHtml: string;
  date: string;
  dateIso: string;
  thumbnail: PictureData | null;
}

/**
 * The 4 latest posts of every article's sidebar, as one small page shown in a frame of each article.
 * It changes with every new post; the thousands of article pages around it do not, so a new post
 * rewrites one file here instead of every article (and the CDN uploads them all again). The links
 * open in a new tab, as the spec wants, which is also what a link inside a frame must do.
 */
export function RecentPostsFrame({ recent }: { recent: RecentPost[] }) {
  return (
    <ul className="sidebar-recent">
      {recent.map((post) => (
        <li key={post.id}>
          <a href={post.href} target="_blank" rel="noopener" className="sidebar-recent-link">
            {post.thumbnail ? (
              <ResponsivePicture picture={post.thumbnail} className="sidebar-recent-thumb" eager />
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
  );
}
