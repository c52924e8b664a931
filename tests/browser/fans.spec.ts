import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures.js';

/**
 * Issue 33, "Fans first": what a fan met in a real browser, phone and desktop. Snapshot facts used
 * here: /actualites/ holds 12 of 31 posts; post 64 (the reference post) has a block gallery, a
 * [gallery] shortcode of 150x150 thumbnails linked to WordPress's attachment pages and a 10-column
 * table; the squad has 11 players and the carousel opens on the 6th.
 */
const PHONE = 'phone';

test.describe("keyboard after 'Charger plus d'articles'", () => {
  test('moves the focus to the first new article and says how many were loaded', async ({ page, consoleErrors }) => {
    await page.goto('/actualites/');
    await waitForIslands(page);
    const cards = page.locator('.news-grid > li');
    await expect(cards).toHaveCount(12);
    await page.getByRole('button', { name: 'Charger plus d’articles' }).focus();
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(24);
    const thirteenth = cards.nth(12).getByRole('link', { name: /Lire l’article/ });
    await expect(thirteenth).toBeFocused();
    await expect(page.locator('.news-more [aria-live="polite"]')).toHaveText('12 nouveaux articles chargés, 24 articles affichés');
    // The next Tab goes on through the new articles, not to the partners below.
    await page.keyboard.press('Tab');
    await expect(cards.nth(13).getByRole('link', { name: /Lire l’article/ })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });
});

const slides = (page: Page) => page.locator('.players-swiper .swiper-slide');
const activeIndex = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.players-swiper .swiper-slide')].findIndex((slide) => slide.classList.contains('swiper-slide-active')));

async function openPlayers(page: Page): Promise<void> {
  await page.goto('/equipe/pro/joueurs/');
  await waitForIslands(page);
  await expect(page.locator('.players-swiper')).toHaveClass(/swiper-initialized/);
  await expect.poll(() => activeIndex(page)).toBe(5);
}

test.describe('players carousel', () => {
  test('has visible previous and next buttons with French names that move the centred card', async ({ page, consoleErrors }) => {
    await openPlayers(page);
    const previous = page.getByRole('button', { name: 'Joueur précédent' });
    const next = page.getByRole('button', { name: 'Joueur suivant' });
    await expect(previous).toBeVisible();
    await expect(next).toBeVisible();
    await next.click();
    await expect.poll(() => activeIndex(page)).toBe(6);
    await previous.click();
    await previous.click();
    await expect.poll(() => activeIndex(page)).toBe(4);
    await expect(page.locator('.players-status')).toHaveText(/^[^,]+, 5 sur 11$/);
    expect(consoleErrors).toEqual([]);
  });

  test('centres a side card when it is clicked', async ({ page, consoleErrors }) => {
    await openPlayers(page);
    // The card right of the centre: clicked on its photo, not on its link.
    await slides(page).nth(6).locator('img').click({ position: { x: 20, y: 40 } });
    await expect.poll(() => activeIndex(page)).toBe(6);
    await expect(page).toHaveURL(/\/equipe\/pro\/joueurs\/$/);
    expect(consoleErrors).toEqual([]);
  });

  test('keeps the focused card in the centre while tabbing, forward and back', async ({ page, consoleErrors }) => {
    await openPlayers(page);
    await slides(page).first().locator('.player-card-link').focus();
    await expect.poll(() => activeIndex(page)).toBe(0);
    for (let step = 1; step <= 4; step += 1) {
      await page.keyboard.press('Tab');
      await expect(slides(page).nth(step).locator('.player-card-link')).toBeFocused();
      await expect.poll(() => activeIndex(page)).toBe(step);
    }
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => activeIndex(page)).toBe(3);
    // The focused card is the one in the middle of the carousel, where the fan looks.
    const focused = await slides(page).nth(3).boundingBox();
    const carousel = await page.locator('.players-swiper').boundingBox();
    if (!focused || !carousel) throw new Error('no layout');
    expect(Math.abs(focused.x + focused.width / 2 - (carousel.x + carousel.width / 2))).toBeLessThan(4);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('players carousel without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('shows that the row scrolls, and every player can be reached', async ({ page }) => {
    await page.goto('/equipe/pro/joueurs/');
    const row = page.locator('.players-swiper .swiper-wrapper');
    const cards = page.locator('.player-card');
    await expect(cards).toHaveCount(11);
    const layout = await row.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const cut = [...element.children].some((card) => {
        const rect = card.getBoundingClientRect();
        return rect.left < box.right - 1 && rect.right > box.right + 1;
      });
      return { scrolls: element.scrollWidth > element.clientWidth + 1, cut, fadeEnd: getComputedStyle(element).getPropertyValue('--row-fade-end') };
    });
    // The next card peeks in at the edge, and that edge fades out.
    expect(layout).toEqual({ scrolls: true, cut: true, fadeEnd: '64px' });
    await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect(cards.last()).toBeInViewport({ ratio: 0.9 });
    await expect.poll(() => row.evaluate((element) => getComputedStyle(element).getPropertyValue('--row-fade-end'))).toBe('0px');
    await expect(page.getByRole('link', { name: /Voir le profil de/ }).last()).toBeVisible();
  });
});

/** Every image of the page loaded now (lazy ones too). */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => (image.complete ? undefined : new Promise((resolve) => { image.addEventListener('load', resolve, { once: true }); image.addEventListener('error', resolve, { once: true }); }))));
  });
}

test.describe('block-editor content of the reference post', () => {
  test('draws gallery pictures no wider than the file the browser chose (no stretched thumbnail)', async ({ page, consoleErrors }) => {
    await page.goto('/actualites/article/64/');
    await loadAllImages(page);
    const pictures = page.locator('.article-content :is(.gallery, .wp-block-gallery) img');
    expect(await pictures.count()).toBe(5);
    const sizes = await pictures.evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({ src: image.currentSrc, drawn: image.getBoundingClientRect().width * devicePixelRatio, natural: image.naturalWidth })),
    );
    for (const size of sizes) {
      expect(size.natural, size.src).toBeGreaterThan(150);
      expect(size.drawn, size.src).toBeLessThanOrEqual(size.natural);
    }
    // The [gallery]'s links open the site's own picture, never WordPress's attachment page.
    const links = await page.locator('.article-content .gallery a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links).toHaveLength(3);
    for (const href of links) expect(href).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.jpg$/);
    expect(consoleErrors).toEqual([]);
  });

  test('scrolls the 10-column table inside its column, with a fade on the side that hides columns', async ({ page }, testInfo) => {
    await page.goto('/actualites/article/64/');
    const box = page.locator('.article-content .wp-block-table .table-scroll');
    const state = () => box.evaluate((element) => ({
      scrolls: element.scrollWidth > element.clientWidth + 1,
      start: getComputedStyle(element).getPropertyValue('--table-fade-start'),
      end: getComputedStyle(element).getPropertyValue('--table-fade-end'),
    }));
    const pageScrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await pageScrollsSideways()).toBe(false);
    const column = await page.locator('.article-content').boundingBox();
    const scroller = await box.boundingBox();
    if (!column || !scroller) throw new Error('no layout');
    expect(scroller.x + scroller.width).toBeLessThanOrEqual(column.x + column.width + 1);
    const first = await state();
    if (testInfo.project.name === PHONE) expect(first.scrolls).toBe(true);
    if (!first.scrolls) {
      // A table that fits shows no fade.
      expect(first).toEqual({ scrolls: false, start: '0px', end: '0px' });
      return;
    }
    expect(first).toEqual({ scrolls: true, start: '0px', end: '48px' });
    // Keyboard users scroll it too: the box takes the focus, arrow keys move it.
    await box.focus();
    await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(state).toEqual({ scrolls: true, start: '48px', end: '0px' });
    expect(await pageScrollsSideways()).toBe(false);
  });
});

test.describe('French dates and typography', () => {
  test("writes weekday and month in lower case inside a match card's date, the calendar's headings capitalised", async ({ page }) => {
    await page.goto('/equipe/match/calendrier/');
    await expect(page.locator('.match-card time').first()).toHaveText('samedi 27 septembre 2025');
    await expect(page.getByRole('heading', { level: 2, name: 'Septembre' })).toBeVisible();
  });

  test('keeps "15 euros" together and never starts a line with ";" on the stadium page', async ({ page }) => {
    await page.goto('/club/info-pratiques/stade/');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('15\u00a0euros');
    expect(text).toContain('adulte\u202f; l');
    expect(text).not.toMatch(/ [;:!?]/);
  });
});

test.describe('phone menu', () => {
  test('aligns Club, Saison and Partenaires with Actus, Boutique and Cashless', { tag: '@phone-only' }, async ({ page }) => {
    // Phone only: the toggle menu is the phone and tablet layout.
    await page.goto('/');
    await waitForIslands(page);
    await page.getByRole('link', { name: 'Menu' }).click();
    const textLeft = (item: Locator) => item.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element.firstChild as Node);
      return range.getBoundingClientRect().left;
    });
    const menu = page.locator('#site-menu');
    const lefts = [
      await textLeft(menu.getByRole('button', { name: 'Club' })),
      await textLeft(menu.getByRole('button', { name: /^Saison/ })),
      await textLeft(menu.getByRole('button', { name: 'Partenaires' })),
      await textLeft(menu.getByRole('link', { name: 'Actus', exact: true })),
      await textLeft(menu.getByRole('link', { name: 'Cashless', exact: true })),
    ];
    for (const left of lefts) expect(Math.abs(left - (lefts[0] as number))).toBeLessThan(0.5);
  });
});
