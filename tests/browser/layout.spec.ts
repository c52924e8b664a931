import { readFileSync } from 'node:fs';
import { builtPagePaths, pagesOfProject } from './site-pages.js';
import { expect, test, waitForIslands } from './fixtures.js';

const PAGES = builtPagePaths();

test.describe('every page of the route table', () => {
  // Split in batches so the two workers share the load.
  const batches = 6;
  for (let batch = 0; batch < batches; batch += 1) {
    // Each page once, in one of the two projects (both see every kind of page).
    test(`answers 200 and logs no console error (batch ${batch + 1}/${batches})`, async ({ page, consoleErrors }, testInfo) => {
      test.setTimeout(480_000);
      for (const path of pagesOfProject(PAGES, testInfo.project.name).filter((_, index) => index % batches === batch)) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await waitForIslands(page);
        await expect(page.locator('h1'), path).toHaveCount(1);
      }
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe("an article's recent posts (issue 33)", () => {
  const latest = () => JSON.parse(readFileSync(`${process.env.SITE_DIR ?? '.tmp/site'}/actualites/recents.json`, 'utf8')) as { href: string }[];
  const oldest = () => builtPagePaths().filter((path) => /^\/actualites\/article\/\d+\/$/.test(path)).sort((a, b) => Number(a.split('/')[3]) - Number(b.split('/')[3]))[0] as string;

  test('are links of the page itself, in the HTML before any script, aligned, without a frame', async ({ page }) => {
    const html = await (await page.request.get(oldest())).text();
    expect(html).not.toContain('<iframe');
    expect((html.match(/class="sidebar-recent-link"/g) ?? []).length).toBe(4);
    await page.goto(oldest());
    const thumbs = page.locator('.sidebar-recent .sidebar-recent-thumb');
    await expect(thumbs).toHaveCount(4);
    const lefts = await thumbs.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
  });

  test('keep what follows them in place when the latest posts replace those the page was rendered with', async ({ page }) => {
    // How far below the list's section the next block starts, before any script runs, then once the
    // island has swapped the list (other islands may move the whole sidebar: not this test's matter).
    const nextBlockTop = () =>
      page.locator('.sidebar-recent').locator('xpath=ancestor::section[1]').evaluate((section) => (section.nextElementSibling as Element).getBoundingClientRect().top - section.getBoundingClientRect().top);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(oldest());
    const rendered = await page.locator('.sidebar-recent a').evaluateAll((items) => items.map((item) => item.getAttribute('href')));
    expect(rendered).not.toEqual(latest().map((post) => post.href));
    const before = await nextBlockTop();
    await page.unroute('**/*.js');
    await page.goto(oldest());
    await waitForIslands(page);
    await expect.poll(() => page.locator('.sidebar-recent a').evaluateAll((items) => items.map((item) => item.getAttribute('href')))).toEqual(latest().map((post) => post.href));
    expect(await nextBlockTop()).toBe(before);
  });

  test("show the site's latest posts once the page is live, and open them in the same tab", async ({ page, context, consoleErrors }) => {
    await page.goto(oldest());
    await waitForIslands(page);
    const links = page.locator('.sidebar-recent a');
    await expect(links).toHaveCount(4);
    await expect.poll(() => links.evaluateAll((items) => items.map((item) => item.getAttribute('href')))).toEqual(latest().map((post) => post.href));
    const pagesBefore = context.pages().length;
    await links.first().scrollIntoViewIfNeeded();
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`${latest()[0]?.href}$`));
    expect(context.pages()).toHaveLength(pagesBefore);
    expect(consoleErrors).toEqual([]);
  });
});

test('an unknown path gets the error screen', async ({ page }) => {
  const response = await page.goto('/actualites/article/999999999/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Error Page #2');
  await expect(page.getByText('Oups une erreur est survenu')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nous joindre' })).toHaveAttribute('href', /facebook\.com/);
});

test.describe('header', () => {
  test('is transparent at the top and dark once the page is scrolled', async ({ page, consoleErrors }) => {
    await page.goto('/club/histoire/palmares/');
    await waitForIslands(page);
    // However short the page's content, make room to scroll.
    await page.evaluate(() => { document.body.style.minHeight = '3000px'; });
    const header = page.locator('.site-header');
    await expect(header).not.toHaveClass(/is-scrolled/);
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveClass(/is-scrolled/);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 29, 58)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-scrolled/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('menu', () => {
  test('opening one dropdown closes the others', async ({ page, consoleErrors }, testInfo) => {
    await page.goto('/');
    await waitForIslands(page);
    if (testInfo.project.name === 'phone') await page.getByRole('link', { name: 'Menu' }).click();
    const club = page.getByRole('button', { name: 'Club' });
    const season = page.getByRole('button', { name: 'Saison 25-26' });
    await club.click();
    await expect(club).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Palmarès' })).toBeVisible();
    await season.click();
    await expect(season).toHaveAttribute('aria-expanded', 'true');
    await expect(club).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Palmarès' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Calendrier et résultats' })).toBeVisible();
    await page.keyboard.press('Escape');
    if (testInfo.project.name === 'phone') await expect(page.locator('#site-menu')).toBeHidden();
    else await expect(season).toHaveAttribute('aria-expanded', 'false');
    expect(consoleErrors).toEqual([]);
  });

  test('dropdowns and links work with the keyboard alone', { tag: '@desktop-only' }, async ({ page }) => {
    // Desktop only: keyboard check on the desktop menu.
    await page.goto('/');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Partenaires' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Partenaires' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Nos partenaires' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/partenaires\/nos-partenaires\/$/);
  });

  test.describe('on a phone', { tag: '@phone-only' }, () => {
    // Phone only: mobile navigation.

    test('the toggle opens and closes the menu from the first tap', async ({ page, consoleErrors }) => {
      await page.goto('/contact/');
      const toggle = page.getByRole('link', { name: 'Menu' });
      await expect(page.locator('#site-menu')).toBeHidden();
      await waitForIslands(page);
      await toggle.click();
      await expect(page.locator('#site-menu')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Fermer' })).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('link', { name: 'Fermer' }).click();
      await expect(page.locator('#site-menu')).toBeHidden();
      expect(consoleErrors).toEqual([]);
    });

    test('choosing a link closes the menu', async ({ page }) => {
      await page.goto('/contact/');
      await waitForIslands(page);
      await page.getByRole('link', { name: 'Menu' }).click();
      // Keep the page from navigating so the menu state right after the choice can be read.
      await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
      await page.getByRole('link', { name: 'Actus' }).click();
      await expect(page.locator('#site-menu')).toBeHidden();
      await expect(page.getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    });

    test('shows the mobile navigation, not the desktop one', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Menu' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Club' })).toBeHidden();
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('on a phone the menu opens and every link can be reached', { tag: '@phone-only' }, async ({ page }) => {
      // Phone only: mobile navigation.
      await page.goto('/cashless/');
      await page.getByRole('link', { name: 'Menu' }).click();
      await expect(page.locator('#site-menu')).toBeVisible();
      for (const name of ['Histoire du club', 'Palmarès', 'Les joueurs', 'Calendrier et résultats', 'Nos partenaires', 'Contact']) {
        await expect(page.locator('#site-menu').getByRole('link', { name, exact: true })).toBeVisible();
      }
    });

    test('on a desktop the dropdowns open on hover', { tag: '@desktop-only' }, async ({ page }) => {
      // Desktop only: desktop navigation.
      await page.goto('/');
      await page.getByRole('button', { name: 'Club' }).hover();
      await expect(page.getByRole('link', { name: 'Palmarès' })).toBeVisible();
    });
  });
});

test.describe('partners slider', () => {
  test('moves by itself, pauses on request, and links to the partners area', async ({ page, consoleErrors }) => {
    await page.goto('/club/histoire/palmares/');
    await waitForIslands(page);
    const slider = page.locator('.partners-swiper');
    await slider.scrollIntoViewIfNeeded();
    await expect(slider).toHaveClass(/swiper-initialized/);
    // Move the pointer away: hovering the slider pauses it.
    await page.mouse.move(0, 0);
    const firstSlide = () => slider.locator('.swiper-slide-active').first().getAttribute('data-swiper-slide-index');
    const start = await firstSlide();
    await expect.poll(firstSlide, { timeout: 20_000 }).not.toBe(start);
    await page.getByRole('button', { name: 'Mettre en pause' }).click();
    await expect(page.getByRole('button', { name: 'Reprendre le défilement' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Espace partenaires' })).toHaveAttribute('href', '/partenaires/nos-partenaires/');
    expect(consoleErrors).toEqual([]);
  });

  test('loads Swiper only when the slider nears the viewport', async ({ page }) => {
    const swiperRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/chunks\/.*swiper/i.test(request.url())) swiperRequests.push(request.url());
    });
    await page.goto('/club/histoire/palmares/');
    await waitForIslands(page);
    const before = await page.locator('.partners-swiper.swiper-initialized').count();
    await page.locator('.partners-swiper').scrollIntoViewIfNeeded();
    await expect(page.locator('.partners-swiper')).toHaveClass(/swiper-initialized/);
    // On a short page the slider may already be near the viewport at load; on a long one it waits.
    expect(before === 0 || swiperRequests.length > 0).toBe(true);
  });
});
