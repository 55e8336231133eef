import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@common/schemas/account';
import { maybeScreenshot, serverAndBrowser } from './harness';
import { PASSWORD, pathOf, postOf, schoolVerifiedStudent } from './students';

/** Deleting an account from /settings/account (ADR 011). */

const env = serverAndBrowser();

describe('deleting an account', () => {
  it('asks for the password, then removes the student and signs them out', async () => {
    const { page } = await schoolVerifiedStudent(env.server, env.browser, 'Dana Quill');
    const post = await postOf(page, 'Desk lamp, works fine');
    await page.goto(env.server.url('ut', '/settings/account'));
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: M.deleteTitle });
    await dialog.getByText(M.deleteText).waitFor();
    await maybeScreenshot(page, 'delete-account-dialog');

    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(M.currentPasswordWrong).waitFor();

    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.locator('.alerts').getByText(M.accountDeleted).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/home');
    const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()).viewer);
    expect(me).toBeNull();
    const gone = await page.evaluate(
      async (id) => (await fetch(`/api/posts/${id}`)).status,
      post.id,
    );
    expect(gone).not.toBe(200);
  });
});
