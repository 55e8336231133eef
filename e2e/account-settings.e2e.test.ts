import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as L, AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { ACCOUNT_MESSAGES as M } from '@common/schemas/account';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import {
  codeFor,
  PASSWORD,
  pathOf,
  postJson,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  viewerOf,
  waitForMail,
} from './students';

/**
 * Account settings and their sub-pages (docs/product/campuses-and-accounts.md,
 * Account settings).
 */

const env = serverAndBrowser();

const ACCOUNT = '/settings/account';
/** Whether the page's browser is signed in, as /api/me says. */
const signedIn = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/me')).json()).viewer !== null);
const successAlert = (page: Page, msg: string) =>
  page.locator('.alerts').getByRole('status').filter({ hasText: msg });
const row = (page: Page, label: string) =>
  page.getByRole('region', { name: L.title }).getByRole('link', { name: new RegExp(`^${label}`) });

async function save(page: Page, message: string = M.accountUpdated, submit: string = L.save) {
  await page.getByRole('button', { name: submit }).click();
  await successAlert(page, message).waitFor();
  await expect.poll(() => pathOf(page)).toBe(ACCOUNT);
}

describe('account settings', () => {
  it('at phone width: the menu switches e-mail alerts off, the username changes and the profile link follows', async () => {
    const jamie = await schoolVerifiedStudent(env.server, env.browser, 'Jamie Rivera', MOBILE);
    const { page } = jamie;
    const before = (await viewerOf(page)).username;

    await page.goto(env.server.url('ut', '/settings'));
    const alerts = page.getByRole('switch', { name: L.emailAlerts });
    expect(await alerts.getAttribute('aria-checked')).toBe('true');
    await alerts.click();
    await successAlert(page, M.accountUpdated).waitFor();
    expect(await alerts.getAttribute('aria-checked')).toBe('false');
    expect((await viewerOf(page)).emailNotifications).toBe(false);
    await maybeScreenshot(page, 'settings-menu-390');
    expect(await violations(page, 'main')).toEqual([]);

    await page.getByRole('link', { name: MESSAGES.settingsAccountSettings }).click();
    await expect.poll(() => pathOf(page)).toBe(ACCOUNT);
    await row(page, L.username).getByText(`@${before}`).waitFor();
    await row(page, L.phone).getByText(M.clickToAdd).waitFor();
    await row(page, L.schoolEmail).waitFor();
    expect(await row(page, L.gender).textContent()).toContain(M.none);
    await page.getByText(L.verified).waitFor();
    await page.getByText(L.accountCreated).waitFor();
    await maybeScreenshot(page, 'account-390');
    expect(await violations(page, 'main')).toEqual([]);

    await row(page, L.username).click();
    await expect.poll(() => pathOf(page)).toBe(`${ACCOUNT}/screen_name`);
    const field = page.getByRole('textbox', { name: L.username });
    expect(await field.inputValue()).toBe(before);
    const saveButton = page.getByRole('button', { name: L.save });
    // Save is off while the name is unchanged, also in another case.
    expect(await saveButton.isDisabled()).toBe(true);
    await field.fill(before.toUpperCase());
    expect(await saveButton.isDisabled()).toBe(true);
    const renamed = `jamie-${tag()}`;
    await field.fill(renamed);
    await maybeScreenshot(page, 'screen-name-390');
    await save(page);
    await row(page, L.username).getByText(`@${renamed}`).waitFor();

    // The profile link of the account menu uses the new name at once.
    await page.getByRole('button', { name: 'Account menu' }).click();
    const profile = page.getByRole('menu').getByRole('menuitem', { name: `@${renamed}` });
    expect(await profile.getAttribute('href')).toBe(`/${renamed}`);
    await page.keyboard.press('Escape');

    // A sub-page's back button leads to the account page, through history.
    await row(page, L.birthDate).click();
    await page.getByRole('combobox', { name: L.month }).waitFor();
    await maybeScreenshot(page, 'birth-date-390');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => pathOf(page)).toBe(ACCOUNT);

    // The page's back button leads to the menu on phones.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => pathOf(page)).toBe('/settings');
    expect(jamie.errors).toEqual([]);
    await jamie.context.close();
  });

  it('a taken username, a wrong current password, then phone, gender and birth date on the overview', async () => {
    const taken = `taken-${tag()}`;
    const owner = await schoolVerifiedStudent(env.server, env.browser, 'Owen Park', DESKTOP);
    const claimed = await owner.page.evaluate(
      (username) =>
        fetch('/api/me/username', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
          body: JSON.stringify({ username }),
        }).then((r) => r.status),
      taken,
    );
    expect(claimed).toBe(200);
    await owner.context.close();

    const sam = await schoolVerifiedStudent(env.server, env.browser, 'Sam Lee', DESKTOP);
    const { page } = sam;
    await page.goto(env.server.url('ut', ACCOUNT));
    // Desktop: the settings menu stands beside the page, its row marked current.
    const menu = page.getByRole('navigation', { name: 'Settings' });
    const current = menu.getByRole('link', { name: MESSAGES.settingsAccountSettings });
    expect(await current.getAttribute('aria-current')).toBe('page');
    await maybeScreenshot(page, 'account-1280');

    await row(page, L.username).click();
    await page.getByRole('textbox', { name: L.username }).fill(taken);
    await page.getByRole('button', { name: L.save }).click();
    await page.getByRole('alert').filter({ hasText: M.usernameTaken }).waitFor();
    expect(pathOf(page)).toBe(`${ACCOUNT}/screen_name`);
    expect(await current.getAttribute('aria-current')).toBe('page');
    // Back goes to the account page.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => pathOf(page)).toBe(ACCOUNT);

    await row(page, L.changePassword).click();
    await expect.poll(() => pathOf(page)).toBe(`${ACCOUNT}/password`);
    const current1 = page.getByLabel(L.currentPassword);
    const next = page.getByLabel(L.newPassword, { exact: true });
    const again = page.getByLabel(L.newPasswordAgain);
    await page.getByRole('button', { name: L.save }).click();
    await page.getByText(M.currentPasswordRequired).waitFor();
    await current1.fill('not-my-password-1');
    await next.fill('violet-harbor-77');
    await again.fill('violet-harbor-78');
    await page.getByRole('button', { name: L.save }).click();
    await page.getByText(M.passwordsDoNotMatch).waitFor();
    await again.fill('violet-harbor-77');
    await page.getByRole('button', { name: L.save }).click();
    await page.getByRole('alert').filter({ hasText: M.currentPasswordWrong }).waitFor();
    expect(await current1.getAttribute('aria-invalid')).toBe('true');
    await maybeScreenshot(page, 'password-1280');
    expect(await violations(page, 'main')).toEqual([]);
    await current1.fill(PASSWORD);
    await save(page, M.passwordChanged);
    expect(
      await postJson(page, '/api/auth/login', {
        email: sam.email,
        password: 'violet-harbor-77',
      }),
    ).toBe(200);

    // The e-mail changes with the current password, once the code sent to the new address comes back.
    await row(page, L.email).click();
    const newEmail = page.getByRole('textbox', { name: L.newEmail });
    const emailPassword = page.getByLabel(L.currentPassword);
    await newEmail.fill(sam.email.toUpperCase());
    await page.getByRole('button', { name: L.sendCode }).click();
    await page.getByRole('alert').filter({ hasText: M.emailSame }).waitFor();
    const changed = `sam.lee-${tag()}@example.com`;
    await newEmail.fill(changed);
    await page.getByRole('button', { name: L.sendCode }).click();
    await page.getByRole('alert').filter({ hasText: M.currentPasswordRequired }).waitFor();
    await emailPassword.fill(PASSWORD);
    await page.getByRole('button', { name: L.sendCode }).click();
    await page.getByRole('alert').filter({ hasText: M.currentPasswordWrong }).waitFor();
    expect(await emailPassword.getAttribute('aria-invalid')).toBe('true');
    await maybeScreenshot(page, 'email-password-1280');
    await emailPassword.fill('violet-harbor-77');
    await page.getByRole('button', { name: L.sendCode }).click();
    await successAlert(page, M.emailCodeSent).waitFor();
    await page.getByText(L.codeSentTo(changed)).waitFor();
    await page
      .getByRole('textbox', { name: L.verificationCode })
      .fill(await codeFor(env.server, changed));
    await maybeScreenshot(page, 'email-code-1280');
    await save(page, M.accountUpdated, MESSAGES.signIn.verify);
    await row(page, L.email).getByText(changed).waitFor();

    await row(page, L.phone).click();
    const phone = page.getByRole('textbox', { name: L.phone });
    await phone.fill('12');
    await page.getByRole('button', { name: L.save }).click();
    await page.getByRole('alert').filter({ hasText: M.invalidPhone }).waitFor();
    await phone.fill('405 555 0123');
    await save(page);
    await row(page, L.phone).getByText('(405) 555-0123').waitFor();

    await row(page, L.gender).click();
    await page.getByText(L.notShownPublicly).waitFor();
    await page.getByRole('radio', { name: L.genderOptions.female }).check();
    await save(page);
    await row(page, L.gender).getByText('Female').waitFor();

    await row(page, L.birthDate).click();
    const month = page.getByRole('combobox', { name: L.month });
    const year = page.getByRole('combobox', { name: L.year });
    // From the year a 16-year-old (the Terms' minimum age) was born, back 100 years.
    const sixteenYearsAgo = new Date().getFullYear() - 16;
    expect(await year.locator('option').nth(1).textContent()).toBe(String(sixteenYearsAgo));
    expect(await year.locator('option').last().textContent()).toBe(String(sixteenYearsAgo - 100));
    await month.selectOption({ label: 'February' });
    await page.getByRole('button', { name: L.save }).click();
    await page.getByRole('alert').filter({ hasText: M.fillAllFields }).waitFor();
    await page.getByRole('combobox', { name: L.day }).selectOption('28');
    await year.selectOption('2001');
    await maybeScreenshot(page, 'birth-date-1280');
    expect(await violations(page)).toEqual([]);
    await save(page);
    await row(page, L.birthDate).getByText('February 28, 2001').waitFor();
    expect(await viewerOf(page)).toMatchObject({
      phone: '+14055550123',
      gender: 'female',
      birthDate: { year: 2001, month: 2, day: 28 },
    });
    expect(sam.errors).toEqual([]);
    await sam.context.close();
    // Six sub-pages with real password hashing (scrypt 2^17, as in production): a long journey.
  }, 240_000);

  it('at phone width: an e-mail change signs out the other devices, and the old address undoes it', async () => {
    const kim = await schoolVerifiedStudent(env.server, env.browser, 'Kim Ortiz', MOBILE);
    const { page } = kim;
    const laptop = await signInElsewhere(env, kim.email, DESKTOP);
    await page.goto(env.server.url('ut', `${ACCOUNT}/email`));
    await page.getByText(L.emailIntro).waitFor();
    const changed = `kim-${tag()}@example.com`;
    await page.getByRole('textbox', { name: L.newEmail }).fill(changed);
    await page.getByLabel(L.currentPassword).fill(PASSWORD);
    await maybeScreenshot(page, 'email-390');
    expect(await violations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: L.sendCode }).click();
    await page.getByText(L.codeSentTo(changed)).waitFor();
    await page
      .getByRole('textbox', { name: L.verificationCode })
      .fill(await codeFor(env.server, changed));
    await save(page, M.accountUpdated, MESSAGES.signIn.verify);
    await row(page, L.email).getByText(changed).waitFor();
    expect(await signedIn(laptop.page)).toBe(false);
    expect(await signedIn(page)).toBe(true);

    // The old address's mail undoes it, from a browser signed in nowhere.
    const mail = await waitForMail(env.server, kim.email, (m) =>
      m.subject.endsWith('e-mail was changed'),
    );
    const link = /https?:\/\/\S+\/email_change\/undo\?\S+/.exec(mail.text)![0];
    const owner = await openPage(env.browser, MOBILE);
    await owner.page.goto(link);
    await owner.page.getByRole('heading', { name: L.undoTitle }).waitFor();
    await owner.page.getByText(L.undoText(kim.email)).waitFor();
    await maybeScreenshot(owner.page, 'email-undo-390');
    expect(await violations(owner.page, 'main')).toEqual([]);
    await owner.page.getByRole('button', { name: L.undoButton }).click();
    await owner.page.getByRole('heading', { name: L.undoneTitle }).waitFor();
    await owner.page
      .getByRole('status')
      .filter({ hasText: M.emailChangeUndone(kim.email) })
      .waitFor();
    await maybeScreenshot(owner.page, 'email-undone-390');
    expect(await signedIn(page)).toBe(false);

    // The link works once; the owner signs in with the old address.
    await owner.page.goto(link);
    await owner.page.getByRole('button', { name: L.undoButton }).click();
    await owner.page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.linkExpired }).waitFor();
    expect(
      await postJson(owner.page, '/api/auth/login', { email: kim.email, password: PASSWORD }),
    ).toBe(200);
    expect([...kim.errors, ...laptop.errors, ...owner.errors]).toEqual([]);
    await Promise.all([kim.context.close(), laptop.context.close(), owner.context.close()]);
  });

  it('an account without a password confirms a new e-mail from its current address first', async () => {
    // A student who joined with an e-mailed link has no password.
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    const email = `lee-${tag()}@example.com`;
    await page.goto(env.server.url('ut', '/api/me'));
    expect(
      await postJson(page, '/api/auth/magic-link', { email, first: 'Lee', last: 'Park' }),
    ).toBe(200);
    const joining = await waitForMail(env.server, email, (m) => m.subject.startsWith('Finish'));
    const token = new URL(/https?:\/\/\S+/.exec(joining.text)![0]).searchParams.get('token');
    expect(await postJson(page, '/api/auth/magic-link/complete', { token, email })).toBe(200);
    const schoolEmail = `lee-${tag()}@utexas.edu`;
    expect(await postJson(page, '/api/me/school-email', { schoolEmail })).toBe(200);
    const pin = await codeFor(env.server, schoolEmail);
    expect(
      await postJson(page, '/api/verification/verify', { code: pin, email: schoolEmail }),
    ).toBe(200);

    // Its first password comes through a link to its own address, not with the session alone.
    await page.goto(env.server.url('ut', `${ACCOUNT}/password`));
    await page.getByText(L.setPasswordIntro(email)).waitFor();
    expect(await page.getByLabel(L.newPassword, { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: L.sendPasswordLink }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.signIn.checkYourInbox }).waitFor();
    await waitForMail(env.server, email, (m) => m.subject.startsWith('Reset your'));
    await maybeScreenshot(page, 'first-password-link-1280');

    await page.goto(env.server.url('ut', `${ACCOUNT}/email`));
    await page.getByText(L.emailIntroNoPassword).waitFor();
    expect(await page.getByLabel(L.currentPassword).count()).toBe(0);
    const changed = `lee.park-${tag()}@example.com`;
    await page.getByRole('textbox', { name: L.newEmail }).fill(changed);
    await page.getByRole('button', { name: L.sendCode }).click();
    await page.getByText(L.approvalSentTo(email, changed)).waitFor();
    await maybeScreenshot(page, 'email-approval-sent-1280');

    // The current address's link, opened on a phone: nothing changes until its button.
    const approval = await waitForMail(env.server, email, (m) => m.subject.startsWith('Confirm'));
    const phone = await openPage(env.browser, MOBILE);
    await phone.page.goto(/https?:\/\/\S+\/email_change\/approve\?\S+/.exec(approval.text)![0]);
    await phone.page.getByRole('heading', { name: L.approveTitle }).waitFor();
    await phone.page.getByText(L.approveText(changed)).waitFor();
    await maybeScreenshot(phone.page, 'email-approve-390');
    expect(await violations(phone.page, 'main')).toEqual([]);
    await phone.page.getByRole('button', { name: L.approveButton }).click();
    await phone.page
      .getByRole('status')
      .filter({ hasText: M.emailChangeApproved(changed) })
      .waitFor();
    await phone.page.getByRole('link', { name: L.toEmailPage }).waitFor();

    await page
      .getByRole('textbox', { name: L.verificationCode })
      .fill(await codeFor(env.server, changed));
    await save(page, M.accountUpdated, MESSAGES.signIn.verify);
    await row(page, L.email).getByText(changed).waitFor();
    expect([...errors, ...phone.errors]).toEqual([]);
    await Promise.all([context.close(), phone.context.close()]);
  });

  it('at phone width the header shows the unread badge once a classmate writes; not at 1280 px', async () => {
    const [casey, morgan] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Casey Lund', MOBILE),
      schoolVerifiedStudent(env.server, env.browser, 'Morgan Pike'),
    ]);
    const { page } = casey;
    const badge = page.getByRole('img', { name: /^\d+ unread notifications? (and|or) chats?$/ });
    await page.goto(env.server.url('ut', ACCOUNT));
    await page.getByRole('heading', { name: L.title }).waitFor();
    expect(await badge.count()).toBe(0);

    // Morgan writes to Casey: an unread chat (and its notification, if any).
    const chat = await sendJson<{ chat: { id: string } }>(morgan.page, '/api/chats', {
      userId: (await viewerOf(page)).id,
    });
    expect(chat.status).toBe(200);
    const sent = await sendJson(morgan.page, `/api/chats/${chat.json.chat.id}/messages`, {
      text: `Is the desk still there? ${tag()}`,
    });
    expect(sent.status).toBe(201);

    const unread = async (p: Page) =>
      p.evaluate(async () => {
        const { notifications, chats } = (await (await fetch('/api/unread')).json()) as {
          notifications: number;
          chats: number;
        };
        return notifications + chats;
      });
    const total = await unread(page);
    expect(total).toBeGreaterThan(0);
    // The badge counts notifications plus chats, in the page's header.
    await page.getByRole('img', { name: L.unreadBadge(total) }).waitFor();
    expect(await badge.textContent()).toBe(String(total));
    expect(
      await page
        .locator('.page-header')
        .getByRole('img', { name: L.unreadBadge(total) })
        .count(),
    ).toBe(1);
    await maybeScreenshot(page, 'account-settings-unread-390');
    expect(await violations(page)).toEqual([]);

    // The same student at 1280 px: the shell's header shows the count, the page does not.
    const desktop = await signInElsewhere(env, casey.email, DESKTOP);
    await desktop.page.goto(env.server.url('ut', ACCOUNT));
    await desktop.page.getByRole('heading', { name: L.title }).waitFor();
    expect(await unread(desktop.page)).toBe(total);
    await desktop.page.getByText('Account created').waitFor();
    await maybeScreenshot(desktop.page, 'account-settings-unread-1280');
    expect(
      await desktop.page
        .getByRole('img', { name: /unread notifications? (and|or) chats?/ })
        .count(),
    ).toBe(0);
    expect([...casey.errors, ...morgan.errors, ...desktop.errors]).toEqual([]);
    await Promise.all([casey.context.close(), morgan.context.close(), desktop.context.close()]);
  });
});
