import type { Executor, VerificationCodesTable } from '../../db/schema';

export type CodeRow = Omit<VerificationCodesTable, 'attempts'> & { attempts: number };

/** Verification codes (stored hashed) of one user and purpose. */
export const verificationRepository = {
  async insert(db: Executor, code: CodeRow): Promise<void> {
    await db.insertInto('verification_codes').values(code).execute();
  },

  /** The newest code for this user, purpose and address created after `since`. */
  newest(
    db: Executor,
    userId: string,
    purpose: string,
    email: string | null,
    since: number,
  ): Promise<CodeRow | undefined> {
    let query = db
      .selectFrom('verification_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('created_at', '>', since);
    query = email === null ? query.where('email', 'is', null) : query.where('email', '=', email);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  },

  /** Takes one of a code's `max` tries in one statement; false when they are used up. */
  async takeAttempt(db: Executor, id: string, max: number): Promise<boolean> {
    const result = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async deleteAll(db: Executor, userId: string, purpose: string): Promise<void> {
    await db
      .deleteFrom('verification_codes')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
  },
};
