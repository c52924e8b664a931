import { pageUrl } from '../routes/paths.js';
import { href } from '../routes/route-paths.js';
import { absoluteUrl, escapeHtml } from './html.js';

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** sitemaps.org XML; lastmod only where the content has a date (W3C date, day precision). */
export function renderSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = absoluteUrl(siteUrl, pageUrl(path));
    const lastmod = lastModified && /^\d{4}-\d{2}-\d{2}/.test(lastModified) ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(loc)}</loc>${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, href('sitemap'))}\n`;
}
