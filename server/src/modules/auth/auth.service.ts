import { type Campus, campusUrl, GENERIC_CAMPUS_ID, mailboxOf } from '@common/campuses';
import { AUTH_MESSAGES as M } from '@common/messages';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { isCommonPassword } from '@common/common-passwords';
import { type LoginBody, PASSWORD_MIN, type RegisterBody } from '@common/schemas/auth';
import {
  firstFreeUsername,
  normalizeEmail,
  parseName,
  usernameBase,
  withoutBidiControls,
} from '@common/text';
import { randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  tooMany,
  unauthorized,
} from '../../core/errors';
import { enqueueMail } from '../../platform/mail';
import { type Executor, usersRepository } from '../users/users.repository';
import { magicLinkMail, passwordResetMail } from './auth.mails';
import { authRepository } from './auth.repository';
import { hashPassword, verifyPassword } from './passwords';
import { hashSecret, newSecret } from './secrets';
import type { SessionService } from './sessions.service';
import { type AnalyticsRecorder, noAnalytics } from '../analytics/analytics.service';

/** Wrong passwords for one account from one client address that lock that address out. */
const LOCK_AFTER_FAILURES = 10;
/**
 * Wrong passwords for one account from all addresses that lock password
 * sign-in for everyone: only guessing spread over many addresses gets there,
 * and the e-mailed link and reset stay open (docs/security.md).
 */
export const ACCOUNT_LOCK_AFTER_FAILURES = 100;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
const LINK_MS = 60 * 60 * 1000;
/** Sign-in links and reset links e-mailed to one address within an hour, whoever asks. */
export const LINKS_PER_ADDRESS_PER_HOUR = 5;
const HANDOFF_MS = 5 * 60 * 1000;
/** Sign-ups racing for one name each get one within this many tries. */
const MAX_USERNAME_TRIES = 12;

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  banned: ReadonlySet<string>;
  /** A password reset ends the student's sessions everywhere. */
  sessions: Pick<SessionService, 'endAllFor'>;
  /** Sign-ins and registrations, recorded for analytics; nothing recorded when absent. */
  analytics?: AnalyticsRecorder;
  now?: () => number;
}

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  campusId: string;
  passwordHash: string | null;
  verified: boolean;
  googleSub?: string;
}

/**
 * Creates a user with the first free username (first and last name joined), retrying if
 * another sign-up takes it first. A new account whose e-mail reaches the
 * mailbox of a banned one (`jane+2@` for `jane@`) is a ban evaded: refused
 * (ADR 040). Existing accounts sign in with their addresses as they are.
 */
export async function createAccount(
  db: Executor,
  account: NewAccount,
  now: number,
): Promise<UserRow> {
  if (await usersRepository.mailboxBanned(db, account.email)) throw forbidden('banned', M.banned);
  // An address an undo link may give back to its owner is not free (ADR 036).
  if (await authRepository.addressHeld(db, normalizeEmail(account.email), now))
    throw conflict('email_taken', M.emailTaken);
  // Names from a form were refused with a direction control; a provider's (Google) lose theirs.
  const firstName = withoutBidiControls(account.firstName);
  const lastName = withoutBidiControls(account.lastName);
  const base = usernameBase(firstName, lastName);
  for (let attempt = 0; ; attempt++) {
    // After losing a race for a name, a random one of the next few free names.
    const skip = randomInt(attempt + 1);
    const taken = await usersRepository.usernamesLike(db, base);
    const username = firstFreeUsername(base, taken, skip);
    const id = uuidv7();
    try {
      await usersRepository.insert(db, {
        id,
        campus_id: account.campusId,
        email: normalizeEmail(account.email),
        username,
        first_name: firstName.slice(0, 20),
        last_name: lastName.slice(0, 20),
        password_hash: account.passwordHash,
        verified: account.verified,
        google_sub: account.googleSub ?? null,
        created_at: now,
        updated_at: now,
      });
      return (await usersRepository.findById(db, id))!;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_USERNAME_TRIES - 1) throw error;
      if (await usersRepository.findByEmail(db, account.email))
        throw conflict('email_taken', M.emailTaken);
    }
  }
}

/**
 * Why a moderator's decision keeps the account out (ADR 025): banned, in the
 * ban's own words (common/messages.ts), or suspended until a date; null when it may sign in.
 */
export function moderationRefusal(
  user: Pick<UserRow, 'banned_at' | 'suspended_until'>,
  at: number,
): { code: 'banned' | 'suspended'; message: string } | null {
  if (user.banned_at !== null) return { code: 'banned', message: M.banned };
  if (user.suspended_until !== null && Number(user.suspended_until) > at)
    return {
      code: 'suspended',
      message: MODERATION_MESSAGES.suspended(Number(user.suspended_until)),
    };
  return null;
}

/**
 * Password and e-mailed-link sign-in, registration and password reset: what
 * routes and other modules call. Codes never sign anyone in; a banned address
 * never enters.
 */
export interface AuthService {
  /** Forgets wrong-password counts whose window and lock are over, and sessions past their end. */
  sweep(at?: number): Promise<number>;
  /** Whether the entry step should go to /login or /register. */
  emailExists(email: string): Promise<boolean>;
  /** A new account with a password, on the campus of the site; the caller signs it in. */
  register(input: RegisterBody, campus: Campus): Promise<UserRow>;
  /**
   * Password sign-in. Ten wrong passwords from one client address lock that
   * address out of the account for 15 minutes; a hundred from any lock the
   * password for everyone; a right one resets both; the e-mailed link is
   * never locked (docs/security.md).
   */
  login(input: LoginBody, client: string): Promise<UserRow>;
  /** E-mails a single-use sign-in link; with first and last names it will create the account. */
  requestMagicLink(
    input: { email: string; first?: string; last?: string },
    campus: Campus,
  ): Promise<void>;
  /** Opens an e-mailed link: signs in, or registers when the link carries names. */
  completeMagicLink(input: {
    token: string;
    email: string;
  }): Promise<{ user: UserRow; registered: boolean }>;
  /** E-mails a single-use reset link to an existing account's address. */
  forgotPassword(emailInput: string, campus: Campus): Promise<void>;
  /**
   * Sets a new password from a reset link, lifts any lockout and ends every
   * session of the user (whoever knew the old password may be signed in
   * somewhere); the caller signs the resetting device in afresh.
   */
  resetPassword(input: { token: string; password: string }): Promise<UserRow>;
  /**
   * Sessions are per site (host-only cookies): moving a signed-in user to
   * their campus's own site carries them over with a single-use token, which
   * the other site's confirmation page posts back (ADR 036). Five minutes
   * leave a student time to read "Continue as …?".
   */
  startHandoff(user: UserRow, target: Campus): Promise<string>;
  /**
   * The account a handoff token would sign in to on this site, for its
   * confirmation page; nothing is used or changed. "This link has expired…"
   * when it is unknown, used, expired, for another site or for an account
   * that may not enter.
   */
  previewHandoff(tokenText: string, site: Campus): Promise<UserRow>;
  /** Uses the token (once) and answers its user, whom the caller signs in. */
  finishHandoff(tokenText: string, site: Campus): Promise<UserRow>;
  /** Refuses an address on the ban list, looked up as its mailbox (ADR 040). */
  assertNotBanned(email: string): void;
}

/** Builds the auth service; every method is named here once. */
export function createAuthService({
  db,
  config,
  banned,
  sessions,
  analytics = noAnalytics,
  now = Date.now,
}: AuthServiceDeps): AuthService {
  // The list holds mailboxes (banned.ts): an address is looked up as one (ADR 040).
  const assertNotBanned = (email: string) => {
    if (banned.has(mailboxOf(email))) throw forbidden('banned', M.banned);
  };
  /** A moderator's ban or a running suspension keeps the account out (ADR 025). */
  const assertMayEnter = (user: Pick<UserRow, 'banned_at' | 'suspended_until'>) => {
    const refusal = moderationRefusal(user, now());
    if (refusal) throw forbidden(refusal.code, refusal.message);
  };
  const assertStrongPassword = (password: string) => {
    if (password.length < PASSWORD_MIN) throw badRequest('weak_password', M.passwordTooShort);
    if (isCommonPassword(password)) throw badRequest('common_password', M.passwordTooCommon);
  };
  const siteUrl = (campus: Campus) => campusUrl(config.publicUrl, campus.id);

  /** The tenth wrong password within 15 minutes locks password sign-in for 15 minutes. */
  const lock = (userId: string, at: number) =>
    usersRepository.update(db.kysely, userId, {
      failed_logins: 0,
      failed_login_window_start: null,
      locked_until: at + LOCK_MS,
    });

  const unlock = (executor: Executor, userId: string) =>
    usersRepository.update(executor, userId, {
      failed_logins: 0,
      failed_login_window_start: null,
      locked_until: null,
    });

  /**
   * A password check that always fails, as long as a real one: the answer for
   * an address without an account or a password takes as long as for one with.
   */
  let decoy: Promise<string> | undefined;
  const checkDecoy = async (password: string) => {
    decoy ??= hashPassword(newSecret(), config.passwordHashCost);
    await verifyPassword(password, await decoy);
  };

  /** Refuses a sixth link of the kind to one address within the hour, whoever asks for it. */
  const assertLinkAllowed = async (email: string, purpose: 'magic' | 'reset', at: number) => {
    const sent = await authRepository.countTokensSince(db.kysely, email, purpose, at - LINK_MS);
    if (sent >= LINKS_PER_ADDRESS_PER_HOUR) throw tooMany('rate_limited', M.rateLimited);
  };

  async function previewHandoff(tokenText: string, site: Campus): Promise<UserRow> {
    const token = await authRepository.findToken(db.kysely, hashSecret(tokenText), 'handoff');
    const at = now();
    if (
      !token ||
      token.used_at !== null ||
      token.expires_at <= at ||
      token.campus_id !== site.id ||
      !token.user_id
    )
      throw badRequest('link_expired', M.linkExpired);
    const user = await usersRepository.findById(db.kysely, token.user_id);
    if (!user || banned.has(mailboxOf(user.email)) || moderationRefusal(user, at))
      throw badRequest('link_expired', M.linkExpired);
    return user;
  }

  return {
    sweep(at = now()): Promise<number> {
      return authRepository.sweepSignIns(db.kysely, at, FAILURE_WINDOW_MS);
    },

    async emailExists(email: string): Promise<boolean> {
      return (await usersRepository.findByEmail(db.kysely, email)) !== undefined;
    },

    async register(input: RegisterBody, campus: Campus): Promise<UserRow> {
      assertNotBanned(input.email);
      assertStrongPassword(input.password);
      if (await usersRepository.findByEmail(db.kysely, input.email))
        throw conflict('email_taken', M.emailTaken);
      const name = parseName(input.name);
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      const user = await createAccount(
        db.kysely,
        {
          email: input.email,
          firstName: name.firstName,
          lastName: name.lastName,
          campusId: campus.id,
          passwordHash,
          verified: false,
        },
        now(),
      );
      analytics.record(user, 'Complete Registration', { method: 'password' });
      return user;
    },

    async login(input: LoginBody, client: string): Promise<UserRow> {
      assertNotBanned(input.email);
      const user = await usersRepository.findByEmail(db.kysely, input.email);
      if (!user?.password_hash) await checkDecoy(input.password);
      if (!user) throw notFound('user_not_found', M.userNotFound);
      assertMayEnter(user);
      const at = now();
      if (user.locked_until !== null && user.locked_until > at)
        throw tooMany('locked', M.tooManyAttempts);
      if (!user.password_hash) throw unauthorized('invalid_credentials', M.invalidCredentials);
      // The tries are counted before the password is checked, so concurrent
      // guesses cannot get past the lockout; a right one resets them.
      const pair = { userId: user.id, client };
      const window = { at, windowMs: FAILURE_WINDOW_MS };
      const tries = await authRepository.takeClientLoginTry(db.kysely, pair, {
        ...window,
        max: LOCK_AFTER_FAILURES,
      });
      if (tries === undefined) throw tooMany('locked', M.tooManyAttempts);
      const accountTries = await usersRepository.takeLoginTry(
        db.kysely,
        user.id,
        at,
        FAILURE_WINDOW_MS,
        ACCOUNT_LOCK_AFTER_FAILURES,
      );
      if (accountTries === undefined) throw tooMany('locked', M.tooManyAttempts);
      if (!(await verifyPassword(input.password, user.password_hash))) {
        if (accountTries >= ACCOUNT_LOCK_AFTER_FAILURES) await lock(user.id, at);
        else if (tries >= LOCK_AFTER_FAILURES)
          await authRepository.lockClient(db.kysely, pair, at + LOCK_MS);
        else throw unauthorized('wrong_password', M.wrongPassword);
        throw tooMany('locked', M.tooManyAttempts);
      }
      await unlock(db.kysely, user.id);
      await authRepository.clearLoginFailures(db.kysely, user.id, client);
      analytics.record(user, 'Login', { method: 'password' });
      return user;
    },

    async requestMagicLink(
      input: { email: string; first?: string; last?: string },
      campus: Campus,
    ): Promise<void> {
      assertNotBanned(input.email);
      const email = normalizeEmail(input.email);
      const registering = Boolean(input.first && input.last);
      const existing = await usersRepository.findByEmail(db.kysely, email);
      if (!registering && !existing) throw notFound('user_not_found', M.userNotFound);
      const token = newSecret();
      const at = now();
      await assertLinkAllowed(email, 'magic', at);
      const link = new URL('/login/sent', siteUrl(campus));
      link.searchParams.set('email', email);
      if (registering && !existing) {
        link.searchParams.set('first', input.first!);
        link.searchParams.set('last', input.last!);
      }
      link.searchParams.set('token', token);
      await db.kysely.transaction().execute(async (trx) => {
        await authRepository.insertToken(trx, {
          id: hashSecret(token),
          purpose: 'magic',
          email,
          user_id: existing?.id ?? null,
          first_name: registering ? input.first! : null,
          last_name: registering ? input.last! : null,
          campus_id: campus.id,
          created_at: at,
          expires_at: at + LINK_MS,
          used_at: null,
        });
        await enqueueMail(
          trx,
          magicLinkMail(campus, email, link.toString(), registering && !existing),
          at,
        );
      });
    },

    async completeMagicLink(input: {
      token: string;
      email: string;
    }): Promise<{ user: UserRow; registered: boolean }> {
      const at = now();
      const token = await authRepository.findToken(db.kysely, hashSecret(input.token), 'magic');
      if (!token || token.used_at !== null || token.expires_at <= at)
        throw badRequest('link_expired', M.linkExpired);
      if (token.email !== normalizeEmail(input.email))
        throw badRequest('wrong_email', M.wrongEmail);
      assertNotBanned(token.email);
      const opened = await db.kysely.transaction().execute(async (trx) => {
        if (!(await authRepository.useToken(trx, token.id, at)))
          throw badRequest('link_expired', M.linkExpired);
        const existing = await usersRepository.findByEmail(trx, token.email);
        if (existing) {
          assertMayEnter(existing);
          // The link proves the address: it also lifts a lockout (docs/security.md).
          await authRepository.clearLoginFailures(trx, existing.id);
          await usersRepository.update(trx, existing.id, {
            failed_logins: 0,
            failed_login_window_start: null,
            locked_until: null,
            verified: true,
            updated_at: at,
          });
          return { user: (await usersRepository.findById(trx, existing.id))!, registered: false };
        }
        if (!token.first_name || !token.last_name) throw notFound('user_not_found', M.userNotFound);
        const user = await createAccount(
          trx,
          {
            email: token.email,
            firstName: token.first_name,
            lastName: token.last_name,
            campusId: token.campus_id ?? GENERIC_CAMPUS_ID,
            passwordHash: null,
            verified: true,
          },
          at,
        );
        return { user, registered: true };
      });
      analytics.record(opened.user, opened.registered ? 'Complete Registration' : 'Login', {
        method: 'link',
      });
      return opened;
    },

    async forgotPassword(emailInput: string, campus: Campus): Promise<void> {
      const email = normalizeEmail(emailInput);
      assertNotBanned(email);
      const user = await usersRepository.findByEmail(db.kysely, email);
      if (!user) throw notFound('user_not_found', M.resetUserNotFound);
      const token = newSecret();
      const at = now();
      await assertLinkAllowed(email, 'reset', at);
      const link = new URL('/reset_password', siteUrl(campus));
      link.searchParams.set('token', token);
      await db.kysely.transaction().execute(async (trx) => {
        await authRepository.insertToken(trx, {
          id: hashSecret(token),
          purpose: 'reset',
          email,
          user_id: user.id,
          first_name: null,
          last_name: null,
          campus_id: campus.id,
          created_at: at,
          expires_at: at + LINK_MS,
          used_at: null,
        });
        await enqueueMail(trx, passwordResetMail(campus, email, link.toString()), at);
      });
    },

    async resetPassword(input: { token: string; password: string }): Promise<UserRow> {
      assertStrongPassword(input.password);
      const at = now();
      const token = await authRepository.findToken(db.kysely, hashSecret(input.token), 'reset');
      if (!token || token.used_at !== null || token.expires_at <= at || !token.user_id) {
        throw badRequest('link_expired', M.linkExpired);
      }
      // Reset signs the user in: the ban applies here as at every sign-in.
      assertNotBanned(token.email);
      const resetting = await usersRepository.findById(db.kysely, token.user_id);
      if (resetting) assertMayEnter(resetting);
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      const user = await db.kysely.transaction().execute(async (trx) => {
        if (!(await authRepository.useToken(trx, token.id, at)))
          throw badRequest('link_expired', M.linkExpired);
        await authRepository.clearLoginFailures(trx, token.user_id!);
        await usersRepository.update(trx, token.user_id!, {
          password_hash: passwordHash,
          failed_logins: 0,
          failed_login_window_start: null,
          locked_until: null,
          updated_at: at,
        });
        const user = await usersRepository.findById(trx, token.user_id!);
        if (!user) throw badRequest('link_expired', M.linkExpired);
        return user;
      });
      // Once the new password is committed, so that no sign-in with the old one can slip in after.
      await sessions.endAllFor(user.id);
      return user;
    },

    async startHandoff(user: UserRow, target: Campus): Promise<string> {
      const token = newSecret();
      const at = now();
      await authRepository.insertToken(db.kysely, {
        id: hashSecret(token),
        purpose: 'handoff',
        email: user.email,
        user_id: user.id,
        first_name: null,
        last_name: null,
        campus_id: target.id,
        created_at: at,
        expires_at: at + HANDOFF_MS,
        used_at: null,
      });
      const url = new URL('/handoff', siteUrl(target));
      url.searchParams.set('token', token);
      return url.toString();
    },

    previewHandoff,

    async finishHandoff(tokenText: string, site: Campus): Promise<UserRow> {
      const user = await previewHandoff(tokenText, site);
      if (!(await authRepository.useToken(db.kysely, hashSecret(tokenText), now())))
        throw badRequest('link_expired', M.linkExpired);
      return user;
    },

    assertNotBanned,
  };
}
export { HttpError };
