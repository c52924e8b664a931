import { absoluteUrl, escapeHtml, jsonForScript } from '../src/lib/html.js';
import { href } from '../src/routes/route-paths.js';
import { pageTitle, CLUB } from '../src/site.js';
import type { PageHead } from '../src/types/head.js';

export interface DocumentInput {
  head: PageHead;
  bodyHtml: string;
  /** Root-relative path of this page. */
  path: string;
  siteUrl: string;
  basePath: string;
  cssHref: string;
  /** The block styles of post contents, linked after the site's sheet on pages that show a post. */
  contentCssHref?: string;
  /** Module entries of the islands on this page, and their static chunks to preload. */
  scripts: string[];
  preloads: string[];
}

/** The HTML shell around a rendered page. Every value from content is escaped here. */
export function renderDocument({ head, bodyHtml, path, siteUrl, basePath, cssHref, contentCssHref, scripts, preloads }: DocumentInput): string {
  const canonical = absoluteUrl(siteUrl, head.canonicalPath ?? path);
  const title = pageTitle(head.title);
  const image = head.image ?? { src: '/images/og-default.png', width: 1200, height: 630, alt: CLUB.name };
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
  const lines = [
    '<!doctype html>',
    `<html lang="fr" data-base="${escapeHtml(basePath)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<link rel="alternate" type="application/rss+xml" title="Actualités du SQBB" href="${href('news-feed')}">`,
    '<meta name="theme-color" content="#0b1d3a">',
    '<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${escapeHtml(cssHref)}">`,
    contentCssHref ? `<link rel="stylesheet" href="${escapeHtml(contentCssHref)}">` : '',
    ...preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    ...(head.scripts ?? []).map((script) => `<script src="${escapeHtml(script.src)}"${script.async === false ? ' defer' : ' async'}></script>`),
    meta('property', 'og:site_name', CLUB.name),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title || CLUB.name),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', absoluteUrl(siteUrl, image.src)),
    image.width ? meta('property', 'og:image:width', String(image.width)) : '',
    image.height ? meta('property', 'og:image:height', String(image.height)) : '',
    meta('property', 'og:image:alt', image.alt),
    meta('property', 'article:published_time', head.publishedTime),
    meta('property', 'article:modified_time', head.modifiedTime),
    meta('name', 'twitter:card', head.ogType === 'article' ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title || CLUB.name),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', absoluteUrl(siteUrl, image.src)),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
    '</head>',
    '<body>',
    bodyHtml,
    '</body>',
    '</html>',
    '',
  ];
  return lines.filter(Boolean).join('\n');
}
