import { describe, expect, it } from 'vitest';
import { DESKTOP, maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import {
  pathOf,
  postJson,
  postOf,
  schoolVerifiedStudent,
  sendJson,
  sidebar,
  signInElsewhere,
  tag,
} from './students';

/**
 * Notifications and the unread badge (docs/product/messages-and-meetups.md,
 * Notifications): a server of its own, as each student costs two e-mails of the
 * server's per-minute allowance.
 */

const env = serverAndBrowser();
const signIn = (email: string, viewport = DESKTOP) => signInElsewhere(env, email, viewport);

describe('notifications', () => {
  it('a message counts on the badge and is listed on /notifications, linking to the chat', async () => {
    const [a, b] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Harper Quill'),
      schoolVerifiedStudent(env.server, env.browser, 'Indigo Marsh'),
    ]);
    const me = await a.page.evaluate(async () => {
      const res = await fetch('/api/me');
      return ((await res.json()) as { viewer: { id: string } }).viewer.id;
    });
    const socket = a.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await a.page.goto(env.server.url('ut', '/home'));
    await socket;

    const started = await sendJson<{ chat: { id: string } }>(b.page, '/api/chats', {
      userId: me,
    });
    expect(started.status).toBe(200);
    const chatId = started.json.chat.id;
    const text = `Still selling the bike? ${tag()}`;
    expect(await postJson(b.page, `/api/chats/${chatId}/messages`, { text })).toBe(201);

    await sidebar(a.page)
      .getByRole('link', { name: /^Notifications\W*\d+ unread/ })
      .waitFor();
    await sidebar(a.page)
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await expect.poll(() => pathOf(a.page)).toBe('/notifications');
    const list = a.page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('link').filter({ hasText: text }).first();
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/messages/${chatId}`);
    // Loaded means read: the notifications badge goes.
    await expect
      .poll(() =>
        sidebar(a.page)
          .getByRole('link', { name: /^Notifications\W*\d+ unread/ })
          .count(),
      )
      .toBe(0);
    await maybeScreenshot(a.page, 'notifications-desktop');

    const phone = await signIn(a.email, MOBILE);
    await phone.page.goto(env.server.url('ut', '/notifications'));
    await phone.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link')
      .first()
      .waitFor();
    await maybeScreenshot(phone.page, 'notifications-phone');
    expect(a.errors).toEqual([]);
    await Promise.all([a.context.close(), b.context.close(), phone.context.close()]);
  });

  it('a save of my post counts on my badge and is listed on /notifications', async () => {
    const [a, b] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Dana Whitfield'),
      schoolVerifiedStudent(env.server, env.browser, 'Emery Lang'),
    ]);
    const post = await postOf(a.page, `Mini fridge, works great ${tag()}`);
    const socket = a.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await a.page.goto(env.server.url('ut', '/home'));
    await socket;

    await b.page.goto(env.server.url('ut', `/post/${post.id}`));
    await b.page.getByRole('button', { name: /^Save/ }).first().click();

    await sidebar(a.page)
      .getByRole('link', { name: /^Notifications\W*1 unread/ })
      .waitFor();
    await sidebar(a.page)
      .getByRole('link', { name: /Notifications/ })
      .click();
    await expect.poll(() => pathOf(a.page)).toBe('/notifications');
    const list = a.page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('link').filter({ hasText: /Emery/ }).first();
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/post/${post.id}`);
    // Loaded means read: the badge goes.
    await expect
      .poll(() =>
        sidebar(a.page)
          .getByRole('link', { name: /unread/ })
          .count(),
      )
      .toBe(0);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
