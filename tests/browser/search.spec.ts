import type { Page } from '@playwright/test';
import { analyzeAxe } from './axe.js';
import { expect, test, waitForIslands } from './fixtures.js';

/**
 * Issues 34 and 42, against the embedded snapshot: post 4 "Le SQBB s'impose face à Boulazac au
 * terme d'un match fou" (Équipe pro), player 1 Hugo Lemaire, player 2 Malik Diarra, player 7
 * Lucas Ferreira (no palmarès), 'Équipe pro' holds 16 posts.
 */
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher un article, un joueur, une page' });
const results = (page: Page) => page.locator('.search-results > li');
const status = (page: Page) => page.getByRole('status');
/** Requests for the search page or its index. */
const isSearchRequest = (url: string) => /\/recherche\/|\/assets\/search\/|\/assets\/islands\/search-/.test(new URL(url).pathname);

async function openSearch(page: Page, query = ''): Promise<void> {
  await page.goto(query ? `/recherche/?q=${encodeURIComponent(query)}` : '/recherche/');
  await waitForIslands(page);
}

test.describe('search page', () => {
  test('finds the article a fan types, first, with its date, category and words marked', async ({ page, consoleErrors }) => {
    await openSearch(page);
    await searchBox(page).fill('Boulazac match fou');
    const first = results(page).first();
    await expect(first.getByRole('link')).toHaveAttribute('href', '/actualites/article/4/');
    await expect(first).toContainText('Le SQBB s’impose face à Boulazac');
    await expect(first).toContainText('Équipe pro');
    await expect(first.locator('mark').first()).toHaveText(/Boulazac|match|fou/i);
    await expect(status(page)).toHaveText(/^\d+ résultats?$/);
    expect(consoleErrors).toEqual([]);
  });

  test('"equipe" without its accent finds the "Équipe pro" posts', async ({ page, consoleErrors }) => {
    await openSearch(page, 'equipe pro');
    await expect(results(page).first()).toBeVisible();
    const titles = await page.locator('.search-result-title').allTextContents();
    expect(titles.some((title) => /L’équipe pro/.test(title))).toBe(true);
    await expect(page.locator('.search-result-title mark').first()).toHaveText(/équipe/i);
    expect(consoleErrors).toEqual([]);
  });

  test("a player's last name finds his page", async ({ page, consoleErrors }) => {
    await openSearch(page);
    await searchBox(page).fill('lemaire');
    await expect(results(page).first().getByRole('link')).toHaveAttribute('href', '/equipe/pro/joueurs/details/1/');
    await expect(results(page).first()).toContainText('Hugo Lemaire');
    expect(consoleErrors).toEqual([]);
  });

  test('the category filter narrows the results, and is kept in the address', async ({ page, consoleErrors }) => {
    await openSearch(page, 'match');
    await expect(status(page)).toHaveText(/^\d+ résultats$/);
    const all = Number((await status(page).textContent())?.match(/\d+/)?.[0]);
    await page.getByLabel('Catégorie').selectOption('Équipe pro');
    await expect(status(page)).not.toHaveText(`${all} résultats`);
    const narrowed = Number((await status(page).textContent())?.match(/\d+/)?.[0]);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    for (const details of await page.locator('.search-result-details').allTextContents()) expect(details).toContain('Équipe pro');
    expect(new URL(page.url()).searchParams.get('categorie')).toBe('Équipe pro');
    expect(consoleErrors).toEqual([]);
  });

  test("filtering on 'Club' keeps the posts of its sub-category 'Jeunes & formation', as the category's page does", async ({ page, consoleErrors }) => {
    await openSearch(page, 'espoirs contrat');
    await expect(status(page)).toHaveText(/résultat/);
    await page.getByLabel('Catégorie').selectOption('Club');
    // The address follows the results shown: these are the filtered ones.
    await expect(page).toHaveURL(/categorie=Club/);
    const first = results(page).first();
    await expect(first.locator('.search-result-title')).toHaveText('Centre de formation : deux espoirs signent leur premier contrat');
    // The result still says its own category.
    await expect(first.locator('.search-result-details')).toContainText('Jeunes & formation');
    for (const details of await page.locator('.search-result-details').allTextContents()) expect(details).toMatch(/Club|Jeunes & formation/);
    expect(consoleErrors).toEqual([]);
  });

  test('a misspelt word finds what it meant: "equippe", "boulazak", "diara"', async ({ page, consoleErrors }) => {
    await openSearch(page, 'equippe');
    await expect(status(page)).toHaveText(/^\d+ résultats?$/);
    await expect(page.locator('.search-results mark').first()).toHaveText(/^[ée]quipe$/i);
    await searchBox(page).fill('boulazak');
    await expect(status(page)).toHaveText(/^\d+ résultats?$/);
    await expect(page.locator('.search-result-title').first()).toContainText('Boulazac');
    await searchBox(page).fill('diara');
    await expect(results(page).first().getByRole('link')).toHaveAttribute('href', '/equipe/pro/joueurs/details/2/');
    await expect(results(page).first()).toContainText('Malik Diarra');
    expect(consoleErrors).toEqual([]);
  });

  test('shows the words found in the excerpt, wherever they are in the page', async ({ page, consoleErrors }) => {
    await openSearch(page, 'buvette');
    await expect(status(page)).toHaveText(/^\d+ résultats$/);
    for (const excerpt of await page.locator('.search-result-excerpt').all()) await expect(excerpt.locator('mark').first()).toHaveText(/^buvette$/i);
    expect(consoleErrors).toEqual([]);
  });

  test("a player's result shows his page's own text: no button, no placeholder", async ({ page, consoleErrors }) => {
    await openSearch(page, 'ferreira');
    const first = results(page).first();
    await expect(first.getByRole('link')).toHaveAttribute('href', '/equipe/pro/joueurs/details/7/');
    await expect(first.locator('.search-result-excerpt')).not.toContainText('Retour');
    await searchBox(page).fill('palmarès');
    await expect(status(page)).toHaveText(/^\d+ résultats?$/);
    await expect(results(page).first()).toContainText('Palmarès');
    await expect(page.locator('.search-result-excerpt', { hasText: 'Aucune information' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("says 'Aucun résultat' and offers the category pages when nothing matches", async ({ page, consoleErrors }) => {
    await openSearch(page, 'xylophone');
    await expect(status(page)).toHaveText('Aucun résultat');
    await expect(page.locator('.search-empty').getByRole('link', { name: 'Équipe pro' })).toHaveAttribute('href', '/actualites/category/2/');
    expect(consoleErrors).toEqual([]);
  });

  test('from the header of any page to a result, with the keyboard only', async ({ page, consoleErrors }) => {
    await page.goto('/contact/');
    await waitForIslands(page);
    const link = page.locator('.header-search');
    // Tab until the header's search link has the focus (skip link, logo, menu come first).
    for (let presses = 0; presses < 40 && !(await link.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/recherche/');
    await waitForIslands(page);
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('lemaire');
    await expect(results(page).first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Catégorie')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(results(page).first().getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/equipe/pro/joueurs/details/1/');
    expect(consoleErrors).toEqual([]);
  });

  test('a news list sends its query to the search page', async ({ page, consoleErrors }) => {
    await page.goto('/actualites/');
    await waitForIslands(page);
    await page.getByRole('searchbox', { name: 'Rechercher dans les actualités' }).fill('Boulazac');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL('**/recherche/?q=Boulazac');
    await waitForIslands(page);
    await expect(searchBox(page)).toHaveValue('Boulazac');
    await expect(results(page).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('has no serious accessibility problem with results shown', async ({ page }) => {
    await openSearch(page, 'victoire');
    await expect(results(page).first()).toBeVisible();
    const found = await analyzeAxe(page);
    expect(found.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  });

  test('other pages ask nothing of the search', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (isSearchRequest(request.url())) asked.push(request.url());
    });
    for (const path of ['/', '/actualites/', '/actualites/article/4/', '/equipe/pro/joueurs/details/1/', '/contact/']) {
      await page.goto(path);
      await waitForIslands(page);
    }
    expect(asked).toEqual([]);
  });
});

test.describe('search page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('says search needs JavaScript and offers the category and tag pages', async ({ page }) => {
    await page.goto('/recherche/');
    await expect(page.getByText('La recherche a besoin de JavaScript', { exact: false })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Catégories' }).getByRole('link', { name: 'Équipe pro' })).toHaveAttribute('href', '/actualites/category/2/');
    await expect(page.getByRole('navigation', { name: 'Étiquettes' }).getByRole('link').first()).toHaveAttribute('href', /\/actualites\/tag\/\d+\/$/);
  });
});
