import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { MOBILE, serverAndBrowser } from './harness';
import { PASSWORD, schoolVerifiedStudent, signInElsewhere } from './students';

const env = serverAndBrowser();

describe('a session ended on another device (docs/security.md)', () => {
  it('signs an open tab out at once, without a reload', async () => {
    const laptop = await schoolVerifiedStudent(env.server, env.browser, 'Riley Stone');
    const socket = laptop.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await laptop.page.goto(env.server.url('ut', '/home'));
    await socket;
    let reloaded = false;
    laptop.page.on('framenavigated', (frame) => {
      if (frame === laptop.page.mainFrame()) reloaded = true;
    });

    // On a phone, the student changes the password: every other device is signed out.
    const phone = await signInElsewhere(env, laptop.email, MOBILE);
    const changed = await phone.page.evaluate(
      async (password) =>
        (
          await fetch('/api/me/password', {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
            body: JSON.stringify({
              currentPassword: password,
              password: 'a-new-maroon-bicycle',
              password2: 'a-new-maroon-bicycle',
            }),
          })
        ).status,
      PASSWORD,
    );
    expect(changed).toBe(200);

    // The laptop's tab shows the signed-out menu at once, without a reload.
    await expect
      .poll(async () => {
        await laptop.page.getByRole('button', { name: 'Account menu' }).click();
        const signedOut = await laptop.page
          .getByRole('menu')
          .getByText(MESSAGES.logInSignUp)
          .isVisible();
        await laptop.page.keyboard.press('Escape');
        return signedOut;
      })
      .toBe(true);
    expect(reloaded).toBe(false);
    expect([...laptop.errors, ...phone.errors]).toEqual([]);
    await Promise.all([laptop.context.close(), phone.context.close()]);
  });
});
