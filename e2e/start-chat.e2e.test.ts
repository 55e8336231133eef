import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { CHAT_MESSAGES } from '@common/schemas/chats';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import {
  followInApp,
  pathOf,
  postOf,
  schoolVerifiedStudent,
  tag,
  verifiedStudent,
} from './students';

/**
 * Starting a conversation: the phone's new-message page, and Send Message for a
 * student whose school e-mail is not verified yet. Five e-mails: within the
 * server's per-minute allowance.
 */

const env = serverAndBrowser();

const alerts = (page: Page) => page.locator('.alerts');

describe('starting a conversation', () => {
  it('phone: /messages/new finds a student by name, picked with the keyboard, and opens the chat', async () => {
    const [a, b] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Sasha Kimura', MOBILE),
      schoolVerifiedStudent(env.server, env.browser, 'Tatum Wolfsbane'),
    ]);
    // The inbox's New message button leads to the page on a phone.
    await a.page.goto(env.server.url('ut', '/messages'));
    await a.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await a.page.getByRole('button', { name: 'New message' }).first().click();
    await expect.poll(() => pathOf(a.page)).toBe('/messages/new');
    await a.page.getByRole('heading', { name: 'New message', level: 1 }).waitFor();
    expect(await a.page.getByRole('dialog').count()).toBe(0);

    // The search box has the focus: type, ↓ to highlight, Enter to open.
    const search = a.page.getByRole('combobox', { name: 'Search students' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await a.page.keyboard.type('Wolfsbane');
    const option = a.page.getByRole('option', { name: /Tatum W\./ });
    await option.waitFor();
    expect(await a.page.getByRole('option').count()).toBe(1);
    await maybeScreenshot(a.page, 'new-message-page-phone');
    await a.page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await a.page.keyboard.press('Enter');

    // The chat's own address, no longer /messages/new.
    await expect.poll(() => pathOf(a.page)).toMatch(/^\/messages\/(?!new$)[^/]+$/);
    await alerts(a.page).getByText(CHAT_MESSAGES.newConversation, { exact: true }).waitFor();
    await a.page.getByRole('heading', { name: 'Tatum W.' }).waitFor();
    await a.page.getByRole('textbox', { name: CHAT_MESSAGES.composerPlaceholder }).waitFor();
    expect(a.errors).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('Send Message on a post asks a student without a verified school e-mail to verify it', async () => {
    const seller = await schoolVerifiedStudent(env.server, env.browser, 'Morgan Ashby');
    const post = await postOf(seller.page, `Desk chair, like new ${tag()}`);
    const student = await verifiedStudent(env.server, env.browser, 'Jules Navarro');
    const { page } = student;
    // The first page of the visit is the school e-mail page; then the post.
    await page.goto(env.server.url('ut', '/home'));
    await expect.poll(() => pathOf(page)).toBe('/settings/account/school_email');
    await followInApp(page, `/post/${post.id}`);

    const send = page.getByRole('button', { name: CHAT_MESSAGES.sendMessage });
    await send.click();
    const title = MESSAGES.schoolVerifyPrompt.message;
    expect(title).toBe('Verify your school email to message other students.');
    const prompt = page.getByRole('dialog', { name: title, exact: true });
    await prompt.getByRole('heading', { name: title, exact: true }).waitFor();
    expect(await prompt.getByRole('link', { name: 'Verify Account' }).getAttribute('href')).toBe(
      '/settings/account/school_email',
    );
    // Only the prompt: no "Start Conversation?", and the page stays.
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(
      await page.getByRole('dialog', { name: CHAT_MESSAGES.startConversationTitle }).count(),
    ).toBe(0);
    expect(pathOf(page)).toBe(`/post/${post.id}`);
    await maybeScreenshot(page, 'send-message-school-prompt');

    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe(`/post/${post.id}`);
    expect(student.errors).toEqual([]);
    await Promise.all([seller.context.close(), student.context.close()]);
  });
});
