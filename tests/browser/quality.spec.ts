import { analyzeAxe } from './axe.js';
import { LEGAL_PAGE_PATHS, pagesOfProject, representativePagePaths } from './site-pages.js';
import { expect, test, waitForIslands } from './fixtures.js';

const PAGES = representativePagePaths();
const BATCHES = 6;
/** axe costs 2 to 15 s a page, the pages without JavaScript are the same at every width: each page is checked in one project. */
const batch = (project: string, index: number) => pagesOfProject(PAGES, project).filter((_, position) => position % BATCHES === index);

test.describe('accessibility (axe-core)', () => {
  for (let index = 0; index < BATCHES; index += 1) {
    test(`no serious or critical violation (batch ${index + 1}/${BATCHES})`, async ({ page }, testInfo) => {
      test.setTimeout(600_000);
      const violations: string[] = [];
      let rules = 0;
      const paths = batch(testInfo.project.name, index);
      for (const path of paths) {
        await page.goto(path);
        await waitForIslands(page);
        const results = await analyzeAxe(page);
        rules = Math.max(rules, results.passes.length + results.violations.length + results.incomplete.length + results.inapplicable.length);
        for (const violation of results.violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') {
            violations.push(`${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
          }
        }
      }
      console.log(`axe (${testInfo.project.name}): ${paths.length} pages, ${rules} rules per page`);
      expect(violations).toEqual([]);
    });
  }
});

test('axe finds nothing on the legal pages, whatever the impact', async ({ page }) => {
  test.setTimeout(480_000);
  for (const path of LEGAL_PAGE_PATHS) {
    expect(PAGES, path).toContain(path);
    await page.goto(path);
    await waitForIslands(page);
    const results = await analyzeAxe(page);
    expect(results.violations.map((violation) => `${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(results.passes.length, path).toBeGreaterThan(10);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (let index = 0; index < BATCHES; index += 1) {
    test(`every page shows its content (batch ${index + 1}/${BATCHES})`, async ({ page }, testInfo) => {
      test.setTimeout(480_000);
      for (const path of batch(testInfo.project.name, index)) {
        await page.goto(path);
        await expect(page.locator('h1'), path).toHaveCount(1);
        const text = (await page.locator('main').innerText()).trim();
        expect(text.length, `${path} shows no content`).toBeGreaterThan(0);
        await expect(page.locator("h1"), path).toBeVisible();
        await expect(page.locator('footer.site-footer'), path).toBeVisible();
      }
    });
  }
});

test('focus is visible on links and buttons', async ({ page }) => {
  await page.goto('/contact/');
  await waitForIslands(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { tag: element.tagName, style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style, `${outline.tag} has no visible focus`).not.toBe('none');
    expect(outline.width).toBeGreaterThan(0);
  }
});

test('the skip link moves the focus to the page content', async ({ page }) => {
  await page.goto('/club/histoire/palmares/');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('main#contenu')).toBeFocused();
});
