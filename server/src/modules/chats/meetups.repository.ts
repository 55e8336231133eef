import type { Executor, Insertable, MeetupsTable, Selectable } from '../../db/schema';

export type MeetupRow = Selectable<MeetupsTable>;

/** An accepted meetup whose reminder is due, with its chat's two students. */
export interface DueMeetup extends MeetupRow {
  user_low: string;
  user_high: string;
}

/** The only SQL over meetups (ADR 026). */
export const meetupsRepository = {
  async insert(db: Executor, row: Insertable<MeetupsTable>): Promise<void> {
    await db.insertInto('meetups').values(row).execute();
  },

  find(db: Executor, id: string): Promise<MeetupRow | undefined> {
    return db.selectFrom('meetups').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Moves it from one of `from` to `status`; false when another request moved it first. */
  async setStatus(
    db: Executor,
    id: string,
    from: readonly string[],
    status: string,
    at: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('meetups')
      .set({ status, updated_at: at })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Accepted meetups still ahead whose reminder time has come and that none was sent for. */
  due(db: Executor, at: number, limit: number): Promise<DueMeetup[]> {
    return db
      .selectFrom('meetups')
      .innerJoin('chats', 'chats.id', 'meetups.chat_id')
      .selectAll('meetups')
      .select(['chats.user_low', 'chats.user_high'])
      .where('meetups.status', '=', 'accepted')
      .where('meetups.remind_at', '<=', at)
      .where('meetups.at', '>', at)
      .where('meetups.reminded_at', 'is', null)
      .orderBy('meetups.remind_at')
      .limit(limit)
      .execute();
  },

  /** Takes the reminder for this server: true for exactly one caller, whatever the servers. */
  async claimReminder(db: Executor, id: string, at: number): Promise<boolean> {
    const result = await db
      .updateTable('meetups')
      .set({ reminded_at: at })
      .where('id', '=', id)
      .where('status', '=', 'accepted')
      .where('reminded_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
