import {
  type Campus,
  CAMPUSES,
  type CampusId,
  campusUrl,
  GENERIC_CAMPUS_ID,
  isSchoolEmail,
} from '@common/campuses';
import { AUTH_MESSAGES as M, MESSAGES } from '@common/messages';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { requireSignedIn, requireVerified } from '../../core/policies/roles';
import { badRequest, conflict, tooMany } from '../../core/errors';
import { enqueueMail } from '../../platform/mail';
import { verificationCodeMail } from '../auth/auth.mails';
import { hashSecret, newCode } from '../auth/secrets';
import { usersRepository } from '../users/users.repository';
import { verificationRepository } from './verification.repository';

const CODE_VALID_MS = 2 * 60 * 60 * 1000;
const RESEND_AFTER_MS = 30 * 1000;
const MAX_TRIES_PER_CODE = 5;
const MAX_WRONG_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** DESIGN §11: the usual local-part characters, so jane.doe@duke.edu works. */
const codeHash = (id: string, code: string) => hashSecret(`${id}:${code}`);

export interface VerifyResult {
  user: UserRow;
  redirectTo: string;
  redirectCampus: { id: CampusId; url: string } | null;
}

/**
 * E-mailed 4-digit codes that prove ownership of the account e-mail or of a
 * school e-mail (spec core §4, §5; DESIGN §9). Codes never sign anyone in.
 */
export function createVerificationService({
  db,
  config,
  now = Date.now,
}: {
  db: Db;
  config: Config;
  now?: () => number;
}) {
  /** The campus whose domains apply: the site's, or on the generic site the chosen one (spec core §5). */
  function targetCampus(site: Campus, chosen: CampusId | undefined): Campus {
    const campus = site.id === GENERIC_CAMPUS_ID ? (chosen ? CAMPUSES[chosen] : undefined) : site;
    if (!campus || campus.emailDomains.length === 0)
      throw badRequest('no_campus', MESSAGES.somethingWentWrong);
    return campus;
  }

  async function sendCode(
    user: UserRow,
    site: Campus,
    purpose: 'account' | 'school_email',
    email: string,
    campusId: string | null,
  ) {
    const at = now();
    const recent = await verificationRepository.newest(
      db.kysely,
      user.id,
      purpose,
      purpose === 'account' ? null : email,
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
        email: purpose === 'account' ? null : email,
        campus_id: campusId,
        attempts: 0,
        created_at: at,
      });
      await enqueueMail(trx, verificationCodeMail(site, email, code), at);
    });
    return { sent: true, email };
  }

  return {
    /** The /verify page asks for a code on arrival; at most one new code per 30 seconds. */
    async sendAccountCode(user: UserRow | null, site: Campus) {
      requireSignedIn(user);
      if (user.verified) return { sent: false, email: user.email };
      return sendCode(user, site, 'account', user.email, null);
    },

    /** "Send PIN" on the school e-mail page (spec core §5 "School e-mail"). */
    async sendSchoolCode(
      user: UserRow | null,
      site: Campus,
      input: { schoolEmail: string; campus?: CampusId },
    ) {
      requireVerified(user);
      const email = input.schoolEmail.trim().toLowerCase();
      if (!email || email === user.school_email)
        throw badRequest('same_school_email', M.newSchoolEmail);
      const campus = targetCampus(site, input.campus);
      if (!isSchoolEmail(campus, email))
        throw badRequest('invalid_school_email', M.validSchoolEmail);
      const owner = await usersRepository.findBySchoolEmail(db.kysely, email);
      if (owner && owner.id !== user.id) throw conflict('school_email_taken', M.schoolEmailTaken);
      return sendCode(user, campus, 'school_email', email, campus.id);
    },

    /** Checks a code; on success marks the account verified or school-verified. */
    async verify(
      user: UserRow | null,
      site: Campus,
      input: { code: string; email?: string; campus?: CampusId },
    ): Promise<VerifyResult> {
      requireSignedIn(user);
      const at = now();
      // The try is taken before the code is looked at, so concurrent guesses
      // cannot get past the daily limit or a code's five tries (DESIGN §9).
      const tries = await usersRepository.takeCodeTry(
        db.kysely,
        user.id,
        at,
        DAY_MS,
        MAX_WRONG_PER_DAY,
      );
      if (tries === undefined) throw tooMany('too_many_codes', M.tooManyCodeAttempts);

      const school = Boolean(input.email);
      const purpose = school ? 'school_email' : 'account';
      const email = school ? input.email!.trim().toLowerCase() : null;
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
      if (!usable || record.code_hash !== codeHash(record.id, input.code.trim())) {
        if (tries >= MAX_WRONG_PER_DAY) throw tooMany('too_many_codes', M.tooManyCodeAttempts);
        throw badRequest('code_incorrect', M.codeIncorrect);
      }
      await usersRepository.giveBackCodeTry(db.kysely, user.id);

      const target = school ? (record.campus_id as CampusId | null) : null;
      const updated = await db.kysely.transaction().execute(async (trx) => {
        if (school) {
          const owner = await usersRepository.findBySchoolEmail(trx, email!);
          if (owner && owner.id !== user.id)
            throw conflict('school_email_taken', M.schoolEmailTaken);
          await usersRepository.update(trx, user.id, {
            school_verified: true,
            school_email: email,
            ...(target ? { campus_id: target } : {}),
            updated_at: at,
          });
        } else {
          await usersRepository.update(trx, user.id, { verified: true, updated_at: at });
        }
        await verificationRepository.deleteAll(trx, user.id, purpose);
        return (await usersRepository.findById(trx, user.id))!;
      });
      const redirectCampus =
        school && target && target !== GENERIC_CAMPUS_ID
          ? { id: target, url: campusUrl(config.publicUrl, target) }
          : null;
      return {
        user: updated,
        redirectTo: site.id === GENERIC_CAMPUS_ID ? '/search_schools' : '/home',
        redirectCampus,
      };
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
