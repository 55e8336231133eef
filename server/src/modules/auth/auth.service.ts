import { type Campus, campusUrl, GENERIC_CAMPUS_ID } from '@common/campuses';
import { AUTH_MESSAGES as M } from '@common/messages';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { isCommonPassword } from '@common/common-passwords';
import { type LoginBody, PASSWORD_MIN, type RegisterBody } from '@common/schemas/auth';
import { firstFreeUsername, normalizeEmail, parseName, usernameBase } from '@common/text';
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

const LOCK_AFTER_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
const LINK_MS = 60 * 60 * 1000;
const HANDOFF_MS = 5 * 60 * 1000;
/** Sign-ups racing for one name each get one within this many tries. */
const MAX_USERNAME_TRIES = 12;

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  banned: ReadonlySet<string>;
  /** A password reset ends the student's sessions everywhere. */
  sessions: Pick<SessionService, 'endAllFor'>;
  /** Sign-ins and registrations (spec core §7 analytics); nothing recorded when absent. */
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

/** Creates a user with the first free username (spec core §4), retrying if another sign-up takes it first. */
export async function createAccount(
  db: Executor,
  account: NewAccount,
  now: number,
): Promise<UserRow> {
  // An address an undo link may give back to its owner is not free (ADR 036).
  if (await authRepository.addressHeld(db, normalizeEmail(account.email), now))
    throw conflict('email_taken', M.emailTaken);
  const base = usernameBase(account.firstName, account.lastName);
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
        first_name: account.firstName.slice(0, 20),
        last_name: account.lastName.slice(0, 20),
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
 * spec's words, or suspended until a date; null when it may sign in.
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

/** Password and e-mailed-link sign-in, registration and password reset (spec core §4, §5, §8; DESIGN §9). */
export function createAuthService({
  db,
  config,
  banned,
  sessions,
  analytics = noAnalytics,
  now = Date.now,
}: AuthServiceDeps) {
  const assertNotBanned = (email: string) => {
    if (banned.has(normalizeEmail(email))) throw forbidden('banned', M.banned);
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
   * The account a handoff token would sign in to on this site, for its
   * confirmation page; nothing is used or changed. "This link has expired…"
   * when it is unknown, used, expired, for another site or for an account
   * that may not enter.
   */
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
    if (!user || banned.has(user.email) || moderationRefusal(user, at))
      throw badRequest('link_expired', M.linkExpired);
    return user;
  }

  return {
    /** Whether the entry step should go to /login or /register. */
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

    async login(input: LoginBody): Promise<UserRow> {
      assertNotBanned(input.email);
      const user = await usersRepository.findByEmail(db.kysely, input.email);
      if (!user) throw notFound('user_not_found', M.userNotFound);
      assertMayEnter(user);
      const at = now();
      if (user.locked_until !== null && user.locked_until > at)
        throw tooMany('locked', M.tooManyAttempts);
      if (!user.password_hash) throw unauthorized('invalid_credentials', M.invalidCredentials);
      // The try is counted before the password is checked, so concurrent
      // guesses cannot get past the lockout (DESIGN §9); a right one resets it.
      const tries = await usersRepository.takeLoginTry(
        db.kysely,
        user.id,
        at,
        FAILURE_WINDOW_MS,
        LOCK_AFTER_FAILURES,
      );
      if (tries === undefined) throw tooMany('locked', M.tooManyAttempts);
      if (!(await verifyPassword(input.password, user.password_hash))) {
        if (tries < LOCK_AFTER_FAILURES) throw unauthorized('wrong_password', M.wrongPassword);
        await lock(user.id, at);
        throw tooMany('locked', M.tooManyAttempts);
      }
      await unlock(db.kysely, user.id);
      analytics.record(user, 'Login', { method: 'password' });
      return user;
    },

    /** E-mails a single-use sign-in link; with first and last names it will create the account. */
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

    /** Opens an e-mailed link: signs in, or registers when the link carries names (spec core §4). */
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
          // The link proves the address: it also lifts a lockout (DESIGN §9).
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

    /**
     * Sets a new password from a reset link, lifts any lockout and ends every
     * session of the user (whoever knew the old password may be signed in
     * somewhere); the caller signs the resetting device in afresh.
     */
    async resetPassword(input: { token: string; password: string }): Promise<UserRow> {
      assertStrongPassword(input.password);
      const at = now();
      const token = await authRepository.findToken(db.kysely, hashSecret(input.token), 'reset');
      if (!token || token.used_at !== null || token.expires_at <= at || !token.user_id) {
        throw badRequest('link_expired', M.linkExpired);
      }
      // Reset signs the user in: the ban applies here as at every sign-in (DESIGN §9).
      assertNotBanned(token.email);
      const resetting = await usersRepository.findById(db.kysely, token.user_id);
      if (resetting) assertMayEnter(resetting);
      const passwordHash = await hashPassword(input.password, config.passwordHashCost);
      const user = await db.kysely.transaction().execute(async (trx) => {
        if (!(await authRepository.useToken(trx, token.id, at)))
          throw badRequest('link_expired', M.linkExpired);
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

    /**
     * Sessions are per site (host-only cookies): moving a signed-in user to
     * their campus's own site carries them over with a single-use token, which
     * the other site's confirmation page posts back (ADR 036). Five minutes
     * leave a student time to read "Continue as …?".
     */
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

    /** Uses the token (once) and answers its user, whom the caller signs in. */
    async finishHandoff(tokenText: string, site: Campus): Promise<UserRow> {
      const user = await previewHandoff(tokenText, site);
      if (!(await authRepository.useToken(db.kysely, hashSecret(tokenText), now())))
        throw badRequest('link_expired', M.linkExpired);
      return user;
    },

    assertNotBanned,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
export { HttpError };
