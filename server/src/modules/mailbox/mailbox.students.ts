import { type Campus, isSchoolEmailDomain } from '@common/campuses';
import { AUTH_MESSAGES as M } from '@common/messages';
import type { RegisterBody } from '@common/schemas/auth';
import { badRequest, conflict } from '../../core/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { usersRepository } from '../users/users.repository';

export interface DevStudentsDeps {
  db: Db;
  /** Registration as the front door does it: the same checks, password hash and analytics. */
  register(input: RegisterBody, campus: Campus): Promise<UserRow>;
  now?: () => number;
}

/**
 * Students made in one step, for end-to-end tests that need them but do not test
 * their making (ADR 035): registered as the front door registers them, then marked
 * verified (and school-verified) as the e-mailed codes would. It lives beside the dev
 * mailbox and exists exactly where it does: the mailbox already hands anyone on this
 * machine every code, so this gives no one more than they had.
 */
export interface DevStudents {
  /**
   * A verified student (school-verified with `schoolEmail`), registered with
   * the same checks as the front door.
   */
  make(
    input: { name: string; email: string; password: string; schoolEmail?: string },
    campus: Campus,
  ): Promise<UserRow>;
}

/** Builds the dev students maker. */
export function createDevStudents({ db, register, now = Date.now }: DevStudentsDeps): DevStudents {
  return {
    async make(
      input: { name: string; email: string; password: string; schoolEmail?: string },
      campus: Campus,
    ): Promise<UserRow> {
      const school = input.schoolEmail?.trim().toLowerCase();
      if (school !== undefined && !isSchoolEmailDomain(campus, school))
        throw badRequest(
          'not_a_school_email',
          `${school} is not an e-mail address of ${campus.name}`,
        );
      // Refused before the account is made, as the school e-mail's code would be: a taken
      // address would otherwise fail the update and leave an unverified account behind.
      if (school !== undefined && (await usersRepository.findBySchoolMailbox(db.kysely, school)))
        throw conflict('school_email_taken', M.schoolEmailTaken);
      const user = await register({ ...input, terms: true }, campus);
      await usersRepository.update(db.kysely, user.id, {
        verified: true,
        ...(school !== undefined ? { school_verified: true, school_email: school } : {}),
        updated_at: now(),
      });
      return (await usersRepository.findById(db.kysely, user.id))!;
    },
  };
}
