import type { Locator, Page } from '@playwright/test';
import { analyzeAxe } from './axe.js';
import { expect, test, waitForIslands } from './fixtures.js';

/**
 * Issue 18 on the snapshot's reference post (id 64, written in WordPress 6's block editor: every
 * core block club news uses, an old [caption], an unknown shortcode, an empty paragraph), at the
 * desktop (1280 px) and phone (390 px) widths of the two Playwright projects.
 */
const REFERENCE = '/actualites/article/64/';
const content = (page: Page) => page.locator('.article-content');

async function open(page: Page): Promise<void> {
  await page.goto(REFERENCE);
  await waitForIslands(page);
}

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
};

/** Side by side: the second right of the first, on the same band; stacked: below it, in the same column. */
async function arrangement(first: Locator, second: Locator): Promise<'side by side' | 'stacked' | 'other'> {
  const [a, b] = [await boxOf(first), await boxOf(second)];
  const overlap = (start1: number, length1: number, start2: number, length2: number) => Math.min(start1 + length1, start2 + length2) - Math.max(start1, start2) > 1;
  if (b.x >= a.x + a.width - 1 && overlap(a.y, a.height, b.y, b.height)) return 'side by side';
  if (b.y >= a.y + a.height - 1 && overlap(a.x, a.width, b.x, b.width)) return 'stacked';
  return 'other';
}

test.describe('WordPress contents as their editors wrote them', () => {
  // A long page, measured element by element: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 360_000 });

  test('the page never scrolls sideways; the 10-column table scrolls inside its own box, by keyboard too', async ({ page, consoleErrors }, testInfo) => {
    await open(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    const box = content(page).locator('.wp-block-table .table-scroll');
    await expect(box.locator('thead th')).toHaveCount(10);
    const { scrollWidth, clientWidth } = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(clientWidth).toBeLessThanOrEqual((await boxOf(content(page))).width);
    if (testInfo.project.name === 'phone') {
      expect(scrollWidth, 'on a phone the table is wider than its box').toBeGreaterThan(clientWidth);
      await box.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
    }
    expect(await overflow()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('table cells have visible borders, the header row stands out', async ({ page }) => {
    await open(page);
    const cells = content(page).locator('.wp-block-table').locator('th, td');
    await expect(cells).toHaveCount(50);
    const styles = await cells.evaluateAll((elements) => elements.map((element) => {
      const style = getComputedStyle(element);
      return { width: parseFloat(style.borderBottomWidth), style: style.borderBottomStyle, color: style.borderBottomColor, background: style.backgroundColor };
    }));
    for (const cell of styles) {
      expect(cell.width).toBeGreaterThanOrEqual(1);
      expect(cell.style).toBe('solid');
      expect(cell.color).not.toMatch(/rgba\(.*, 0\)|transparent/);
      expect(cell.color).not.toBe(cell.background);
    }
    const header = styles[0];
    const body = styles[10];
    expect(header?.background).not.toBe(body?.background);
  });

  test("buttons look like the site's buttons, the outline one too", async ({ page }) => {
    await open(page);
    // The site's own gold button, as the rest of the site draws it, next to the editor's.
    await content(page).evaluate((element) => element.insertAdjacentHTML('beforeend', '<a class="btn btn-gold" id="site-button" href="/">Site</a>'));
    const look = (locator: Locator) => locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, padding: style.padding, radius: style.borderRadius, minHeight: style.minHeight, weight: style.fontWeight, decoration: style.textDecorationLine };
    });
    const site = await look(page.locator('#site-button'));
    const book = content(page).getByRole('link', { name: 'Réserver' });
    await expect(book).toHaveAttribute('href', '/club/info-pratiques/stade/');
    expect(await look(book)).toEqual(site);
    const outline = content(page).getByRole('link', { name: 'Voir le calendrier' });
    const outlined = await outline.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, border: style.borderTopWidth, borderColor: style.borderTopColor, color: style.color, padding: style.padding };
    });
    expect(outlined.background).toBe('rgba(0, 0, 0, 0)');
    expect(outlined.border).toBe('2px');
    expect(outlined.borderColor).toBe(outlined.color);
    expect(outlined.padding).toBe(site.padding);
  });

  test('two columns and the two-image gallery sit side by side on a desktop, stacked on a phone', async ({ page }, testInfo) => {
    await open(page);
    const expected = testInfo.project.name === 'phone' ? 'stacked' : 'side by side';
    const columns = content(page).locator('.wp-block-columns > .wp-block-column');
    await expect(columns).toHaveCount(2);
    expect(await arrangement(columns.nth(0), columns.nth(1))).toBe(expected);
    const gallery = content(page).locator('.wp-block-gallery > figure');
    await expect(gallery).toHaveCount(2);
    await gallery.first().scrollIntoViewIfNeeded();
    await expect(gallery.locator('img').first()).toBeVisible();
    expect(await arrangement(gallery.nth(0), gallery.nth(1))).toBe(expected);
    const media = content(page).locator('.wp-block-media-text');
    expect(await arrangement(media.locator('.wp-block-media-text__media'), media.locator('.wp-block-media-text__content'))).toBe(expected);
  });

  test('shortcodes never show as text: the old [caption] is a figure with its caption', async ({ page }) => {
    await open(page);
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('[caption');
    expect(text).not.toContain('[/');
    expect(text).not.toContain('[contact-form-7');
    const figure = content(page).locator('figure.wp-caption');
    await expect(figure.locator('img')).toHaveAttribute('alt', 'Le trophée du tournoi U15');
    await expect(figure.locator('figcaption')).toHaveText('Le trophée, ancien shortcode d’un article de 2019');
    await expect(content(page).locator('p').filter({ hasText: /^\s*$/ })).toHaveCount(0);
  });

  test('the cover text keeps AA contrast over any picture, even a white one', async ({ page }) => {
    await open(page);
    const cover = content(page).locator('.wp-block-cover');
    await expect(cover.getByText('Merci aux 400 spectateurs du week-end !')).toBeVisible();
    const ratio = await cover.evaluate((element) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
      const veil = getComputedStyle(element.querySelector('.wp-block-cover__background') as Element);
      const [r = 0, g = 0, b = 0, alpha = 1] = rgb(veil.backgroundColor);
      const opacity = Number(veil.opacity) * alpha;
      const worst = [r, g, b].map((channel) => channel * opacity + 255 * (1 - opacity));
      const text = rgb(getComputedStyle(element.querySelector('.wp-block-cover__inner-container p') as Element).color).slice(0, 3);
      const luminance = (channel: number[]) => {
        const [lr = 0, lg = 0, lb = 0] = channel.map((value) => value / 255).map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
        return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
      };
      const [light, dark] = [luminance(text), luminance(worst)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  test('axe finds no serious or critical violation', async ({ page }) => {
    await open(page);
    const results = await analyzeAxe(page);
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('nothing shifts while the page loads and is scrolled through', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page);
    // Lazy images, the cover and the video frame load as they near the viewport.
    while (await page.evaluate(() => window.scrollY + window.innerHeight < document.documentElement.scrollHeight)) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    expect(shifts).toEqual([]);
  });
});
