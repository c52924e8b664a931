import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with a `consoleErrors` fixture: every console error, page error and same-origin 404 seen
 * while the test ran. Most tests end with `expect(consoleErrors).toEqual([])`.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page, baseURL }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        const text = message.text();
        // The offline sandbox cannot reach third-party hosts; their failures are not ours.
        if (/net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED|ADDRESS_UNREACHABLE|TUNNEL_CONNECTION_FAILED|PROXY)/.test(text)) return;
        if (message.type() === 'warning' && !/hydrat|preact|react/i.test(text)) return;
        errors.push(`${message.type()}: ${text}`);
      }
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() === 404 && baseURL && response.url().startsWith(baseURL)) errors.push(`404: ${response.url()}`);
    });
    await use(errors);
  },
});

export { expect };

/** Waits until every island on the page has hydrated (wrappers get data-hydrated). */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((element) => element.hasAttribute('data-hydrated')),
  );
}
