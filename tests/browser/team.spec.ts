import { expect, test, waitForIslands } from './fixtures.js';

const PHONE = 'phone';

/*
 * '@build-time': what the build's time changes (the home's upcoming matches, the calendar's scores)
 * and tests/browser/team.config.ts checks again against a mid-season build. The player and staff
 * pages depend on it only through the ages, which no test reads: the main suite checks them once.
 */

test.describe('calendar', { tag: '@build-time' }, () => {
  test('filters by month and comes back with Tous les matchs', async ({ page, consoleErrors }) => {
    await page.goto('/equipe/match/calendrier/');
    await waitForIslands(page);
    const sections = page.locator('.calendar-month');
    await expect(sections).toHaveCount(9);
    await expect(page.getByRole('button', { name: 'Tous les matchs' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Octobre' }).click();
    await expect(page.getByRole('button', { name: 'Octobre' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sections).toHaveCount(1);
    await expect(sections.locator('h2')).toHaveText('Octobre');
    await expect(sections.locator('.match-card')).toHaveCount(4);
    // Inside a card's date the month is in lower case (issue 33); the section heading keeps the spec's capital.
    await expect(page.locator('.match-month')).toHaveText(['octobre', 'octobre', 'octobre', 'octobre']);

    await page.getByRole('button', { name: 'Tous les matchs' }).click();
    await expect(sections).toHaveCount(9);
    await expect(page.locator('.match-card')).toHaveCount(32);
    expect(consoleErrors).toEqual([]);
  });

  test('loads every team logo from the site itself, no image from another host', async ({ page, consoleErrors, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && !request.url().startsWith(`${baseURL}/`)) foreign.push(request.url());
    });
    // The home carousel drops, in the browser, matches already played: the browser lives at the build's time.
    if (process.env.TEAM_BUILD_NOW) await page.clock.setFixedTime(new Date(process.env.TEAM_BUILD_NOW));
    for (const path of ['/equipe/match/calendrier/', '/']) {
      await page.goto(path);
      await waitForIslands(page);
      const logos = page.locator('.match-card .team-logo');
      // Home shows upcoming matches only: none in a build made after the season (the main suite's).
      if (path !== '/' || process.env.TEAM_BUILD_NOW) expect(await logos.count(), path).toBeGreaterThan(1);
      // Lazy images load on their way into view: ask each for its pixels at once instead of scrolling.
      const broken = await logos.evaluateAll((images: HTMLImageElement[]) =>
        Promise.all(
          images.map(async (img) => {
            img.loading = 'eager';
            try {
              await img.decode();
              return img.naturalWidth > 0 ? null : img.src;
            } catch {
              return img.src;
            }
          }),
        ).then((results) => results.filter((src) => src !== null)),
      );
      expect(broken, path).toEqual([]);
    }
    expect(foreign).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('shows the initials should a team logo fail to load', async ({ page }) => {
    await page.route('**/images/team/logos/paris-basketball.svg', (route) => route.abort('internetdisconnected'));
    await page.goto('/equipe/match/calendrier/');
    const logo = page.locator('.match-card').first().locator('.match-team-away .team-logo');
    await expect(logo).toHaveAttribute('alt', 'Logo Paris Basketball');
    await expect(logo).toHaveAttribute('src', '/images/team/logos/paris-basketball.svg');
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    expect(await logo.evaluate((img) => getComputedStyle(img, '::after').content)).toBe('"PB"');
    // The initials are really painted: the logo looks different once the ::after box is removed.
    const withInitials = await logo.screenshot();
    await page.addStyleTag({ content: '.team-logo::after { content: none !important; }' });
    const withoutInitials = await logo.screenshot();
    expect(withInitials.equals(withoutInitials)).toBe(false);
  });

  test('links the iCalendar feed, which is served', async ({ page, request, consoleErrors }) => {
    await page.goto('/equipe/match/calendrier/');
    await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute('href', '/calendrier.ics');
    const ics = await (await request.get('/calendrier.ics')).text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(32);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('calendar without JavaScript', { tag: '@build-time' }, () => {
  test.use({ javaScriptEnabled: false });
  test('shows every month, the filter entries leading to the month sections', async ({ page }) => {
    await page.goto('/equipe/match/calendrier/');
    await expect(page.locator('.calendar-month')).toHaveCount(9);
    await expect(page.locator('.match-card')).toHaveCount(32);
    await expect(page.getByRole('link', { name: 'Mars' })).toHaveAttribute('href', '#mois-mars');
  });
});

test.describe('player detail', () => {
  test('shows one section at a time and compacts the header', { tag: '@desktop-only' }, async ({ page, consoleErrors }) => {
    // Desktop only: phones show about and career without tabs.
    await page.goto('/equipe/pro/joueurs/details/2/');
    await waitForIslands(page);
    const header = page.locator('.player-header');
    const about = page.locator('#joueur-a-propos');
    const career = page.locator('#joueur-carriere');
    const summary = page.locator('#joueur-resume');
    await expect(page.getByRole('tab', { name: 'Résumé' })).toHaveAttribute('aria-selected', 'true');
    await expect(summary).toBeVisible();
    await expect(about).toBeHidden();
    await expect(career).toBeHidden();
    await expect(header).not.toHaveClass(/is-compact/);

    await page.getByRole('tab', { name: 'A propos' }).click();
    await expect(about).toBeVisible();
    await expect(career).toBeHidden();
    await expect(summary).toBeHidden();
    await expect(header).toHaveClass(/is-compact/);
    await expect(about.getByText('Créteil')).toBeVisible();

    await page.getByRole('tab', { name: 'Carrière' }).click();
    await expect(career).toBeVisible();
    await expect(about).toBeHidden();
    await expect(header).toHaveClass(/is-compact/);

    await page.getByRole('tab', { name: 'Résumé' }).click();
    await expect(about).toBeHidden();
    await expect(career).toBeHidden();
    await expect(header).not.toHaveClass(/is-compact/);
    await expect(page.getByRole('link', { name: /^Photos/ })).toHaveAttribute('target', '_blank');
    expect(consoleErrors).toEqual([]);
  });

  test('tabs work from the keyboard', { tag: '@desktop-only' }, async ({ page, consoleErrors }) => {
    // Desktop only: phones show about and career without tabs.
    await page.goto('/equipe/pro/joueurs/details/2/');
    await waitForIslands(page);
    await page.getByRole('tab', { name: 'Résumé' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'A propos' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'A propos' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#joueur-a-propos')).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Carrière' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Résumé' })).toHaveAttribute('aria-selected', 'true');
    expect(consoleErrors).toEqual([]);
  });

  test('filters the portfolio: TOUTES, équipe DE FRANCE, Champion', { tag: '@desktop-only' }, async ({ page, consoleErrors }) => {
    // Desktop only: phones show only about and career.
    await page.goto('/equipe/pro/joueurs/details/2/');
    await waitForIslands(page);
    const pictures = page.locator('.portfolio-grid li');
    await expect(pictures).toHaveCount(3);
    await page.getByRole('button', { name: 'équipe DE FRANCE' }).click();
    await expect(pictures).toHaveCount(1);
    await expect(pictures.locator('img')).toHaveAttribute('alt', 'Malik Diarra sous le maillot bleu');
    await page.getByRole('button', { name: 'Champion' }).click();
    await expect(pictures).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Champion' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'TOUTES' }).click();
    await expect(pictures).toHaveCount(3);
    expect(consoleErrors).toEqual([]);
  });

  test('on a phone shows only about and career, with a Retour button', { tag: '@phone-only' }, async ({ page, consoleErrors }) => {
    // Phone only: phone variant.
    await page.goto('/equipe/pro/joueurs/details/2/');
    await waitForIslands(page);
    await expect(page.locator('#joueur-a-propos')).toBeVisible();
    await expect(page.locator('#joueur-carriere')).toBeVisible();
    await expect(page.locator('.player-tabs')).toBeHidden();
    await expect(page.locator('.player-portfolio')).toBeHidden();
    await expect(page.locator('.player-social')).toBeHidden();
    const back = page.getByRole('link', { name: 'Retour' });
    await expect(back).toHaveAttribute('href', '/equipe/pro/joueurs/');
    expect(await back.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(212, 167, 44)');
    expect(consoleErrors).toEqual([]);
  });

  test('shows the career fallbacks of an incomplete player', async ({ page, consoleErrors }) => {
    await page.goto('/equipe/pro/joueurs/details/8/');
    await waitForIslands(page);
    if (test.info().project.name !== PHONE) await page.getByRole('tab', { name: 'Carrière' }).click();
    await expect(page.getByText('Aucune information de carrière professionnelle disponible.')).toBeVisible();
    await expect(page.getByText('Aucune information de carrière amateur disponible.')).toBeVisible();
    await expect(page.getByText('Aucune information sur le palmarès disponible.')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown player id gets the error screen', async ({ page }) => {
    const response = await page.goto('/equipe/pro/joueurs/details/999/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Error Page #2');
  });
});

test.describe('player detail without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('every section is readable and the tabs are in-page links', async ({ page }, testInfo) => {
    await page.goto('/equipe/pro/joueurs/details/2/');
    await expect(page.locator('#joueur-a-propos')).toBeVisible();
    await expect(page.locator('#joueur-carriere')).toBeVisible();
    if (testInfo.project.name !== PHONE) {
      await expect(page.getByRole('link', { name: 'A propos' })).toHaveAttribute('href', '#joueur-a-propos');
      await expect(page.locator('.portfolio-grid li')).toHaveCount(3);
    }
  });
});

test.describe('players', () => {
  test('the coverflow carousel links every card to its detail page', async ({ page, consoleErrors }) => {
    await page.goto('/equipe/pro/joueurs/');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos joueurs');
    await expect(page.locator('.players-swiper')).toHaveClass(/swiper-initialized/);
    await expect(page.locator('.player-card')).toHaveCount(11);
    await page.locator('.swiper-slide-active .player-card-link').click();
    await expect(page).toHaveURL(/\/equipe\/pro\/joueurs\/details\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('/equipe/pro/joueurs/detail is a working list of the players', async ({ page, consoleErrors }) => {
    const response = await page.goto('/equipe/pro/joueurs/detail/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('a[href="/equipe/pro/joueurs/details/1/"]')).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('players without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the cards are a readable list', async ({ page }) => {
    await page.goto('/equipe/pro/joueurs/');
    await expect(page.locator('.player-card')).toHaveCount(11);
    await expect(page.getByRole('link', { name: 'Voir le profil de Hugo Lemaire' })).toBeVisible();
  });
});

test.describe('staff', () => {
  test('shows the coaches, the physical trainer and the galleries', async ({ page, consoleErrors }) => {
    await page.goto('/equipe/pro/staff/');
    for (const heading of ['Entraîneur principal', 'Entraîneurs adjoints', 'Préparation physique', 'Galeries photos']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("home 'Les matchs'", { tag: '@build-time' }, () => {
  // A time after the team build (2026-01-15): matches between the two must disappear in the browser.
  const browserNow = new Date('2026-02-10T12:00:00Z');

  test('shows only future matches, soonest first', async ({ page, request, consoleErrors }) => {
    const html = await (await request.get('/')).text();
    const built = [...html.matchAll(/data-match-date="([^"]+)"/g)].map((match) => match[1] as string);
    await page.clock.setFixedTime(browserNow);
    await page.goto('/');
    await waitForIslands(page);
    const section = page.locator('.home-matches');
    await expect(section.getByRole('link', { name: 'Voir le calendrier' })).toHaveAttribute('href', '/equipe/match/calendrier/');

    const expected = built.filter((date) => Date.parse(date) > browserNow.getTime());
    if (process.env.TEAM_BUILD_NOW) {
      // The team build has matches both before and after the browser's time.
      expect(built.length).toBeGreaterThan(expected.length);
      expect(expected.length).toBeGreaterThan(0);
    }
    await expect(section.locator('.match-slide')).toHaveCount(expected.length);
    const shown = await section.locator('.match-slide').evaluateAll((slides) => slides.map((slide) => slide.getAttribute('data-match-date') ?? ''));
    expect(shown).toEqual(expected);
    expect(shown.map(Date.parse)).toEqual(shown.map(Date.parse).sort((a, b) => a - b));
    if (expected.length === 0) {
      await expect(section.getByText('Aucun match à venir pour le moment.')).toBeVisible();
    } else {
      await expect(section.locator('.matches-swiper')).toHaveClass(/swiper-initialized/);
      await expect(section.locator('.match-score')).toHaveCount(0);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('says so when every match has passed since the build, without moving what follows', async ({ page, browser, baseURL, consoleErrors }) => {
    // The section as built, before any script runs: the carousel of the team build, or the message.
    const staticContext = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    const staticPage = await staticContext.newPage();
    await staticPage.goto(`${baseURL}/`);
    const built = await staticPage.locator('.home-matches').boundingBox();
    await staticContext.close();

    await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
    await page.goto('/');
    await waitForIslands(page);
    const section = page.locator('.home-matches');
    await expect(section.getByText('Aucun match à venir pour le moment.')).toBeVisible();
    await expect(section.locator('.match-slide')).toHaveCount(0);
    await expect(section.getByRole('link', { name: 'Voir le calendrier' })).toBeVisible();
    const hydrated = await section.boundingBox();
    expect(Math.abs((hydrated?.height ?? 0) - (built?.height ?? -1))).toBeLessThan(1);
    expect(consoleErrors).toEqual([]);
  });
});
