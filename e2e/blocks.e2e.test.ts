import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '@common/messages';
import { BLOCK_MESSAGES as M } from '@common/schemas/blocks';
import { CHAT_MESSAGES, type startChatResultSchema } from '@common/schemas/chats';
import { POST_MESSAGES } from '@common/schemas/posts';
import { PROFILE_MESSAGES } from '@common/schemas/profiles';
import { violations } from './axe';
import { maybeScreenshot, serverAndBrowser } from './harness';
import { postOf, schoolVerifiedStudent, sendJson, tag, viewerOf } from './students';

/** Blocking a student (ADR 024): from their profile, felt in chat, lifted in settings. */

const env = serverAndBrowser();
const PHONE = { width: 375, height: 812 };

describe('blocking a student', () => {
  it('blocks from the profile, stops their messages, and unblocks from settings', async () => {
    const [ann, bob] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Casey Morgan'),
      schoolVerifiedStudent(env.server, env.browser, 'Jordan Price'),
    ]);
    const bobName = (await viewerOf(bob.page)).username;
    const started = await sendJson<z.infer<typeof startChatResultSchema>>(bob.page, '/api/chats', {
      userId: (await viewerOf(ann.page)).id,
    });
    expect(started.status).toBeLessThan(300);
    const chatPath = `/messages/${started.json.chat.id}`;

    // Ann blocks Bob from his profile's menu, after saying what it does.
    await ann.page.goto(env.server.url('ut', `/${bobName}`));
    await ann.page.getByRole('button', { name: PROFILE_MESSAGES.moreActions }).click();
    await ann.page.getByRole('menuitem', { name: M.block, exact: true }).click();
    const dialog = ann.page.getByRole('dialog', { name: M.confirmTitle(bobName) });
    await dialog.getByText(M.confirmText).waitFor();
    await maybeScreenshot(ann.page, 'block-dialog-desktop');
    await dialog.getByRole('button', { name: M.block, exact: true }).click();
    await ann.page.locator('.alerts').getByText(M.blocked(bobName), { exact: true }).waitFor();

    // Bob's message is refused, and he is told why.
    const composer = bob.page.getByRole('textbox', { name: CHAT_MESSAGES.composerPlaceholder });
    await bob.page.goto(env.server.url('ut', chatPath));
    await composer.fill(`Still selling the desk? ${tag()}`);
    await composer.press('Enter');
    await bob.page.locator('.alerts').getByText(M.cantMessage, { exact: true }).waitFor();

    // A link to Ann's post opens, for Bob, the page of a post that is not there (docs/security.md).
    const annPost = await postOf(ann.page, `Desk lamp, warm light ${tag()}`);
    const opened = await bob.page.goto(env.server.url('ut', `/post/${annPost.id}`));
    expect(opened?.status()).toBe(404);
    await bob.page.getByRole('heading', { name: POST_MESSAGES.missingPage }).waitFor();
    expect(await bob.page.getByText(annPost.text).count()).toBe(0);
    await maybeScreenshot(bob.page, 'blocked-post-missing-desktop');
    await bob.page.goto(env.server.url('ut', chatPath));

    // On a phone, the chat's menu offers Unblock.
    await ann.page.setViewportSize(PHONE);
    await ann.page.goto(env.server.url('ut', chatPath));
    await ann.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await ann.page.getByRole('menuitem', { name: M.unblock, exact: true }).waitFor();
    await maybeScreenshot(ann.page, 'block-chat-menu-phone');
    await ann.page.keyboard.press('Escape');

    // Settings list Bob; Unblock lifts it and leaves the empty list.
    await ann.page.goto(env.server.url('ut', '/settings/blocked'));
    const row = ann.page.getByRole('listitem').filter({ hasText: `@${bobName}` });
    await row.waitFor();
    await maybeScreenshot(ann.page, 'blocked-students-phone');
    await ann.page.setViewportSize({ width: 1280, height: 900 });
    await maybeScreenshot(ann.page, 'blocked-students-desktop');
    expect(await violations(ann.page)).toEqual([]);
    await row.getByRole('button', { name: `${M.unblock} @${bobName}` }).click();
    await ann.page.locator('.alerts').getByText(M.unblocked(bobName), { exact: true }).waitFor();
    await ann.page.getByText(M.empty, { exact: true }).waitFor();

    // Bob can write again.
    const again = `Hi again ${tag()}`;
    await composer.fill(again);
    const sent = bob.page.waitForResponse(
      (r) => r.url().endsWith('/messages') && r.request().method() === 'POST',
    );
    await composer.press('Enter');
    expect((await sent).status()).toBe(201);
    await bob.page.getByRole('list', { name: 'Messages' }).getByText(again).waitFor();

    expect([...ann.errors, ...bob.errors]).toEqual([]);
    await Promise.all([ann.context.close(), bob.context.close()]);
  }, 240_000);
});
