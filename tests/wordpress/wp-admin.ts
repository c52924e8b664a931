import type { BrowserContext, Page } from 'playwright-core';

/** wp-admin as an editor uses it, in Chromium (French or English labels: the test site's language decides). */
export async function logIn(context: BrowserContext, wordpressUrl: string, user: { login: string; password: string }): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${wordpressUrl}/wp-login.php`);
  await page.fill('#user_login', user.login);
  await page.fill('#user_pass', user.password);
  await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);
  return page;
}

/** Opens the block editor (a new post, or `postId`), past its welcome guide, in the code editor. */
export async function openEditor(page: Page, wordpressUrl: string, postId?: number): Promise<void> {
  await page.goto(postId ? `${wordpressUrl}/wp-admin/post.php?post=${postId}&action=edit` : `${wordpressUrl}/wp-admin/post-new.php`, { timeout: 120_000 });
  // The editor, or first its welcome guide (a modal over it, shown on a first visit).
  await page.locator('.editor-post-title__input, .edit-post-welcome-guide').first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1_000);
  const guide = page.locator('.edit-post-welcome-guide');
  if (await guide.isVisible()) await guide.getByRole('button', { name: /Close|Fermer/ }).click();
  await titleBox(page).waitFor();
  // As an editor writes it: the code editor takes the blocks as text. The shortcut toggles, and on a loaded
  // machine it can be lost while the editor still sets up its shortcuts: press it only while the editor's
  // own state says "visual", until it says "text".
  const textarea = page.locator('textarea.editor-post-text-editor');
  const mode = () => page.evaluate(() => (window as unknown as EditorWindow).wp.data.select('core/edit-post').getEditorMode());
  for (let attempt = 1; (await mode()) !== 'text'; attempt++) {
    if (attempt > 10) throw new Error('the block editor did not switch to the code editor after 10 presses of Ctrl+Shift+Alt+M');
    await titleBox(page).click();
    await page.keyboard.press('Control+Shift+Alt+M');
    await page.waitForFunction(() => (window as unknown as EditorWindow).wp.data.select('core/edit-post').getEditorMode() === 'text', null, { timeout: 5_000 }).catch(() => undefined);
  }
  await textarea.waitFor({ timeout: 60_000 });
}

/** The part of WordPress's editor globals this file reads (WordPress 6.1's `core/edit-post` store). */
interface EditorWindow {
  wp: { data: { select(store: 'core/edit-post'): { getEditorMode(): 'visual' | 'text' } } };
}

export const titleBox = (page: Page) => page.getByRole('textbox', { name: /Add title|Ajouter un titre/ });

export async function writePost(page: Page, title: string, blocks: string): Promise<void> {
  await titleBox(page).fill(title);
  await page.locator('textarea.editor-post-text-editor').fill(blocks);
}

/** "Publier", then "Publier" in the pre-publish panel; resolves once WordPress said the post is published. */
export async function publish(page: Page): Promise<void> {
  await page.locator('.edit-post-header').getByRole('button', { name: /^(Publish|Publier)…?$/ }).click();
  await page.locator('.editor-post-publish-panel').getByRole('button', { name: /^(Publish|Publier)$/ }).click();
  await snackbarLink(page).waitFor({ timeout: 60_000 });
}

/** The snackbar's "Afficher l'article" after a publish or an update (the post type's label, which WordPress gives as HTML). */
export const snackbarLink = (page: Page) => page.locator('.components-snackbar').getByRole('link', { name: /View Post|Afficher l(’|'|&rsquo;)article/ });

/** "Mettre à jour" of a published post; resolves once WordPress said it is updated. */
export async function update(page: Page): Promise<void> {
  await page.locator('.edit-post-header').getByRole('button', { name: /^(Update|Mettre à jour)$/ }).click();
  await page.locator('.components-snackbar').filter({ hasText: /updated|mis à jour/i }).first().waitFor({ timeout: 60_000 });
}

/** The post's "Site public" cell in the posts list (wp-admin/edit.php). */
export const siteColumn = (page: Page, postId: number) => page.locator(`#post-${postId} .sqbb-site-status`);
