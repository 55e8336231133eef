import {
  type Campus,
  type CampusId,
  campusUrl,
  GENERIC_CAMPUS_ID,
  isSchoolEmail,
} from '@common/campuses';
import { AUTH_MESSAGES as M, MESSAGES } from '@common/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import { requireSignedIn, requireVerified } from '../../core/policies/roles';
import { badRequest, conflict, forbidden } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import type { CampusService } from '../campuses/campuses.service';
import { usersRepository } from '../users/users.repository';
import { createCodeBook } from './verification.codes';
import {
  createEmailChange,
  createEmailUndo,
  type EmailChange,
  type EmailChangeDeps,
} from './verification.email';
import { verificationRepository } from './verification.repository';

export interface VerifyResult {
  user: UserRow;
  redirectTo: string;
  redirectCampus: { id: CampusId; url: string } | null;
}

/**
 * E-mailed 4-digit codes that prove ownership of the account e-mail or of a
 * school e-mail; codes never sign anyone in. The steps of an e-mail change
 * are declared in verification.email.ts.
 */
export interface VerificationService extends EmailChange {
  /** The /verify page asks for a code on arrival; at most one new code per 30 seconds. */
  sendAccountCode(user: UserRow | null, site: Campus): Promise<CodeSent>;
  /** "Send PIN" on the school e-mail page: a code to the school address. */
  sendSchoolCode(
    user: UserRow | null,
    site: Campus,
    input: { schoolEmail: string; campus?: CampusId },
  ): Promise<CodeSent>;
  /** Checks a code; on success marks the account verified or school-verified. */
  verify(
    user: UserRow | null,
    site: Campus,
    input: { code: string; email?: string; campus?: CampusId },
  ): Promise<VerifyResult>;
  /**
   * The old address's link: the e-mail it had comes back, what went to the
   * new address is void (links, and a Google sign-in linked through it),
   * lockouts lift and every session ends, so the owner signs in or resets the
   * password from their own address again.
   */
  undoEmailChange(token: string): Promise<{ email: string }>;
}

/** Whether a code went out, and to which address. */
export interface CodeSent {
  sent: boolean;
  email: string;
}

/** Builds the verification service; every method is named here once. */
export function createVerificationService({
  db,
  config,
  links,
  verifyPassword,
  sessions,
  badgeChanged,
  campuses,
  now = Date.now,
}: {
  db: Db;
  config: Config;
  /** The campuses a student may verify for (ADR 054). */
  campuses: Pick<CampusService, 'get' | 'all' | 'getOrDefault'>;
  /**
   * A student became school-verified: the pages of their campus that show
   * their name drop, so the badge shows on their posts (the posts cache, ADR 049).
   */
  badgeChanged: (campusId: string) => void;
  now?: () => number;
} & Pick<EmailChangeDeps, 'links' | 'verifyPassword' | 'sessions'>): VerificationService {
  const codes = createCodeBook({ db, now });
  const emailChange: EmailChangeDeps = {
    db,
    codes,
    links,
    verifyPassword,
    sessions,
    publicUrl: config.publicUrl,
    campuses,
    now,
  };

  /** The campus whose domains apply: the site's, or on the generic site the one the student chose. */
  function targetCampus(site: Campus, chosen: CampusId | undefined): Campus {
    const campus =
      site.id === GENERIC_CAMPUS_ID ? (chosen ? campuses.get(chosen) : undefined) : site;
    // A retired campus takes no one new (ADR 054).
    const open = campus && (campus.id === site.id || campuses.get(campus.id)?.status === 'active');
    if (!campus || !open || campus.emailDomains.length === 0)
      throw badRequest('no_campus', MESSAGES.somethingWentWrong);
    return campus;
  }

  /**
   * One mailbox, one student (ADR 040): a school e-mail reaching the mailbox
   * of another account (`jane+2@`, a sub-domain) is taken, and refused in
   * the ban's words when that account is banned.
   */
  async function assertMailboxFree(db: Executor, user: UserRow, email: string) {
    const owner = await usersRepository.findBySchoolMailbox(db, email);
    if (!owner || owner.id === user.id) return;
    if (owner.banned_at !== null) throw forbidden('banned', M.banned);
    throw conflict('school_email_taken', M.schoolEmailTaken);
  }

  /**
   * A student who registered with a school address of their campus proved it
   * with the account code: it is their school e-mail too, no second code
   * (ADR 050). On the generic site the address's own school is the campus,
   * as a school code there moves the student to it. Not when another account
   * holds the mailbox (ADR 040): the school e-mail page then says so.
   */
  async function registeredSchoolEmail(db: Executor, user: UserRow) {
    if (user.school_verified) return {};
    const own = campuses.get(user.campus_id);
    const campus =
      user.campus_id === GENERIC_CAMPUS_ID
        ? campuses.all().find((c) => c.status === 'active' && isSchoolEmail(c, user.email))
        : own;
    if (!campus || !isSchoolEmail(campus, user.email)) return {};
    const owner = await usersRepository.findBySchoolMailbox(db, user.email);
    if (owner && owner.id !== user.id) return {};
    return { school_verified: true, school_email: user.email, campus_id: campus.id };
  }

  const change = createEmailChange(emailChange);

  return {
    requestEmailChange: change.requestEmailChange,
    approveEmailChange: change.approveEmailChange,
    confirmEmailChange: change.confirmEmailChange,
    undoEmailChange: createEmailUndo(emailChange),

    async sendAccountCode(user: UserRow | null, site: Campus) {
      requireSignedIn(user);
      if (user.verified) return { sent: false, email: user.email };
      return codes.send(user, site, 'account', user.email, null);
    },

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
      await assertMailboxFree(db.kysely, user, email);
      return codes.send(user, campus, 'school_email', email, campus.id);
    },

    async verify(
      user: UserRow | null,
      site: Campus,
      input: { code: string; email?: string; campus?: CampusId },
    ): Promise<VerifyResult> {
      requireSignedIn(user);
      const at = now();
      const school = Boolean(input.email);
      const purpose = school ? 'school_email' : 'account';
      const email = school ? input.email!.trim().toLowerCase() : null;
      const record = await codes.check(user, purpose, email, input.code);

      const target = school ? (record.campus_id as CampusId | null) : null;
      const updated = await db.kysely
        .transaction()
        .execute(async (trx) => {
          if (school) {
            await assertMailboxFree(trx, user, email!);
            await usersRepository.update(trx, user.id, {
              school_verified: true,
              school_email: email,
              ...(target ? { campus_id: target } : {}),
              updated_at: at,
            });
          } else {
            await usersRepository.update(trx, user.id, {
              verified: true,
              ...(await registeredSchoolEmail(trx, user)),
              updated_at: at,
            });
          }
          await verificationRepository.deleteAll(trx, user.id, purpose);
          return (await usersRepository.findById(trx, user.id))!;
        })
        .catch((error: unknown) => {
          // Another account took the mailbox between the check and the update.
          if (isUniqueViolation(error)) throw conflict('school_email_taken', M.schoolEmailTaken);
          throw error;
        });
      // Their posts stay on the campus they were on (ADR 040), and now carry the badge.
      if (school && !user.school_verified) badgeChanged(user.campus_id);
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
