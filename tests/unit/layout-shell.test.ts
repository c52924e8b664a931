import { describe, expect, it } from 'vitest';
import { createLayoutRenderer } from '../../build/render/layout-shell.js';
import { sharedIslandProps } from '../../build/shared-island-props.js';
import { makeSite } from './site-fixture.js';

describe('layout shells across builds', () => {
  const site = makeSite();
  const bundled = JSON.stringify(sharedIslandProps(site.club));

  it('keeps the shells a run did not need, for the runs after it, as long as the layout is the same', () => {
    const first = createLayoutRenderer(site, bundled);
    const contact = first.shellFor('/contact');
    const article = first.shellFor('/actualites/article/3');
    // A cron run that renders one article only.
    const second = createLayoutRenderer(site, bundled, first.known());
    expect(second.shellFor('/actualites/article/2')).toBe(article);
    const kept = second.known();
    expect(Object.values(kept.shells)).toContain(contact);
    // The run after it still reuses the contact page's shell instead of rendering it again.
    expect(createLayoutRenderer(site, bundled, kept).shellFor('/contact')).toBe(contact);
  });

  it('drops the previous shells once the menu, the partners or the season change', () => {
    const first = createLayoutRenderer(site, bundled);
    first.shellFor('/contact');
    const otherSeason = makeSite({ season: { ...site.season, years: '2030-31' } });
    const next = createLayoutRenderer(otherSeason, bundled, first.known());
    expect(next.known().shells).toEqual({});
    expect(next.shellFor('/contact').after).toContain('2030');
  });
});
