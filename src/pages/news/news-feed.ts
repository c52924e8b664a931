import { rfc822 } from '../../lib/dates.js';
import { absoluteUrl, escapeHtml } from '../../lib/html.js';
import { CLUB } from '../../site.js';
import type { SiteData } from '../../site-data.js';
import { pictureOf } from '../../components/news/news-cards.js';
import { href } from '../../routes/route-paths.js';

const FEED_SIZE = 20;

/** RSS 2.0 of the 20 latest posts with absolute URLs (beyond the spec, DESIGN section 7). */
export function renderNewsFeed(site: SiteData): string {
  const posts = site.news.posts.slice(0, FEED_SIZE);
  const feedUrl = absoluteUrl(site.siteUrl, href('news-feed'));
  const items = posts.map((post) => {
    const link = absoluteUrl(site.siteUrl, href('news-article', { id: post.id }));
    const image = post.image ? pictureOf(post.image, 'article') ?? undefined : undefined;
    return [
      '    <item>',
      `      <title>${escapeHtml(post.titleText)}</title>`,
      `      <link>${escapeHtml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
      `      <pubDate>${rfc822(post.dateGmt ?? post.date)}</pubDate>`,
      `      <description>${escapeHtml(post.excerptText)}</description>`,
      ...post.categories.map((term) => `      <category>${escapeHtml(term.name)}</category>`),
      ...(image ? [`      <enclosure url="${escapeHtml(absoluteUrl(site.siteUrl, image.src))}" length="0" type="${mimeOf(image.src)}"/>`] : []),
      '    </item>',
    ].join('\n');
  });
  const lastBuild = posts[0] ? rfc822(posts[0].dateGmt ?? posts[0].date) : rfc822('1970-01-01T00:00:00');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeHtml(`${CLUB.acronym} | Actualités`)}</title>`,
    `    <link>${escapeHtml(absoluteUrl(site.siteUrl, href('news')))}</link>`,
    `    <description>${escapeHtml(`Les actualités du ${CLUB.name}`)}</description>`,
    '    <language>fr-FR</language>',
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    `    <atom:link href="${escapeHtml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

function mimeOf(src: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(src)?.[1]?.toLowerCase();
  return extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : extension === 'gif' ? 'image/gif' : 'image/jpeg';
}
