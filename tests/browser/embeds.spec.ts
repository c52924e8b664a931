import type { Page } from '@playwright/test';
import { analyzeAxe } from './axe.js';
import { expect, test, waitForIslands } from './fixtures.js';

/**
 * Issue 16, privacy by default: the reference post (id 64) embeds a YouTube video and a post on X,
 * the contact page a map; none of their hosts is asked anything before the fan clicks.
 * Every request leaving the site is recorded, and answered by a stub page (the sandbox is offline,
 * and a test must not depend on YouTube being up): what counts is that the browser asked.
 */
const REFERENCE = '/actualites/article/64/';
const TRACKERS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|google\.com|gstatic\.com|googleapis\.com|doubleclick\.net|twitter\.com|twimg\.com|x\.com|openstreetmap\.org)$/;

/** Hosts of every request the page (and its frames) made outside the site, in order. */
async function recordThirdParty(page: Page, baseURL: string | undefined): Promise<string[]> {
  const site = new URL(baseURL ?? 'http://127.0.0.1').host;
  const hosts: string[] = [];
  await page.route(
    (url) => url.host !== site && url.protocol.startsWith('http'),
    (route) => {
      hosts.push(new URL(route.request().url()).hostname);
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title><p>stub</p>' });
    },
  );
  return hosts;
}

/** The whole page seen: scrolled to the bottom (lazy things near the viewport load), then settled. */
async function readToTheEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
}

test.describe('click-to-load embeds', () => {
  test('the article asks no third party on load; a click on the placeholder loads the video from youtube-nocookie.com', async ({ page, baseURL, consoleErrors }) => {
    const hosts = await recordThirdParty(page, baseURL);
    await page.goto(REFERENCE);
    await waitForIslands(page);
    await readToTheEnd(page);
    expect(hosts).toEqual([]);

    const video = page.locator('.embed-youtube');
    await expect(video.locator('.embed-title')).toHaveText('Vidéo du SQBB');
    await expect(video).toContainText('YouTube');
    await expect(page.locator('.article-content iframe')).toHaveCount(0);

    const play = page.getByRole('button', { name: 'Lire la vidéo (YouTube)' });
    await play.click();
    const frame = page.locator('.article-content iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('title', 'Vidéo du SQBB');
    // The button is gone: the focus moves to the player, not back to the top of the page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await expect.poll(() => hosts).toContain('www.youtube-nocookie.com');
    expect(hosts.filter((host) => host !== 'www.youtube-nocookie.com' && TRACKERS.test(host))).toEqual([]);
    // The post on X still waits for its own click.
    await expect(page.getByRole('button', { name: 'Afficher la publication (X)' })).toBeVisible();
    expect(hosts.some((host) => /twitter|twimg|x\.com/.test(host))).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  test('the post on X loads from the keyboard, in its own frame', async ({ page, baseURL, consoleErrors }) => {
    const hosts = await recordThirdParty(page, baseURL);
    await page.goto(REFERENCE);
    await waitForIslands(page);
    const show = page.getByRole('button', { name: 'Afficher la publication (X)' });
    await expect(page.locator('.embed-x .embed-title')).toContainText('Finale du tournoi U15');
    await show.focus();
    await page.keyboard.press('Enter');
    const frame = page.locator('.article-content iframe[src^="https://platform.twitter.com/embed/Tweet.html?id=1801234567890123456"]');
    await expect(frame).toBeVisible();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await expect.poll(() => hosts).toContain('platform.twitter.com');
    expect(hosts.some((host) => /youtube|google/.test(host))).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  test('the placeholders pass axe before and after the click', async ({ page, baseURL }) => {
    await recordThirdParty(page, baseURL);
    await page.goto(REFERENCE);
    await waitForIslands(page);
    const serious = async () =>
      (await analyzeAxe(page, '.embed')).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'Lire la vidéo (YouTube)' }).click();
    await expect(page.locator('iframe.embed-frame')).toBeVisible();
    expect(await serious()).toEqual([]);
  });

  test('the contact page asks nothing of the map host until "Afficher la carte", then shows the map', async ({ page, baseURL, consoleErrors }) => {
    const hosts = await recordThirdParty(page, baseURL);
    await page.goto('/contact/');
    await waitForIslands(page);
    await readToTheEnd(page);
    expect(hosts).toEqual([]);
    await expect(page.locator('.contact-map iframe')).toHaveCount(0);
    await expect(page.locator('.contact-map .embed-title')).toHaveText("Plan d’accès : Palais des Sports Pierre-Ratte, Rue Pierre-Ratte, 02100 Saint-Quentin");

    await page.getByRole('button', { name: 'Afficher la carte' }).click();
    const map = page.locator('.contact-map iframe[src^="https://www.openstreetmap.org/export/embed.html?bbox="]');
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute('title', /^Plan d’accès/);
    await expect.poll(() => hosts).toEqual(['www.openstreetmap.org']);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('click-to-load embeds without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each placeholder is a plain link to the video, the post or the map on its provider', async ({ page, baseURL }) => {
    const hosts = await recordThirdParty(page, baseURL);
    await page.goto(REFERENCE);
    await readToTheEnd(page);
    await expect(page.locator('.article-content button, .article-content iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Voir la vidéo sur YouTube' })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(page.getByRole('link', { name: 'Voir la publication sur X' })).toHaveAttribute('href', 'https://x.com/SQBB_Officiel/status/1801234567890123456');

    await page.goto('/contact/');
    await readToTheEnd(page);
    await expect(page.locator('.contact-map button, .contact-map iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Voir la carte sur OpenStreetMap' })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    expect(hosts).toEqual([]);
  });
});
