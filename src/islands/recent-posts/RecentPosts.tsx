import { useEffect, useState } from 'react';
import { ResponsivePicture } from '../../components/ResponsivePicture.js';
import type { PictureData } from '../../lib/picture.js';
import { withBase } from '../base-path.js';

/** One of the 'Articles récents' (spec 2.13: thumbnail, title, French long date). */
export interface RecentPost {
  id: number;
  href: string;
  titleHtml: string;
  date: string;
  dateIso: string;
  thumbnail: PictureData | null;
}

export interface RecentPostsProps {
  /** The recent posts as the page was rendered with (crawlers and visitors without JavaScript read these). */
  recent: RecentPost[];
  /** The small JSON file of the 4 latest posts, which every new post rewrites. */
  latestHref: string;
}

/**
 * The 'Articles récents' of an article's sidebar: links of the page itself, opened in the same tab.
 * The page is rendered with the latest posts around its own (build/render: a new post does not
 * rewrite thousands of articles); in the browser the list takes the latest posts of the site from
 * one small JSON file.
 */
export function RecentPosts({ recent, latestHref }: RecentPostsProps) {
  const [posts, setPosts] = useState(recent);
  useEffect(() => {
    let live = true;
    fetch(withBase(latestHref))
      .then((response) => (response.ok ? response.json() : undefined))
      .then((latest: unknown) => {
        if (live && Array.isArray(latest) && latest.every(isRecentPost)) setPosts(latest);
      })
      // The rendered list stays: it links to existing articles.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [latestHref]);
  return (
    <ul className="sidebar-recent">
      {posts.map((post) => (
        <li key={post.id}>
          <a href={post.href} className="sidebar-recent-link">
            {post.thumbnail ? (
              <ResponsivePicture picture={post.thumbnail} className="sidebar-recent-thumb" />
            ) : (
              <span className="sidebar-recent-thumb news-card-placeholder" aria-hidden="true" />
            )}
            <span className="sidebar-recent-text">
              <span className="sidebar-recent-title" dangerouslySetInnerHTML={{ __html: post.titleHtml }} />
              <time dateTime={post.dateIso}>{post.date}</time>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function isRecentPost(value: unknown): value is RecentPost {
  const post = value as Partial<RecentPost> | null;
  return typeof post === 'object' && post !== null && typeof post.id === 'number' && typeof post.href === 'string' && typeof post.titleHtml === 'string' && typeof post.date === 'string';
}
