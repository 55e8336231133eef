import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { SEARCH_MESSAGES } from '@common/schemas/search';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import {
  pathOf,
  postOf,
  schoolVerifiedStudent,
  sidebar,
  signInElsewhere,
  tag,
  waitForMail,
} from './students';

/**
 * Saved searches with alerts (ADR 010): a student saves a search, another posts
 * a match, the alert arrives in the app and by e-mail; the settings page pauses
 * and deletes it. Two students: the e-mail allowance.
 *
 * The search is saved with "Alert me" on its results page.
 */

const env = serverAndBrowser();

describe('saved searches', () => {
  it('save a search, another student posts a match, the alert arrives; pause and delete it', async () => {
    const [buyer, seller] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Rowan Vale'),
      schoolVerifiedStudent(env.server, env.browser, 'Sasha Brook'),
    ]);
    const word = `futon${tag().replace(/\d/g, '')}`;
    await buyer.page.goto(env.server.url('ut', `/search?q=${word}&show=latest`));
    await buyer.page.getByText(SEARCH_MESSAGES.noResults(word)).waitFor();
    await buyer.page.getByRole('button', { name: SEARCH_MESSAGES.alertMe }).click();
    const dialog = buyer.page.getByRole('dialog', { name: SEARCH_MESSAGES.alertMe });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await buyer.page.getByText(SEARCH_MESSAGES.alertSaved).waitFor();

    const socket = buyer.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await buyer.page.goto(env.server.url('ut', '/home'));
    await socket;
    const text = `Blue ${word}s, barely used, $40`;
    const listing = await postOf(seller.page, text);

    // In the app: the badge, then the notification linking to the post.
    await sidebar(buyer.page)
      .getByRole('link', { name: /^Notifications\W*\d+ unread/ })
      .waitFor();
    await buyer.page.goto(env.server.url('ut', '/notifications'));
    const item = buyer.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link')
      .filter({ hasText: NOTIFICATION_TEXT['saved search'](word, text) });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/post/${listing.id}`);

    // By e-mail, with the way to the settings page.
    const mail = await waitForMail(env.server, buyer.email, (m) =>
      m.subject.startsWith('New listing for'),
    );
    expect(mail.subject).toBe(NOTIFICATION_TEXT['saved search'](word, text));
    expect(mail.text).toContain(`/post/${listing.id}`);
    expect(mail.text).toContain('/settings/saved-searches');

    // The settings page: the search links to its results; pause, resume, delete.
    await buyer.page.goto(env.server.url('ut', '/settings/saved-searches'));
    await buyer.page.getByRole('heading', { name: 'Saved searches', level: 1 }).waitFor();
    const results = buyer.page.getByRole('link', { name: new RegExp(word) });
    expect(await results.getAttribute('href')).toBe(`/search?q=${word}&show=latest`);
    await maybeScreenshot(buyer.page, 'saved-searches-desktop');
    await buyer.page.getByRole('button', { name: `Pause “${word}”` }).click();
    await buyer.page.getByText(SEARCH_MESSAGES.alertPaused).waitFor();
    await buyer.page.getByRole('button', { name: `Resume “${word}”` }).waitFor();
    await buyer.page.getByRole('combobox', { name: `E-mail for “${word}”` }).selectOption('daily');
    await expect
      .poll(async () =>
        buyer.page.evaluate(async () => (await fetch('/api/me/saved-searches')).json()),
      )
      .toMatchObject({ items: [{ paused: true, email: 'daily' }] });

    const phone = await signInElsewhere(env, buyer.email, MOBILE);
    await phone.page.goto(env.server.url('ut', '/settings/saved-searches'));
    await phone.page.getByRole('button', { name: `Resume “${word}”` }).waitFor();
    await maybeScreenshot(phone.page, 'saved-searches-phone');

    await buyer.page.getByRole('button', { name: `Delete “${word}”` }).click();
    await buyer.page.getByText(SEARCH_MESSAGES.alertDeleted).waitFor();
    await buyer.page.getByText(/No saved searches yet/).waitFor();
    expect(pathOf(buyer.page)).toBe('/settings/saved-searches');
    expect(buyer.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await Promise.all([buyer.context.close(), seller.context.close(), phone.context.close()]);
  });
});
