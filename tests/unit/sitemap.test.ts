import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes.js';
import { renderRobots, renderSitemap } from '../../src/lib/sitemap.js';
import { makeSite } from './site-fixture.js';

describe('sitemap.xml', () => {
  const site = makeSite({ siteUrl: 'https://club.example/sqbb' });
  const sitemapRoute = ROUTES.find((route) => route.id === 'sitemap');
  const xml = sitemapRoute?.kind === 'file' ? String(sitemapRoute.content(site, {})) : '';
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it('lists canonical pages with absolute URLs carrying the SITE_URL prefix', () => {
    expect(locs).toContain('https://club.example/sqbb/');
    expect(locs).toContain('https://club.example/sqbb/club/histoire/palmares/');
    expect(locs).toContain('https://club.example/sqbb/actualites/article/3/');
  });

  it('leaves out aliases, placeholders and the error screen', () => {
    expect(locs).not.toContain('https://club.example/sqbb/stade/');
    expect(locs).not.toContain('https://club.example/sqbb/devenir-partenaire/');
    expect(locs).not.toContain('https://club.example/sqbb/boutique/');
    expect(locs.some((loc) => loc?.includes('404'))).toBe(false);
  });

  it('dates articles by their last modification', () => {
    expect(xml).toContain('<loc>https://club.example/sqbb/actualites/article/3/</loc><lastmod>2025-11-16</lastmod>');
  });

  it('escapes what it writes and stays valid when the site has no prefix', () => {
    expect(renderSitemap('https://www.sqbb.fr', [{ path: '/a&b' }])).toContain('<loc>https://www.sqbb.fr/a&amp;b/</loc>');
  });
});

describe('robots.txt', () => {
  it('allows everything and points to the sitemap', () => {
    expect(renderRobots('https://club.example/sqbb')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://club.example/sqbb/sitemap.xml\n');
  });
});
