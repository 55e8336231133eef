import type { Campus } from '@common/campuses';
import { ACCOUNT_MESSAGES as A } from '@common/schemas/account';
import { badRequest, conflict } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { enqueueMail, type OutgoingMail } from '../../platform/mail';
import { brandedMail, escapeHtml } from '../../platform/mail/branded';
import { requireSignedIn } from '../../core/policies/roles';
import { usersRepository } from '../users/users.repository';
import type { CodeBook } from './verification.codes';
import { verificationRepository } from './verification.repository';

/** The old address hears of the change, so a stolen session cannot move an account quietly. */
export function emailChangedMail(campus: Campus, to: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: `Your ${campus.productName} e-mail was changed`,
    html: brandedMail(
      campus,
      'Your e-mail was changed',
      `<p>Your account now signs in with <strong>${escapeHtml(newEmail)}</strong>.</p><p>If you did not do this, reset your password at once and write to us.</p>`,
    ),
    text: `Your ${campus.productName} account now signs in with ${newEmail}.\n\nIf you did not do this, reset your password at once and write to us.`,
  };
}

/**
 * Changing the account e-mail (companion §2 "email"; issue 12): a code goes
 * to the new address and the e-mail changes only when it comes back.
 */
export function createEmailChange({
  db,
  codes,
  now,
}: {
  db: Db;
  codes: CodeBook;
  now: () => number;
}) {
  async function free(user: UserRow, email: string) {
    if (email === user.email) throw badRequest('same_email', A.emailSame);
    const owner = await usersRepository.findByEmail(db.kysely, email);
    if (owner && owner.id !== user.id) throw conflict('email_taken', A.emailTaken);
  }

  return {
    /** "Email sent": a code to the new address (at most one per 30 seconds). */
    async requestEmailChange(user: UserRow | null, site: Campus, email: string) {
      requireSignedIn(user);
      await free(user, email);
      return codes.send(user, site, 'email_change', email, null);
    },

    /** The code from the new address: the e-mail changes and the old address is told. */
    async confirmEmailChange(
      user: UserRow | null,
      site: Campus,
      input: { email: string; code: string },
    ): Promise<UserRow> {
      requireSignedIn(user);
      await free(user, input.email);
      await codes.check(user, 'email_change', input.email, input.code);
      const at = now();
      try {
        return await db.kysely.transaction().execute(async (trx) => {
          await usersRepository.update(trx, user.id, { email: input.email, updated_at: at });
          await verificationRepository.deleteAll(trx, user.id, 'email_change');
          await enqueueMail(trx, emailChangedMail(site, user.email, input.email), at);
          return (await usersRepository.findById(trx, user.id))!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('email_taken', A.emailTaken);
        throw error;
      }
    },
  };
}
