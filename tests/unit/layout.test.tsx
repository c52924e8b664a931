import * as cheerio from 'cheerio';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAssets, type BuiltAssets } from '../../build/bundle.js';
import { sharedIslandProps } from '../../build/shared-island-props.js';
import { islandsIn, prefixRootPaths } from '../../build/render/page-html.js';
import { renderRoutes } from '../../build/render/render-routes.js';
import { ErrorScreen } from '../../src/components/ErrorScreen.js';
import { Island } from '../../src/components/Island.js';
import { Layout } from '../../src/components/layout/Layout.js';
import { resolveMenu } from '../../src/components/layout/resolve-menu.js';
import { expandRoutes } from '../../src/routes.js';
import { serializeIslandProps } from '../../src/islands/serialize-props.js';
import { CLUB } from '../../src/site.js';
import { realData } from './data-fixture.js';
import { makeSite } from './site-fixture.js';

describe('error screen', () => {
  it('shows the exact texts of spec 2.15 and links Nous joindre to the club social page', () => {
    const $ = cheerio.load(renderToString(<ErrorScreen />));
    expect($('h1').text()).toBe('404 Error Page #2');
    expect($('.error-text').text()).toBe('Oups une erreur est survenu');
    const link = $('a:contains("Nous joindre")');
    expect(link.attr('href')).toBe(CLUB.socialPage);
    expect(link.attr('rel')).toBe('noopener');
  });
});

describe('layout', () => {
  const menu = resolveMenu(realData().club.menu);
  const html = renderToString(
    <Layout
      nav={{ menu, homeHref: '/', searchHref: '/recherche/' }}
      activeHref="/contact/"
      partners={{ partners: [{ name: 'Ville de Saint-Quentin', link: 'https://www.saint-quentin.fr/' }], partnersHref: '/partenaires/nos-partenaires/' }}
      season="2025-2026"
    >
      <p>Contenu</p>
    </Layout>,
  );
  const $ = cheerio.load(html);

  it('shows the menu headings of spec 2.2 in order', () => {
    const headings = $('.menu > .menu-item').map((_, item) => $(item).children('a, button').first().text()).get();
    expect(headings).toEqual(['Club', 'Saison 25-26', 'Partenaires', 'Actus', 'Boutique', 'Cashless']);
  });

  it('groups the Club and Saison dropdowns as the spec does', () => {
    const groups = (key: string) => $(`#dropdown-${key} .dropdown-title`).map((_, el) => $(el).text()).get();
    expect(groups('club')).toEqual(['Histoire', 'Vie du club', 'En savoir plus']);
    expect(groups('saison')).toEqual(["l’équipe", 'Compétitions', 'Saison 25-26']);
  });

  it('links the logo to / and opens the association site in a new tab, the shop on its own host', () => {
    expect($('.site-logo').attr('href')).toBe('/');
    const association = $(`a[href="${CLUB.associationSite}"]`);
    expect(association.attr('target')).toBe('_blank');
    expect(association.attr('rel')).toBe('noopener');
    expect($('a.menu-link:contains("Boutique")').attr('href')).toBe(CLUB.shopSite);
  });

  it('marks the current page in the menu', () => {
    expect($('a[aria-current="page"]').attr('href')).toBe('/contact/');
  });

  it('puts the partners slider with Espace partenaires below the page, then the footer', () => {
    const order = $('main, [data-island="partners"], footer').map((_, el) => el.tagName).get();
    expect(order).toEqual(['main', 'div', 'footer']);
    expect($('[data-island="partners"] a:contains("Espace partenaires")').length).toBe(1);
  });

  it('marks the navigation and partners islands with their page props only: the menu and partners ship in their bundles', () => {
    expect(islandsIn(html)).toEqual(['nav', 'partners']);
    expect(JSON.parse($('[data-island="nav"]').attr('data-props') ?? '')).toEqual({ activeHref: '/contact/' });
    expect($('[data-island="partners"]').attr('data-props')).toBeUndefined();
  });
});

describe('props shared by every page', () => {
  const shared = sharedIslandProps(realData().club);
  let assets: BuiltAssets;
  beforeAll(async () => {
    assets = await bundleAssets(shared);
  }, 30_000);
  /** The island's entry and the chunks it imports before running (esbuild may hoist the data into one). */
  const entry = (name: 'nav' | 'partners') =>
    [assets.islands[name].entry, ...assets.islands[name].chunks]
      .map((url) => Buffer.from(assets.files.find((file) => file.path === url)?.contents ?? '').toString())
      .join('\n');

  it('are built into the nav and partners bundles: every menu link and every partner', () => {
    const links = shared.nav.menu.flatMap((heading) => (heading.kind === 'link' ? [heading] : heading.groups.flatMap((group) => group.links)));
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) expect(entry('nav')).toContain(JSON.stringify(link.href));
    expect(shared.partners.partners.length).toBeGreaterThan(10);
    for (const partner of shared.partners.partners) expect(entry('partners')).toContain(JSON.stringify(partner.link));
    expect(JSON.parse(assets.sharedProps)).toEqual(shared);
  });

  it('must match the site being rendered, or the build fails instead of shipping islands that disagree with the page', async () => {
    const site = makeSite();
    const changed = { ...site, club: { ...site.club, partners: site.club.partners.slice(1) } };
    expect(() => renderRoutes(expandRoutes(changed), changed, assets, () => {})).toThrow(
      'the menu or the partners differ from those bundled into the nav and partners islands',
    );
    expect(renderRoutes(expandRoutes(site).slice(0, 3), site, assets, () => {})).toEqual({ pages: 3, files: 0, rendered: 3, later: 0 });
  });
});

describe('islands', () => {
  it('escapes props so markup in content cannot break out of the attribute', () => {
    const Echo = ({ text }: { text: string }) => <span>{text}</span>;
    const html = renderToString(<Island name="nav" component={Echo as never} props={{ text: '"><script>alert(1)</script>' }} />);
    expect(html).not.toContain('<script>');
    expect(cheerio.load(html)('[data-island]').attr('data-props')).toBe('{"text":"\\"><script>alert(1)</script>"}');
  });

  it('rejects props that are not plain JSON, naming the island and the prop', () => {
    expect(() => serializeIslandProps('calendar', { when: new Date(0) })).toThrow('island "calendar": props.when is not plain JSON');
    expect(() => serializeIslandProps('calendar', { onPick: () => {} })).toThrow(/props.onPick/);
    expect(() => serializeIslandProps('load-more', { list: { posts: [{ id: 1 }, { id: Number.NaN }] } })).toThrow('island "load-more": props.list.posts[1].id is a non-finite number');
    expect(() => serializeIslandProps('load-more', { posts: [[], [new Map()]] })).toThrow('props.posts[1][0] is not plain JSON ([object Map])');
  });

  it('serializes plain JSON as JSON.stringify does, leaving out undefined props', () => {
    const props = { title: 'Actualités', page: 2, hidden: undefined, posts: [{ id: 1, image: null, tags: ['a'] }], flags: [true, false] };
    expect(serializeIslandProps('load-more', props)).toBe(JSON.stringify(props));
  });

  it('fails the build on an island missing from the registry', () => {
    expect(() => islandsIn('<div data-island="weather"></div>')).toThrow(/unknown island "weather"/);
  });
});

describe('path prefix of SITE_URL', () => {
  it('is added to root-relative links and images, never to external ones', () => {
    const html = '<a href="/contact">c</a><a href="https://x.fr/">x</a><img src="/images/a.svg" srcset="/images/a.jpg 300w, /images/b.jpg 600w"><a href="//cdn.x/">y</a>';
    expect(prefixRootPaths(html, '/sqbb')).toBe(
      '<a href="/sqbb/contact">c</a><a href="https://x.fr/">x</a><img src="/sqbb/images/a.svg" srcset="/sqbb/images/a.jpg 300w, /sqbb/images/b.jpg 600w"><a href="//cdn.x/">y</a>',
    );
    expect(prefixRootPaths(html, '')).toBe(html);
  });
});
