import { expect, test, waitForIslands } from './fixtures.js';

/** Issue 6: every widget is usable with the keyboard alone (key presses only, no clicks). */
test.describe('keyboard alone', { tag: '@desktop-only' }, () => {
  // Desktop only: keyboard checks run once, on the desktop layout.

  test('the calendar month filter', async ({ page }) => {
    await page.goto('/equipe/match/calendrier/');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Octobre' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Octobre' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Octobre' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Septembre' })).toBeHidden();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Tous les matchs' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { level: 2, name: 'Septembre' })).toBeVisible();
  });

  test('the portfolio filter of a player', async ({ page }) => {
    await page.goto('/equipe/pro/joueurs/details/1/');
    await waitForIslands(page);
    const champion = page.getByRole('button', { name: 'Champion', exact: true });
    await champion.focus();
    await page.keyboard.press('Enter');
    await expect(champion).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'TOUTES' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'TOUTES' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the FAQ accordion', async ({ page }) => {
    await page.goto('/club/info-pratiques/general/');
    await waitForIslands(page);
    const first = page.locator('details').first();
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(first).not.toHaveAttribute('open', '');
  });

  test('the partners slider: focus stops it, the pause button answers Enter', async ({ page }) => {
    await page.goto('/club/histoire/palmares/');
    await waitForIslands(page);
    await page.locator('.partners-swiper').scrollIntoViewIfNeeded();
    await expect(page.locator('.partners-swiper')).toHaveClass(/swiper-initialized/);
    const pause = page.getByRole('button', { name: 'Mettre en pause' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Reprendre le défilement' })).toHaveAttribute('aria-pressed', 'true');
    const active = () => page.locator('.partners-swiper .swiper-slide-active').first().getAttribute('data-swiper-slide-index');
    const paused = await active();
    // Two autoplay delays (2 s each) without a move prove it stays paused.
    await page.waitForTimeout(4_500);
    expect(await active()).toBe(paused);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Mettre en pause' })).toHaveAttribute('aria-pressed', 'false');
  });

  // 'Charger plus d'articles' from the keyboard, with the focus it leaves: fans.spec.ts.
});
