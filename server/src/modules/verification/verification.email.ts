import { type Campus, campusUrl } from '@common/campuses';
import type { CampusService } from '../campuses/campuses.service';
import { AUTH_MESSAGES } from '@common/messages';
import { ACCOUNT_MESSAGES as A } from '@common/schemas/account';
import { badRequest, conflict } from '../../core/errors';
import { requireSignedIn } from '../../core/policies/roles';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/kysely';
import type { AuthTokensTable, UserRow } from '../../db/schema';
import { enqueueMail, type OutgoingMail } from '../../platform/mail';
import { campusMail, mailButton } from '../../platform/mail/branded';
import type { AccountLinks } from '../auth/account-links.service';
import type { SessionService } from '../auth/sessions.service';
import { usersRepository } from '../users/users.repository';
import type { CodeBook } from './verification.codes';
import { verificationRepository } from './verification.repository';
import { escapeHtml } from '@common/text';

const HOUR_MS = 60 * 60 * 1000;
/** How long the old address may undo a change (ADR 036). */
export const UNDO_DAYS = 7;
const UNDO_MS = UNDO_DAYS * 24 * HOUR_MS;
/** Like the magic and reset links: one hour. */
const APPROVE_MS = HOUR_MS;

/** The old address hears of the change with a link that undoes it for 7 days (ADR 036). */
export function emailChangedMail(
  campus: Campus,
  to: string,
  newEmail: string,
  undoLink: string,
): OutgoingMail {
  const undo = `If you did not do this, undo the change within ${UNDO_DAYS} days with this link: it gives your account its e-mail back and signs out every device.`;
  return campusMail(campus, {
    to,
    subject: `Your ${campus.productName} e-mail was changed`,
    heading: 'Your e-mail was changed',
    html: `<p>Your account now signs in with <strong>${escapeHtml(newEmail)}</strong>.</p><p>${undo}</p>${mailButton(undoLink, 'Undo this change')}`,
    text: `Your ${campus.productName} account now signs in with ${newEmail}.\n\n${undo}\n\n${undoLink}`,
  });
}

/** An account without a password confirms a new e-mail from its current address (ADR 036). */
export function approveEmailChangeMail(
  campus: Campus,
  to: string,
  newEmail: string,
  link: string,
): OutgoingMail {
  const ask = `Someone signed in to your account asked to change its e-mail to ${newEmail}.`;
  const how =
    'If it was you, confirm with this link within 1 hour, then enter the code we send to the new address. If not, ignore this e-mail: nothing changes.';
  return campusMail(campus, {
    to,
    subject: `Confirm your new ${campus.productName} e-mail`,
    heading: 'Confirm your new e-mail',
    html: `<p>${escapeHtml(ask)}</p><p>${how}</p>${mailButton(link, 'Confirm the change')}`,
    text: `${ask}\n\n${how}\n\n${link}`,
  });
}

export interface EmailChangeDeps {
  db: Db;
  codes: CodeBook;
  links: AccountLinks;
  /** Checks a password against its stored hash. */
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
  sessions: Pick<SessionService, 'endAllFor'>;
  publicUrl: string;
  /** The campus a pending change was asked on (ADR 054). */
  campuses: Pick<CampusService, 'getOrDefault'>;
  now: () => number;
}

/** A link to a page of the site; `email` is shown by the page, the token alone decides. */
function linkTo(publicUrl: string, site: Campus, path: string, token: string, email: string) {
  const url = new URL(path, campusUrl(publicUrl, site.id));
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  return url.toString();
}
/** The token's campus, or the default campus when it names none. */
const campusOf = (campuses: EmailChangeDeps['campuses'], row: AuthTokensTable): Campus =>
  campuses.getOrDefault(row.campus_id);
const expired = () => badRequest('link_expired', AUTH_MESSAGES.linkExpired);

/** The current address confirms the change of an account that has no password. */
async function askCurrentAddress(
  { db, links, publicUrl, now }: EmailChangeDeps,
  user: UserRow,
  site: Campus,
  email: string,
) {
  await db.kysely.transaction().execute(async (trx) => {
    const token = await links.issue(trx, {
      purpose: 'email_change_approve',
      userId: user.id,
      email,
      campusId: site.id,
      lifetimeMs: APPROVE_MS,
    });
    const link = linkTo(publicUrl, site, '/email_change/approve', token, email);
    await enqueueMail(trx, approveEmailChangeMail(site, user.email, email, link), now());
  });
  return { sent: true, email, approvalSentTo: user.email };
}

/** Builds VerificationService's undoEmailChange (documented there). */
export function createEmailUndo({ db, links, sessions, now }: EmailChangeDeps) {
  return async function undoEmailChange(token: string): Promise<{ email: string }> {
    const row = await links.find(token, 'email_undo');
    if (!row) throw expired();
    const userId = row.user_id!;
    const at = now();
    try {
      await db.kysely.transaction().execute(async (trx) => {
        if (!(await links.use(trx, row))) throw expired();
        const owner = await usersRepository.findByEmail(trx, row.email);
        if (owner && owner.id !== userId) throw conflict('email_taken', A.emailTaken);
        // A Google account of the new address may have linked itself meanwhile;
        // the owner's own Google links again at their next Google sign-in.
        await usersRepository.update(trx, userId, {
          email: row.email,
          google_sub: null,
          failed_logins: 0,
          failed_login_window_start: null,
          locked_until: null,
          updated_at: at,
        });
        await verificationRepository.deleteAll(trx, userId, 'email_change');
        await links.voidAfterUndo(trx, userId, row.created_at);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('email_taken', A.emailTaken);
      throw error;
    }
    await sessions.endAllFor(userId);
    return { email: row.email };
  };
}

/**
 * Changing the account e-mail (ADR 036): the current
 * password (or, for an account without one, a link to the current address)
 * lets a code go to the new address, and the e-mail changes only when it
 * comes back. The change ends every other session, and the old address gets a
 * link that undoes it for 7 days: a session alone cannot take the account.
 */
export interface EmailChange {
  /**
   * "Email sent": with the right current password a code to the new address
   * (at most one per 30 seconds); without a password, a link to the current one.
   */
  requestEmailChange(
    user: UserRow | null,
    site: Campus,
    input: { email: string; currentPassword: string },
  ): Promise<EmailChangeSent>;
  /** The link from the current address: the code goes to the new one. No session needed. */
  approveEmailChange(token: string): Promise<{ email: string }>;
  /**
   * The code from the new address: the e-mail changes, every other session
   * ends, and the old address gets its undo link.
   */
  confirmEmailChange(
    user: UserRow | null,
    site: Campus,
    keepToken: string | null,
    input: { email: string; code: string },
  ): Promise<UserRow>;
}

/**
 * Where the change's first step went: `email` is where the code went, or the
 * new address when the code waits for the link sent to `approvalSentTo`.
 */
export interface EmailChangeSent {
  sent: boolean;
  email: string;
  approvalSentTo: string | null;
}

/** Builds the steps of an e-mail change. */
export function createEmailChange(deps: EmailChangeDeps): EmailChange {
  const { db, codes, links, verifyPassword, sessions, publicUrl, now } = deps;
  async function free(user: UserRow, email: string) {
    if (email === user.email) throw badRequest('same_email', A.emailSame);
    const owner = await usersRepository.findByEmail(db.kysely, email);
    if ((owner && owner.id !== user.id) || (await links.held(db.kysely, email, user.id)))
      throw conflict('email_taken', A.emailTaken);
  }

  return {
    async requestEmailChange(
      user: UserRow | null,
      site: Campus,
      input: { email: string; currentPassword: string },
    ): Promise<EmailChangeSent> {
      requireSignedIn(user);
      await free(user, input.email);
      if (!user.password_hash) return askCurrentAddress(deps, user, site, input.email);
      if (!input.currentPassword)
        throw badRequest('current_password_required', A.currentPasswordRequired);
      if (!(await verifyPassword(input.currentPassword, user.password_hash)))
        throw badRequest('current_password_wrong', A.currentPasswordWrong);
      const sent = await codes.send(user, site, 'email_change', input.email, null);
      return { ...sent, approvalSentTo: null };
    },

    async approveEmailChange(token: string): Promise<{ email: string }> {
      const row = await links.find(token, 'email_change_approve');
      const user = row && (await usersRepository.findById(db.kysely, row.user_id!));
      if (!row || !user) throw expired();
      await free(user, row.email);
      if (!(await links.use(db.kysely, row))) throw expired();
      await codes.send(user, campusOf(deps.campuses, row), 'email_change', row.email, null);
      return { email: row.email };
    },

    async confirmEmailChange(
      user: UserRow | null,
      site: Campus,
      keepToken: string | null,
      input: { email: string; code: string },
    ): Promise<UserRow> {
      requireSignedIn(user);
      await free(user, input.email);
      await codes.check(user, 'email_change', input.email, input.code);
      const at = now();
      let changed: UserRow;
      try {
        changed = await db.kysely.transaction().execute(async (trx) => {
          await usersRepository.update(trx, user.id, { email: input.email, updated_at: at });
          await verificationRepository.deleteAll(trx, user.id, 'email_change');
          const token = await links.issue(trx, {
            purpose: 'email_undo',
            userId: user.id,
            email: user.email,
            campusId: site.id,
            lifetimeMs: UNDO_MS,
          });
          const undo = linkTo(publicUrl, site, '/email_change/undo', token, user.email);
          await enqueueMail(trx, emailChangedMail(site, user.email, input.email, undo), at);
          return (await usersRepository.findById(trx, user.id))!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('email_taken', A.emailTaken);
        throw error;
      }
      await sessions.endAllFor(user.id, keepToken ? { except: keepToken } : {});
      return changed;
    },
  };
}
