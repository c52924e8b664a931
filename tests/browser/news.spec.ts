import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures.js';

/**
 * News against the embedded snapshot (data/wordpress: 31 posts, 'Équipe pro' holds 16 of them).
 * Snapshot facts used here: newest post 62, 4 latest 62/60/58/56, post 16 has no featured image.
 */
const cards = (page: Page) => page.locator('.news-grid .news-card');
const loadMore = (page: Page) => page.getByRole('button', { name: 'Charger plus d’articles' });
const isFailedRequestLog = (line: string) => /Failed to load resource/.test(line);

test.describe('news list', () => {
  test('loads more until the end: 12, 24, 31, then the button is gone', async ({ page, consoleErrors }) => {
    await page.goto('/actualites');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(24);
    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(31);
    await expect(page.locator('.load-more-button')).toHaveCount(0);
    await expect(cards(page).last().getByRole('link', { name: /Lire l’article/ })).toHaveAttribute('href', '/actualites/article/4/');
    expect(consoleErrors).toEqual([]);
  });

  test("reads 'Chargement...' and is disabled while a page loads", async ({ page, consoleErrors }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/actualites/page/2.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/actualites');
    await waitForIslands(page);
    await loadMore(page).click();
    const busy = page.getByRole('button', { name: 'Chargement...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(cards(page)).toHaveCount(24);
    await expect(loadMore(page)).toBeEnabled();
    expect(consoleErrors).toEqual([]);
  });

  test('a failed page request stops further loading', async ({ page, consoleErrors }) => {
    await page.route('**/actualites/page/2.json', (route) => route.fulfill({ status: 500, body: 'erreur' }));
    await page.goto('/actualites');
    await waitForIslands(page);
    await loadMore(page).click();
    await expect(page.locator('.load-more-button')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(12);
    expect(consoleErrors.filter((line) => !isFailedRequestLog(line))).toEqual([]);
  });

  test('a category page lists all its posts, 12 at a time', async ({ page, consoleErrors }) => {
    await page.goto('/actualites/category/2');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Équipe pro' })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(16);
    await expect(page.locator('.load-more-button')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('news list without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('HTML pages show the same posts, linked', async ({ page, consoleErrors }) => {
    await page.goto('/actualites');
    await expect(cards(page)).toHaveCount(12);
    await expect(page.locator('.load-more-button')).toBeHidden();
    await page.getByRole('link', { name: 'Articles plus anciens' }).click();
    await expect(page).toHaveURL(/\/actualites\/page\/2\/$/);
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole('link', { name: 'Articles plus anciens' }).click();
    await expect(cards(page)).toHaveCount(7);
    await expect(page.getByText('Page 3 sur 3')).toBeVisible();
    await page.getByRole('link', { name: 'Articles plus récents' }).click();
    await expect(page).toHaveURL(/\/actualites\/page\/2\/$/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('article page', () => {
  test('shows the article, the Admin box and a sidebar whose links work', async ({ page, consoleErrors }) => {
    await page.goto('/actualites/article/39');
    await expect(page).toHaveTitle('SQBB | Retour en images sur la soirée des partenaires');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Retour en images sur la soirée des partenaires');
    await expect(page.locator('.article-author-name')).toHaveText('Admin');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const recent = page.locator('.article-sidebar .sidebar-recent a');
    await expect(recent).toHaveCount(4);
    // Once live, the site's latest post first, opening in the same tab.
    await expect(recent.first()).toHaveAttribute('href', '/actualites/article/62/');
    await expect(recent.first()).not.toHaveAttribute('target', /.*/);
    await expect(recent.first()).toContainText('16 novembre 2025');
    await page.locator('.sidebar-tags').getByRole('link', { name: 'Vidéo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vidéo' })).toBeVisible();
    await page.goBack();
    await page.locator('.sidebar-terms').getByRole('link', { name: 'Partenaires' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown article id shows the error screen', async ({ page, consoleErrors }) => {
    const response = await page.goto('/actualites/article/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Error Page #2' })).toBeVisible();
    expect(consoleErrors.filter((line) => !line.startsWith('404:') && !isFailedRequestLog(line))).toEqual([]);
  });
});

test.describe('home news', () => {
  test('the slider rotates by itself and stops once the visitor uses it', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForIslands(page);
    const slider = page.locator('.news-swiper');
    await expect(slider).toHaveClass(/swiper-initialized/);
    const running = () => slider.evaluate((element) => (element as HTMLElement & { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running);
    await expect.poll(running).toBe(true);
    await expect(page.locator('.news-slide:not(.swiper-slide-duplicate)').getByRole('link', { name: /En savoir plus/ })).toHaveCount(4);
    await page.getByRole('button', { name: 'Article suivant' }).click();
    await expect(page.getByRole('button', { name: 'Reprendre le défilement' })).toBeVisible();
    await page.mouse.move(0, 700);
    await expect.poll(running).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  test("'Les Actus' shows four cards, only the first on phones", async ({ page, consoleErrors }, testInfo) => {
    await page.goto('/');
    const items = page.locator('.home-news-item');
    await expect(items).toHaveCount(4);
    await expect(items.first().getByRole('link', { name: /Lire l’article/ })).toHaveAttribute('href', '/actualites/article/62/');
    if (testInfo.project.name === 'phone') {
      await expect(items.nth(1)).toBeHidden();
    } else {
      await expect(items.nth(3)).toBeVisible();
    }
    expect(consoleErrors).toEqual([]);
  });
});
