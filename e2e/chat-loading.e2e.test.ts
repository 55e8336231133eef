import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type startChatResultSchema } from '@common/schemas/chats';
import type { z } from 'zod';
import { nextFrames, serverAndBrowser } from './harness';
import { once, postJson, schoolVerifiedStudent, sendJson, tag, viewerOf } from './students';

/**
 * An open conversation: older messages loading at the top and the composer's
 * 500-character rule (docs/product/messages-and-meetups.md, Chats). One pair of
 * students for the file, as each costs two e-mails of the server's per-minute
 * allowance.
 */

const env = serverAndBrowser();

const composer = (page: Page) =>
  page.getByRole('textbox', { name: CHAT_MESSAGES.composerPlaceholder });
const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });
const conversationLog = (page: Page) => page.getByRole('log', { name: /^Conversation with / });

/** Avery and Blake with a chat of 20 messages from Avery, made through the API the first time a test asks. */
const thePair = once(async () => {
  const [a, b] = await Promise.all([
    schoolVerifiedStudent(env.server, env.browser, 'Avery Stone'),
    schoolVerifiedStudent(env.server, env.browser, 'Blake Rivera'),
  ]);
  const started = await sendJson<z.infer<typeof startChatResultSchema>>(a.page, '/api/chats', {
    userId: (await viewerOf(b.page)).id,
  });
  expect(started.status).toBeLessThan(300);
  const chatId = started.json.chat.id;
  const run = tag();
  const texts = Array.from(
    { length: 20 },
    (_, i) =>
      `Message ${i + 1} (${run}): is the desk lamp still available, and could I pick it up after class?`,
  );
  for (const text of texts) {
    expect(await postJson(a.page, `/api/chats/${chatId}/messages`, { text })).toBe(201);
  }
  return { a, b, chatId, texts };
});

describe('an open conversation', () => {
  it('shows the newest 15 messages and loads the older ones at the top without a jump', async () => {
    const { b, chatId, texts } = await thePair();
    await b.page.goto(env.server.url('ut', `/messages/${chatId}`));
    const list = messageList(b.page);
    await list.getByText(texts[19]!, { exact: true }).waitFor();

    // The newest 15: messages 6 to 20.
    expect(await list.getByRole('listitem').count()).toBe(15);
    expect(await list.getByText(texts[5]!, { exact: true }).count()).toBe(1);
    expect(await list.getByText(texts[4]!, { exact: true }).count()).toBe(0);

    // The conversation opens at its bottom, the newest message.
    expect(await conversationLog(b.page).evaluate((el) => el.scrollTop)).toBeGreaterThan(67);

    // Scrolled to the top, message 6 is the first on screen.
    const topMessage = list.getByText(texts[5]!, { exact: true });
    const before = await conversationLog(b.page).evaluate((el) => {
      el.scrollTop = 0;
      return el.scrollTop;
    });
    expect(before).toBeLessThanOrEqual(67);
    const boxBefore = await topMessage.boundingBox();
    expect(boxBefore).not.toBeNull();

    // The older five arrive above it (3 s after the chat opened at the earliest).
    await list.getByText(texts[0]!, { exact: true }).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(20);
    // Oldest at the top.
    expect((await list.getByRole('listitem').first().innerText()).includes(texts[0]!)).toBe(true);

    // Message 6 stays where it was: the view did not jump to the older ones.
    await nextFrames(b.page);
    const boxAfter = await topMessage.boundingBox();
    expect(boxAfter).not.toBeNull();
    expect(Math.abs(boxAfter!.y - boxBefore!.y)).toBeLessThanOrEqual(4);
    const scrolled = await conversationLog(b.page).evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(67);
    expect(b.errors).toEqual([]);
  });

  it('the composer refuses more than 500 characters, with the alert at most once every 3 seconds', async () => {
    const { a, chatId, texts } = await thePair();
    // The page's clock, so that the 3 s between alerts pass at once.
    await a.page.clock.install();
    await a.page.goto(env.server.url('ut', `/messages/${chatId}`));
    const list = messageList(a.page);
    await list.getByText(texts[19]!, { exact: true }).waitFor();
    const shown = await list.getByRole('listitem').count();

    // Each time the alert is shown it is a new element in the alerts region: count them.
    await a.page.evaluate((msg) => {
      const region = document.querySelector('.alerts')!;
      const seen = { count: 0 };
      (window as unknown as { tooLongAlerts: typeof seen }).tooLongAlerts = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && node.textContent?.includes(msg)) seen.count++;
      }).observe(region, { childList: true });
    }, CHAT_MESSAGES.tooManyCharacters);
    const alertsShown = () =>
      a.page.evaluate(
        () => (window as unknown as { tooLongAlerts: { count: number } }).tooLongAlerts.count,
      );
    const tooLong = a.page
      .locator('.alerts')
      .getByRole('alert')
      .filter({ hasText: CHAT_MESSAGES.tooManyCharacters });

    // 501 characters: the danger alert, in its exact words.
    const draft = `${'a'.repeat(500)}b`;
    await composer(a.page).fill(draft);
    await tooLong.waitFor();
    expect(await tooLong.innerText()).toContain('Error: Too many characters!');
    expect(await alertsShown()).toBe(1);

    // Enter and Send do not send it; typing more within 3 s does not repeat the alert.
    await composer(a.page).press('Enter');
    await a.page.getByRole('button', { name: 'Send', exact: true }).click();
    await composer(a.page).press('End');
    await composer(a.page).pressSequentially('cd');
    await a.page.clock.fastForward(1000);
    expect(await alertsShown()).toBe(1);
    expect(await composer(a.page).inputValue()).toBe(`${draft}cd`);
    expect(await list.getByRole('listitem').count()).toBe(shown);

    // After 3 s, more typing shows it again.
    await a.page.clock.fastForward(2200);
    await composer(a.page).pressSequentially('e');
    await expect.poll(alertsShown).toBe(2);
    await tooLong.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(shown);
    expect(a.errors).toEqual([]);
  });

  it('keeps a message that failed to send, with Retry that sends it', async () => {
    const { a, chatId } = await thePair();
    await a.page.goto(env.server.url('ut', `/messages/${chatId}`));
    const list = messageList(a.page);
    const text = `Can you hold it until Friday? ${tag()}`;
    // The network drops the first try.
    let dropped = false;
    await a.page.route('**/api/chats/*/messages', async (route) => {
      if (route.request().method() === 'POST' && !dropped) {
        dropped = true;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await composer(a.page).fill(text);
    await composer(a.page).press('Enter');
    const failed = list.getByRole('listitem').filter({ hasText: text });
    await failed.getByText('Not sent.').waitFor();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => failed.getByText('Not sent.').count()).toBe(0);
    await list.getByText(text, { exact: true }).waitFor();
    await a.page.unroute('**/api/chats/*/messages');
    // It reached the server once.
    const stored = await a.page.evaluate(
      async (url) => ((await (await fetch(url)).json()) as { items: { text: string }[] }).items,
      `/api/chats/${chatId}/messages`,
    );
    expect(stored.filter((m) => m.text === text)).toHaveLength(1);
  });
});
