import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures.js';

const WIDGET_SCRIPT = 'script[src="https://widget.weezevent.com/weez.js"]';

/** Every page of the club-pages issue, plus the home page that shows two of its sections. */
const CLUB_PAGES = [
  '/', '/club/histoire/saint-quentin/', '/club/histoire/organisation/', '/club/histoire/palmares/',
  '/club/histoire/clubs-supportaires/', '/club/vie-du-club/groupes-supporters/', '/club/vie-du-club/benevoles/',
  '/club/photos/cultes/', '/club/photos/legendes/', '/boutique/', '/siege/', '/accreditation/', '/evenement/',
  '/guides/acces-stade/', '/equipe/match/resultats/', '/club/info-pratiques/general/', '/club/info-pratiques/stade/',
  '/stade/', '/equipe/competitions/betclics/', '/equipe/competitions/cdf/', '/equipe/competitions/leaders-cup/',
  '/partenaires/nos-partenaires/', '/partenaires/devenir-partenaire/', '/devenir-partenaire/', '/guides/match/',
  '/contact/', '/cashless/',
];

/** Clicks each question open, then each closed, checking the others never move. */
async function expectIndependentQuestions(page: Page, count: number): Promise<void> {
  const items = page.locator('details.faq-item');
  await expect(items).toHaveCount(count);
  const openStates = () => items.evaluateAll((elements) => elements.map((element) => (element as HTMLDetailsElement).open));
  expect(await openStates()).toEqual(Array(count).fill(false));
  for (let index = 0; index < count; index += 1) {
    await items.nth(index).locator('summary').click();
    await expect(items.nth(index).locator('.faq-answer')).toBeVisible();
    expect(await openStates()).toEqual(Array.from({ length: count }, (_, position) => position <= index));
  }
  for (let index = 0; index < count; index += 1) {
    await items.nth(index).locator('summary').click();
    await expect(items.nth(index).locator('.faq-answer')).toBeHidden();
    expect(await openStates()).toEqual(Array.from({ length: count }, (_, position) => position > index));
  }
}

/** Loads every image of the page (lazy ones included) and lists those that failed. */
async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => (image.complete ? null : new Promise((resolve) => { image.onload = image.onerror = resolve; }))));
    return images.filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src);
  });
}

test.describe('FAQ accordions', () => {
  test('each practical question opens and closes independently', async ({ page, consoleErrors }) => {
    await page.goto('/club/info-pratiques/general/');
    await waitForIslands(page);
    await expectIndependentQuestions(page, 7);
    expect(consoleErrors).toEqual([]);
  });

  test('each cashless question opens and closes independently', async ({ page, consoleErrors }) => {
    await page.goto('/cashless/');
    await waitForIslands(page);
    await expectIndependentQuestions(page, 8);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('FAQ accordions without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the practical and cashless questions still open and close independently', async ({ page }) => {
    await page.goto('/club/info-pratiques/general/');
    await expectIndependentQuestions(page, 7);
    await page.goto('/cashless/');
    await expectIndependentQuestions(page, 8);
  });
});

test.describe('cashless widget', () => {
  test('the provider script is in /cashless exactly once, async, and the page stays complete offline', async ({ page, consoleErrors }) => {
    await page.goto('/cashless/');
    await expect(page.locator(WIDGET_SCRIPT)).toHaveCount(1);
    await expect(page.locator(WIDGET_SCRIPT)).toHaveAttribute('async', '');
    await expect(page.getByRole('heading', { level: 2, name: 'Recharge ta carte ici' })).toBeVisible();
    // The script host does not resolve here, so its link stays the way to top up.
    await expect(page.locator('.cashless-widget a.weezevent-widget-integration')).toBeVisible();
    await expect(page.getByRole('link', { name: 'la page de recharge de notre prestataire' })).toBeVisible();
    for (const heading of ['Comment ça marche ?', 'Qu’est-ce que le cashless ?', 'Pourquoi recharger avant le match ?', 'Bon à savoir', 'Questions fréquentes']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'cashless@sqbb.fr' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  // That no other page loads it: the pass over the 'club pages' below.
});

test.describe('club pages', () => {
  // One pass over the pages for both checks: a page load costs more than the checks themselves.
  test('no broken image, no console error, and the provider script on /cashless only (club pages, news list, calendar)', async ({ page, consoleErrors }) => {
    test.setTimeout(480_000);
    for (const path of [...CLUB_PAGES, '/actualites/', '/equipe/match/calendrier/']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForIslands(page);
      await expect(page.locator(WIDGET_SCRIPT), path).toHaveCount(path === '/cashless/' ? 1 : 0);
      expect(await brokenImages(page), path).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the contact page keeps its details when the map host is unreachable', async ({ page, consoleErrors }) => {
    await page.goto('/contact/');
    await expect(page.getByRole('link', { name: 'contact@sqbb.fr' })).toHaveAttribute('href', 'mailto:contact@sqbb.fr');
    await expect(page.getByRole('link', { name: '03 23 64 21 50' })).toHaveAttribute('href', 'tel:+33323642150');
    await expect(page.getByText('Mercredi')).toBeVisible();
    // The map loads on demand (issue 16); the host cannot be reached here, the frame is there all the same.
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Afficher la carte' }).click();
    const map = page.locator('iframe[title^="Plan d’accès"]');
    await expect(map).toBeVisible();
    await expect(page.getByRole('link', { name: /Ouvrir le plan dans OpenStreetMap/ })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the partners page opens partner sites in a new tab', async ({ page }) => {
    await page.goto('/partenaires/nos-partenaires/');
    const cards = page.locator('main .partner-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    for (const card of await cards.all()) {
      await expect(card).toHaveAttribute('target', '_blank');
      await expect(card).toHaveAttribute('rel', 'noopener');
    }
    await expect(page.locator('main .partner-name').first()).toBeVisible();
  });

  test('the home history teaser shows its photo on desktop only and links to the history page', async ({ page, consoleErrors }, testInfo) => {
    await page.goto('/');
    await waitForIslands(page);
    const teaser = page.locator('.home-history');
    await teaser.scrollIntoViewIfNeeded();
    await expect(teaser.getByRole('heading', { name: 'Notre histoire' })).toBeVisible();
    await expect(teaser.locator('.home-history-image')).toBeVisible({ visible: testInfo.project.name === 'desktop' });
    await expect(page.locator('.home-partner-banner .benefit-box')).toHaveCount(4);
    await teaser.getByRole('link', { name: 'En savoir plus' }).click();
    await expect(page).toHaveURL(/\/club\/histoire\/saint-quentin\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Histoire du club');
    expect(consoleErrors).toEqual([]);
  });
});
