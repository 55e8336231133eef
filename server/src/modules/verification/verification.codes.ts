import type { Campus } from '@common/campuses';
import { AUTH_MESSAGES as M } from '@common/messages';
import { v7 as uuidv7 } from 'uuid';
import { badRequest, tooMany } from '../../core/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { enqueueMail } from '../../platform/mail';
import { verificationCodeMail } from '../auth/auth.mails';
import { hashSecret, newCode } from '../auth/secrets';
import { usersRepository } from '../users/users.repository';
import { type CodeRow, verificationRepository } from './verification.repository';

const CODE_VALID_MS = 2 * 60 * 60 * 1000;
const RESEND_AFTER_MS = 30 * 1000;
const MAX_TRIES_PER_CODE = 5;
const MAX_WRONG_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const codeHash = (id: string, code: string) => hashSecret(`${id}:${code}`);

/** What a code proves: the account e-mail, a school e-mail, or a new account e-mail. */
export type CodePurpose = 'account' | 'school_email' | 'email_change';

/**
 * E-mailed 4-digit codes, stored hashed: at most one new code per 30 seconds
 * per address, valid 2 hours, 5 tries each and 20 wrong a day.
 */
export interface CodeBook {
  /** Sends a code to `email` unless one went there in the last 30 seconds. */
  send(
    user: UserRow,
    site: Campus,
    purpose: CodePurpose,
    email: string,
    campusId: string | null,
  ): Promise<{ sent: boolean; email: string }>;
  /**
   * Checks a code and answers its record, or throws "Your code was
   * incorrect. Please try again." (or the daily limit's message). The try
   * is taken before the code is looked at, so concurrent guesses cannot
   * get past the limits.
   */
  check(user: UserRow, purpose: CodePurpose, email: string | null, code: string): Promise<CodeRow>;
}

/** Builds the code book over the verification_codes table. */
export function createCodeBook({ db, now }: { db: Db; now: () => number }): CodeBook {
  return {
    async send(
      user: UserRow,
      site: Campus,
      purpose: CodePurpose,
      email: string,
      campusId: string | null,
    ) {
      const at = now();
      const address = purpose === 'account' ? null : email;
      const recent = await verificationRepository.newest(
        db.kysely,
        user.id,
        purpose,
        address,
        at - RESEND_AFTER_MS,
      );
      if (recent) return { sent: false, email };
      const code = newCode();
      const id = uuidv7();
      await db.kysely.transaction().execute(async (trx) => {
        await verificationRepository.insert(trx, {
          id,
          user_id: user.id,
          code_hash: codeHash(id, code),
          purpose,
          email: address,
          campus_id: campusId,
          attempts: 0,
          created_at: at,
        });
        await enqueueMail(trx, verificationCodeMail(site, email, code), at);
      });
      return { sent: true, email };
    },

    async check(user: UserRow, purpose: CodePurpose, email: string | null, code: string) {
      const at = now();
      const tries = await usersRepository.takeCodeTry(
        db.kysely,
        user.id,
        at,
        DAY_MS,
        MAX_WRONG_PER_DAY,
      );
      if (tries === undefined) throw tooMany('too_many_codes', M.tooManyCodeAttempts);
      const record = await verificationRepository.newest(
        db.kysely,
        user.id,
        purpose,
        email,
        at - CODE_VALID_MS,
      );
      const usable =
        record !== undefined &&
        (await verificationRepository.takeAttempt(db.kysely, record.id, MAX_TRIES_PER_CODE));
      if (!usable || record.code_hash !== codeHash(record.id, code.trim())) {
        if (tries >= MAX_WRONG_PER_DAY) throw tooMany('too_many_codes', M.tooManyCodeAttempts);
        throw badRequest('code_incorrect', M.codeIncorrect);
      }
      await usersRepository.giveBackCodeTry(db.kysely, user.id);
      return record;
    },
  };
}
