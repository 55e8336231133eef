import { randomUUID } from 'node:crypto';
import { CAMPUSES } from '@common/campuses';
import { AUTH_MESSAGES as M, MESSAGES } from '@common/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { createAccountLinks } from '../auth/account-links.service';
import { verifyPassword } from '../auth/passwords';
import { createVerificationService } from './verification.service';

/**
 * Verification codes (docs/product/campuses-and-accounts.md, Verification): the
 * account e-mail code and the school e-mail code ("Send PIN").
 */

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;

let t: TestContext;

const nextIp = addressSequence();
const uniqueEmail = (prefix = 'student') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
const uniqueLocal = (prefix = 'student') => `${prefix}${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
});

afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: object, cookie: string | undefined, campus = 'ou') {
  return api(t.app, {
    method: 'POST',
    url,
    payload,
    campus,
    remoteAddress: nextIp(),
    ...(cookie ? { cookie } : {}),
  });
}
const sendCode = (cookie?: string, campus?: string) =>
  post('/api/verification/code', {}, cookie, campus);
const verify = (cookie: string | undefined, body: object, campus?: string) =>
  post('/api/verification/verify', body, cookie, campus);
const sendPin = (cookie: string | undefined, body: object, campus?: string) =>
  post('/api/me/school-email', body, cookie, campus);

function expectError(res: LightMyRequestResponse, status: number, message: string, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
  if (code) expect(res.json().error.code).toBe(code);
}

/** A signed-in user; unverified unless told otherwise. */
async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, { email: uniqueEmail(), ...overrides });
  return { user, cookie: await loginAs(t.app, user) };
}

const mailsTo = (to: string) =>
  t.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** The code of the newest code mail to an address, read from its subject. */
async function latestCode(to: string, campusName = 'OU'): Promise<string> {
  const [mail] = await mailsTo(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = new RegExp(`^(\\d{4}) is your ${campusName} Buy / Sell verification code$`).exec(
    mail.subject,
  );
  if (!match) throw new Error(`not a ${campusName} code mail: ${mail.subject}`);
  return match[1]!;
}

/** The service on a clock of the test's own. */
const clockedService = (now: () => number) =>
  createVerificationService({
    db: t.db,
    config: t.app.deps.config,
    links: createAccountLinks({ db: t.db, now }),
    verifyPassword,
    sessions: t.app.services.sessions,
    campuses: t.app.services.campuses,
    badgeChanged: () => undefined,
    now,
  });

/** Another valid-looking code. */
const otherCode = (code: string) => String(((Number(code) - 1000 + 1) % 9000) + 1000);

const codesOf = (userId: string) =>
  t.db.kysely.selectFrom('verification_codes').selectAll().where('user_id', '=', userId).execute();

const userRow = (id: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Moves every code of the user into the past, e.g. to allow a resend. */
const ageCodes = (userId: string, ms: number) =>
  t.db.kysely
    .updateTable('verification_codes')
    .set((eb) => ({ created_at: eb('created_at', '-', ms) }))
    .where('user_id', '=', userId)
    .execute();

describe('the account code (POST /api/verification/code)', () => {
  it('answers 401 to a guest', async () => {
    expectError(await sendCode(), 401, M.signInRequired, 'signed_out');
  });

  it('e-mails a 4-digit code with the subject "{code} is your {campus} Buy / Sell verification code"', async () => {
    const { user, cookie } = await signedIn();
    const res = await sendCode(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, email: user.email });

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const code = await latestCode(user.email, 'OU');
    expect(mails[0]!.subject).toBe(`${code} is your OU Buy / Sell verification code`);
    expect(mails[0]!.text).toContain(code);
    expect(mails[0]!.html).toContain(code);
  });

  it("names the campus of the site's host", async () => {
    const { user, cookie } = await signedIn({ campus_id: 'ut' });
    expect((await sendCode(cookie, 'ut')).json().sent).toBe(true);
    const code = await latestCode(user.email, 'UT');
    expect((await mailsTo(user.email))[0]!.subject).toBe(
      `${code} is your UT Buy / Sell verification code`,
    );
  });

  it('makes codes between 1000 and 9999', async () => {
    for (let i = 0; i < 12; i++) {
      const { user, cookie } = await signedIn();
      await sendCode(cookie);
      const code = Number(await latestCode(user.email));
      expect(code).toBeGreaterThanOrEqual(1000);
      expect(code).toBeLessThanOrEqual(9999);
    }
  });

  it('stores the code hashed', async () => {
    const { user, cookie } = await signedIn();
    await sendCode(cookie);
    const code = await latestCode(user.email);
    const rows = await codesOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'account', email: null });
    expect(Number(rows[0]!.attempts)).toBe(0);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(rows[0]!).map(String)).not.toContain(code);
  });

  it('sends at most one new code per 30 seconds, answering sent: false meanwhile', async () => {
    const { user, cookie } = await signedIn();
    expect((await sendCode(cookie)).json()).toEqual({ sent: true, email: user.email });
    const again = await sendCode(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ sent: false, email: user.email });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await codesOf(user.id)).toHaveLength(1);

    await ageCodes(user.id, 31 * SECOND);
    expect((await sendCode(cookie)).json()).toEqual({ sent: true, email: user.email });
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it('waits exactly 30 seconds between codes', async () => {
    const { user } = await signedIn();
    const row = await userRow(user.id);
    const start = Date.now();
    const clock = { now: start };
    const service = clockedService(() => clock.now);
    expect((await service.sendAccountCode(row, CAMPUSES.ou)).sent).toBe(true);
    clock.now = start + 30 * SECOND - 1;
    expect((await service.sendAccountCode(row, CAMPUSES.ou)).sent).toBe(false);
    clock.now = start + 30 * SECOND;
    expect((await service.sendAccountCode(row, CAMPUSES.ou)).sent).toBe(true);
  });

  it('sends nothing to an account that is already verified', async () => {
    const { user, cookie } = await signedIn({ verified: true });
    expect((await sendCode(cookie)).json()).toEqual({ sent: false, email: user.email });
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});

describe('checking the account code (POST /api/verification/verify)', () => {
  it('verifies the account with the right code, deletes the codes and says where to go', async () => {
    const { user, cookie } = await signedIn();
    await sendCode(cookie);
    const code = await latestCode(user.email);

    const res = await verify(cookie, { code: ` ${code} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      viewer: { id: user.id, verified: true, schoolVerified: false },
      redirectTo: '/home',
      redirectCampus: null,
    });
    expect(Boolean((await userRow(user.id)).verified)).toBe(true);
    expect(await codesOf(user.id)).toHaveLength(0);
    const me = await api(t.app, { method: 'GET', url: '/api/me', cookie });
    expect(me.json().viewer.verified).toBe(true);
  });

  it("takes a school address of the student's campus as their school e-mail: no second code (ADR 050)", async () => {
    const email = `${uniqueLocal()}@utexas.edu`;
    const { user, cookie } = await signedIn({ email, campus_id: 'ut' });
    await sendCode(cookie, 'ut');
    const res = await verify(cookie, { code: await latestCode(email, 'UT') }, 'ut');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      viewer: { verified: true, schoolVerified: true, schoolEmail: email, campusId: 'ut' },
      redirectTo: '/home',
    });
    expect(await userRow(user.id)).toMatchObject({ school_email: email, school_mailbox: email });
    expectError(await sendPin(cookie, { schoolEmail: email }, 'ut'), 400, M.newSchoolEmail);
  });

  it('on the generic site, takes a school address as the school e-mail of its own school', async () => {
    const email = `${uniqueLocal()}@ufl.edu`;
    const { user, cookie } = await signedIn({ email, campus_id: 'campus' });
    await sendCode(cookie, 'campus');
    const res = await verify(cookie, { code: await latestCode(email, 'Campus') }, 'campus');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      viewer: { verified: true, schoolVerified: true, schoolEmail: email, campusId: 'uf' },
      redirectTo: '/search_schools',
    });
    expect((await userRow(user.id)).campus_id).toBe('uf');

    const plain = await signedIn({ campus_id: 'campus' });
    await sendCode(plain.cookie, 'campus');
    const other = await verify(
      plain.cookie,
      { code: await latestCode(plain.user.email, 'Campus') },
      'campus',
    );
    expect(other.json().viewer).toMatchObject({ schoolVerified: false, campusId: 'campus' });
  });

  it("leaves another campus's address, or a mailbox another account holds, to the school e-mail page", async () => {
    const elsewhere = await signedIn({ email: `${uniqueLocal()}@utexas.edu`, campus_id: 'ou' });
    await sendCode(elsewhere.cookie);
    const first = await verify(elsewhere.cookie, { code: await latestCode(elsewhere.user.email) });
    expect(first.json().viewer).toMatchObject({ verified: true, schoolVerified: false });

    const local = uniqueLocal();
    await buildUser(t.db, {
      email: uniqueEmail(),
      verified: true,
      school_verified: true,
      school_email: `${local}@ou.edu`,
    });
    const late = await signedIn({ email: `${local}+2@ou.edu`, campus_id: 'ou' });
    await sendCode(late.cookie);
    const second = await verify(late.cookie, { code: await latestCode(late.user.email) });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().viewer).toMatchObject({ verified: true, schoolVerified: false });
    expect((await userRow(late.user.id)).school_email).toBeNull();
  });

  it('sends the generic site to /search_schools', async () => {
    const { user, cookie } = await signedIn({ campus_id: 'campus' });
    await sendCode(cookie, 'campus');
    const code = await latestCode(user.email, 'Campus');
    const res = await verify(cookie, { code }, 'campus');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ redirectTo: '/search_schools', redirectCampus: null });
  });

  it('answers 401 to a guest', async () => {
    expectError(await verify(undefined, { code: '1234' }), 401, M.signInRequired);
  });

  it('answers "Please enter verification code" without a code', async () => {
    const { cookie } = await signedIn();
    for (const body of [{}, { code: '' }, { code: '   ' }]) {
      expectError(await verify(cookie, body), 400, M.enterCode);
    }
  });

  it('answers "Your code was incorrect. Please try again." for a wrong code, or when none was sent', async () => {
    const { user, cookie } = await signedIn();
    expectError(await verify(cookie, { code: '1234' }), 400, M.codeIncorrect, 'code_incorrect');
    await sendCode(cookie);
    const code = await latestCode(user.email);
    expectError(
      await verify(cookie, { code: otherCode(code) }),
      400,
      M.codeIncorrect,
      'code_incorrect',
    );
    expect(Boolean((await userRow(user.id)).verified)).toBe(false);
  });

  it('keeps a code valid for 2 hours', async () => {
    const { user } = await signedIn();
    const start = Date.now();
    const clock = { now: start };
    const service = clockedService(() => clock.now);
    await service.sendAccountCode(await userRow(user.id), CAMPUSES.ou);
    const first = await latestCode(user.email);
    clock.now = start + 2 * HOUR - 1;
    await expect(
      service.verify(await userRow(user.id), CAMPUSES.ou, { code: first }),
    ).resolves.toMatchObject({
      redirectTo: '/home',
    });

    const { user: other } = await signedIn();
    clock.now = start;
    await service.sendAccountCode(await userRow(other.id), CAMPUSES.ou);
    const second = await latestCode(other.email);
    clock.now = start + 2 * HOUR;
    await expect(
      service.verify(await userRow(other.id), CAMPUSES.ou, { code: second }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: M.codeIncorrect,
    });
  });

  it('refuses a code older than 2 hours through the API', async () => {
    const { user, cookie } = await signedIn();
    await sendCode(cookie);
    const code = await latestCode(user.email);
    await ageCodes(user.id, 2 * HOUR + SECOND);
    expectError(await verify(cookie, { code }), 400, M.codeIncorrect);
  });

  it('voids a code after 5 wrong tries', async () => {
    const { user, cookie } = await signedIn();
    await sendCode(cookie);
    const code = await latestCode(user.email);
    for (let i = 0; i < 5; i++)
      expectError(await verify(cookie, { code: otherCode(code) }), 400, M.codeIncorrect);
    expectError(await verify(cookie, { code }), 400, M.codeIncorrect);
    expect(Boolean((await userRow(user.id)).verified)).toBe(false);
  });

  it('takes no more than 5 tries of a code however many guesses arrive at once', async () => {
    const { user, cookie } = await signedIn();
    await sendCode(cookie);
    const code = await latestCode(user.email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => verify(cookie, { code: otherCode(code) })),
    );
    for (const answer of answers) expectError(answer, 400, M.codeIncorrect);
    const row = await t.db.kysely
      .selectFrom('verification_codes')
      .select('attempts')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(5);
    expect(Number((await userRow(user.id)).code_failures)).toBe(12);
    expectError(await verify(cookie, { code }), 400, M.codeIncorrect);
  });

  it('counts every one of 25 wrong guesses sent at once toward the 20 a day', async () => {
    const { user, cookie } = await signedIn();
    await sendCode(cookie);
    const code = await latestCode(user.email);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => verify(cookie, { code: otherCode(code) })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expectError(answer, 429, M.tooManyCodeAttempts, 'too_many_codes');
    expect(Number((await userRow(user.id)).code_failures)).toBe(20);
  });

  it('still accepts the code after 4 wrong tries', async () => {
    const { user, cookie } = await signedIn();
    await sendCode(cookie);
    const code = await latestCode(user.email);
    for (let i = 0; i < 4; i++)
      expectError(await verify(cookie, { code: otherCode(code) }), 400, M.codeIncorrect);
    expect((await verify(cookie, { code })).statusCode).toBe(200);
  });

  it('allows 20 wrong tries per account per day, however many codes are sent', async () => {
    const { user, cookie } = await signedIn();
    let answers: number[] = [];
    for (let round = 0; round < 4; round++) {
      if (round > 0) await ageCodes(user.id, 31 * SECOND);
      expect((await sendCode(cookie)).json().sent).toBe(true);
      const code = await latestCode(user.email);
      for (let i = 0; i < 5; i++)
        answers.push((await verify(cookie, { code: otherCode(code) })).statusCode);
    }
    expect(answers).toEqual([...Array(19).fill(400), 429]);

    // A fresh code does not reset the cap: even the right code is refused today.
    await ageCodes(user.id, 31 * SECOND);
    expect((await sendCode(cookie)).json().sent).toBe(true);
    const code = await latestCode(user.email);
    const refused = await verify(cookie, { code });
    expectError(refused, 429, M.tooManyCodeAttempts, 'too_many_codes');
    expect(Boolean((await userRow(user.id)).verified)).toBe(false);

    // A day after the first wrong try, the count starts again.
    await t.db.kysely
      .updateTable('users')
      .set({ code_failure_window_start: Date.now() - DAY - SECOND })
      .where('id', '=', user.id)
      .execute();
    answers = [(await verify(cookie, { code })).statusCode];
    expect(answers).toEqual([200]);
  });

  it('does not let a new code reset the per-code tries to get past the daily cap (rows set directly)', async () => {
    const { user, cookie } = await signedIn({
      code_failures: 19,
      code_failure_window_start: Date.now() - HOUR,
    });
    await sendCode(cookie);
    const code = await latestCode(user.email);
    expectError(await verify(cookie, { code: otherCode(code) }), 429, M.tooManyCodeAttempts);
    expectError(await verify(cookie, { code }), 429, M.tooManyCodeAttempts);
  });
});

describe('school e-mail: "Send PIN" (POST /api/me/school-email)', () => {
  it('answers 401 to a guest and 403 "Verify your account to continue." to an unverified account', async () => {
    expectError(await sendPin(undefined, { schoolEmail: 'jane@ou.edu' }), 401, M.signInRequired);
    const { cookie } = await signedIn({ verified: false });
    expectError(
      await sendPin(cookie, { schoolEmail: `${uniqueLocal()}@ou.edu` }),
      403,
      M.verifyRequired,
      'not_verified',
    );
  });

  it('sends a code to the school address', async () => {
    const { user, cookie } = await signedIn({ verified: true });
    const schoolEmail = `${uniqueLocal('sooner')}@ou.edu`;
    const res = await sendPin(cookie, { schoolEmail: schoolEmail.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, email: schoolEmail });
    const code = await latestCode(schoolEmail, 'OU');
    const rows = await codesOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'school_email', email: schoolEmail, campus_id: 'ou' });
    expect(Object.values(rows[0]!).map(String)).not.toContain(code);
    // Nothing went to the account address.
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('answers "Enter a new school email" when empty or the same as the current one', async () => {
    const current = `${uniqueLocal()}@ou.edu`;
    const { cookie } = await signedIn({
      verified: true,
      school_verified: true,
      school_email: current,
    });
    for (const body of [
      {},
      { schoolEmail: '' },
      { schoolEmail: '   ' },
      { schoolEmail: current.toUpperCase() },
    ]) {
      expectError(await sendPin(cookie, body), 400, M.newSchoolEmail, undefined);
    }
  });

  it('answers "Enter a valid school email" for other domains, lookalikes and malformed addresses', async () => {
    const { cookie } = await signedIn({ verified: true, campus_id: 'ut' });
    for (const schoolEmail of [
      'jane@gmail.com',
      'jane@notutexas.edu',
      'jane@utexas.edu.evil.com',
      'jane@utexas.com',
      'jane@ou.edu',
      'jane@utexas',
      'jane@',
      '@utexas.edu',
      'jane',
      'ja ne@utexas.edu',
      'jane!@utexas.edu',
      'jane@doe@utexas.edu',
    ]) {
      const res = await sendPin(cookie, { schoolEmail }, 'ut');
      expect(res.statusCode, `${schoolEmail}: ${res.body}`).toBe(400);
      expect(res.json().error.message, schoolEmail).toBe(M.validSchoolEmail);
    }
  });

  it('refuses a sub-domain the campus does not list (any.sub.ou.edu)', async () => {
    const { cookie } = await signedIn({ verified: true });
    for (const domain of ['any.sub.ou.edu', 'x.alumni.ou.edu', 'mail.utexas.edu']) {
      const res = await sendPin(cookie, { schoolEmail: `${uniqueLocal()}@${domain}` }, 'ou');
      expectError(res, 400, M.validSchoolEmail, 'invalid_school_email');
    }
  });

  it('accepts a sub-domain the campus lists (alumni.ou.edu)', async () => {
    const { cookie } = await signedIn({ verified: true });
    const schoolEmail = `${uniqueLocal()}@alumni.ou.edu`;
    expect((await sendPin(cookie, { schoolEmail })).json()).toEqual({
      sent: true,
      email: schoolEmail,
    });
  });

  it('accepts the UT System domains on UT (utdallas.edu)', async () => {
    const { cookie } = await signedIn({ verified: true, campus_id: 'ut' });
    const schoolEmail = `${uniqueLocal()}@utdallas.edu`;
    expect((await sendPin(cookie, { schoolEmail }, 'ut')).json()).toEqual({
      sent: true,
      email: schoolEmail,
    });
    expect(await latestCode(schoolEmail, 'UT')).toMatch(/^\d{4}$/);
  });

  it('accepts local parts with . _ - and + (jane.doe@duke.edu on Duke)', async () => {
    const { cookie } = await signedIn({ verified: true, campus_id: 'duke' });
    const tag = uniqueLocal('');
    for (const local of [`jane.doe${tag}`, `jane_doe-${tag}`, `jane+quad${tag}`]) {
      const schoolEmail = `${local}@duke.edu`;
      const res = await sendPin(cookie, { schoolEmail }, 'duke');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ sent: true, email: schoolEmail });
    }
  });

  it('answers "Something went wrong" on the generic site without a campus', async () => {
    const { cookie } = await signedIn({ verified: true, campus_id: 'campus' });
    const schoolEmail = `${uniqueLocal()}@utexas.edu`;
    expectError(
      await sendPin(cookie, { schoolEmail }, 'campus'),
      400,
      MESSAGES.somethingWentWrong,
      'no_campus',
    );
    expectError(
      await sendPin(cookie, { schoolEmail, campus: 'campus' }, 'campus'),
      400,
      MESSAGES.somethingWentWrong,
    );
  });

  it("uses the site's own domains on a campus site, whatever campus is sent", async () => {
    const { cookie } = await signedIn({ verified: true });
    expectError(
      await sendPin(cookie, { schoolEmail: `${uniqueLocal()}@utexas.edu`, campus: 'ut' }),
      400,
      M.validSchoolEmail,
    );
  });

  it('sends at most one new code per 30 seconds for the same address', async () => {
    const { user, cookie } = await signedIn({ verified: true });
    const schoolEmail = `${uniqueLocal()}@ou.edu`;
    expect((await sendPin(cookie, { schoolEmail })).json().sent).toBe(true);
    expect((await sendPin(cookie, { schoolEmail })).json()).toEqual({
      sent: false,
      email: schoolEmail,
    });
    expect(await mailsTo(schoolEmail)).toHaveLength(1);
    await ageCodes(user.id, 31 * SECOND);
    expect((await sendPin(cookie, { schoolEmail })).json().sent).toBe(true);
  });

  it('answers 409 when the school e-mail belongs to another account', async () => {
    const taken = `${uniqueLocal()}@ou.edu`;
    await buildUser(t.db, {
      email: uniqueEmail(),
      verified: true,
      school_verified: true,
      school_email: taken,
    });
    const { cookie } = await signedIn({ verified: true });
    expectError(
      await sendPin(cookie, { schoolEmail: taken.toUpperCase() }),
      409,
      M.schoolEmailTaken,
      'school_email_taken',
    );
    expect(await mailsTo(taken)).toHaveLength(0);
  });
});

describe('one mailbox, one student', () => {
  const holder = async (schoolEmail: string, overrides: Parameters<typeof buildUser>[1] = {}) =>
    buildUser(t.db, {
      email: uniqueEmail(),
      verified: true,
      school_verified: true,
      school_email: schoolEmail,
      ...overrides,
    });

  it('answers 409 for the mailbox of another account written another way (+tag, case, sub-domain)', async () => {
    const local = uniqueLocal();
    await holder(`${local}@ou.edu`);
    const { cookie } = await signedIn({ verified: true });
    for (const schoolEmail of [
      `${local}+2@ou.edu`,
      `${local.toUpperCase()}+market@OU.edu`,
      `${local}@alumni.ou.edu`,
    ]) {
      expectError(await sendPin(cookie, { schoolEmail }), 409, M.schoolEmailTaken);
      expect(await mailsTo(schoolEmail.toLowerCase())).toHaveLength(0);
    }
  });

  it("refuses a banned student's mailbox in the ban's words, however it is written", async () => {
    const local = uniqueLocal();
    await holder(`${local}@ou.edu`, { banned_at: Date.now() });
    const { user, cookie } = await signedIn({ verified: true });
    for (const schoolEmail of [`${local}+2@ou.edu`, `${local}@alumni.ou.edu`]) {
      expectError(await sendPin(cookie, { schoolEmail }), 403, M.banned, 'banned');
    }
    expect(Boolean((await userRow(user.id)).school_verified)).toBe(false);
  });

  it('refuses the code when the mailbox was verified by another account meanwhile', async () => {
    const local = uniqueLocal();
    const late = await signedIn({ verified: true });
    const tagged = `${local}+2@ou.edu`;
    await sendPin(late.cookie, { schoolEmail: tagged });
    const code = await latestCode(tagged);
    await holder(`${local}@ou.edu`, { banned_at: Date.now() });
    expectError(await verify(late.cookie, { code, email: tagged }), 403, M.banned);
    expect((await userRow(late.user.id)).school_email).toBeNull();
  });

  it('lets the same student verify their own mailbox written another way', async () => {
    const local = uniqueLocal();
    const { user, cookie } = await signedIn({
      verified: true,
      school_verified: true,
      school_email: `${local}@ou.edu`,
    });
    const schoolEmail = `${local}+quad@ou.edu`;
    await sendPin(cookie, { schoolEmail });
    const res = await verify(cookie, { code: await latestCode(schoolEmail), email: schoolEmail });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(user.id)).toMatchObject({
      school_email: schoolEmail,
      school_mailbox: `${local}@ou.edu`,
    });
  });
});

describe('checking the school code', () => {
  it('on the generic site with campus=ut: school-verifies, moves the user to UT and points at the UT site', async () => {
    const { user, cookie } = await signedIn({ verified: true, campus_id: 'campus' });
    const schoolEmail = `${uniqueLocal('longhorn')}@utexas.edu`;
    const sent = await sendPin(cookie, { schoolEmail, campus: 'ut' }, 'campus');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true, email: schoolEmail });
    // The PIN mail speaks for the school being joined, not the generic site.
    const code = await latestCode(schoolEmail, 'UT');

    const res = await verify(cookie, { code, email: schoolEmail, campus: 'ut' }, 'campus');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      viewer: expect.objectContaining({
        id: user.id,
        campusId: 'ut',
        schoolVerified: true,
        schoolEmail,
      }),
      redirectTo: '/search_schools',
      redirectCampus: { id: 'ut', url: 'http://ut.localhost:3000' },
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ campus_id: 'ut', school_email: schoolEmail });
    expect(Boolean(row.school_verified)).toBe(true);
    expect((await codesOf(user.id)).filter((c) => c.purpose === 'school_email')).toHaveLength(0);
  });

  it('on a campus site: school-verifies and answers /home with that campus', async () => {
    const { user, cookie } = await signedIn({ verified: true, campus_id: 'ou' });
    const schoolEmail = `${uniqueLocal()}@ou.edu`;
    await sendPin(cookie, { schoolEmail });
    const code = await latestCode(schoolEmail);
    const res = await verify(cookie, { code, email: schoolEmail.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      viewer: { id: user.id, campusId: 'ou', schoolVerified: true, schoolEmail },
      redirectTo: '/home',
      redirectCampus: { id: 'ou', url: 'http://ou.localhost:3000' },
    });
  });

  it('does not take the account code for the school e-mail, nor a code for another address', async () => {
    const { user, cookie } = await signedIn({ verified: false });
    await sendCode(cookie);
    const accountCode = await latestCode(user.email);
    await t.db.kysely
      .updateTable('users')
      .set({ verified: true })
      .where('id', '=', user.id)
      .execute();
    const schoolEmail = `${uniqueLocal()}@ou.edu`;
    await sendPin(cookie, { schoolEmail });
    const schoolCode = await latestCode(schoolEmail);
    if (accountCode !== schoolCode) {
      expectError(
        await verify(cookie, { code: accountCode, email: schoolEmail }),
        400,
        M.codeIncorrect,
      );
    }
    expectError(
      await verify(cookie, { code: schoolCode, email: `${uniqueLocal()}@ou.edu` }),
      400,
      M.codeIncorrect,
    );
    expect((await verify(cookie, { code: schoolCode, email: schoolEmail })).statusCode).toBe(200);
  });

  it('answers 409 when another account verified the address first', async () => {
    const schoolEmail = `${uniqueLocal()}@ou.edu`;
    const a = await signedIn({ verified: true });
    const b = await signedIn({ verified: true });
    await sendPin(a.cookie, { schoolEmail });
    const codeA = await latestCode(schoolEmail);
    await sendPin(b.cookie, { schoolEmail });
    const codeB = await latestCode(schoolEmail);

    expect((await verify(a.cookie, { code: codeA, email: schoolEmail })).statusCode).toBe(200);
    expectError(
      await verify(b.cookie, { code: codeB, email: schoolEmail }),
      409,
      M.schoolEmailTaken,
    );
    const rowB = await userRow(b.user.id);
    expect(Boolean(rowB.school_verified)).toBe(false);
    expect(rowB.school_email).toBeNull();
  });
});
