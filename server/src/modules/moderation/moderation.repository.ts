import { type SqlBool, sql } from 'kysely';
import type { Keyset } from '../../core/cursor';
import type { Executor } from '../../db/schema';

/** A reported thing, as the reports table points at it: one of the three set. */
export interface TargetColumns {
  target_post_id: string | null;
  target_message_id: string | null;
  target_user_id: string | null;
  /** A review left after a sale (ADR 052). */
  target_review_id: string | null;
}

/** The column of the reports table that points at this kind of target. */
export type TargetColumn = keyof TargetColumns;

/** The id the queue sorts and pages by: whichever target column is set. */
const targetKey = sql<string>`coalesce(r.target_post_id, r.target_message_id, r.target_review_id, r.target_user_id)`;
const lastReported = sql<number>`max(r.created_at)`;

/**
 * The only SQL of moderation (ADR 025): the campus's open reports grouped by
 * what they point at, the reported things in context, the log of actions,
 * and the counts the automatic suspension reads. A report belongs to the
 * campus of its reporter: only a reader of the campus can report (ADR 019).
 */
/** Who wrote a reported post, comment or message: the columns of its author joined as `u`. */
const AUTHOR = ['u.id as user_id', 'u.username', 'u.first_name', 'u.last_name'] as const;

export const moderationRepository = {
  /** One row per reported thing with open reports, the most recently reported first. */
  async openTargets(db: Executor, campusId: string, limit: number, after: Keyset | undefined) {
    let query = db
      .selectFrom('reports as r')
      .where('r.campus_id', '=', campusId)
      .where('r.closed_at', 'is', null)
      .select([
        'r.target_post_id',
        'r.target_message_id',
        'r.target_user_id',
        'r.target_review_id',
        lastReported.as('last_at'),
        sql<number>`count(*)`.as('reporters'),
      ])
      .groupBy([
        'r.target_post_id',
        'r.target_message_id',
        'r.target_user_id',
        'r.target_review_id',
      ]);
    if (after)
      query = query.having((eb) =>
        eb.or([
          eb(lastReported, '<', after.at),
          eb.and([eb(lastReported, '=', after.at), eb(targetKey, '<', after.id)]),
        ]),
      );
    const rows = await query
      .orderBy(lastReported, 'desc')
      .orderBy(targetKey, 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...r,
      last_at: Number(r.last_at),
      reporters: Number(r.reporters),
    }));
  },

  /** The reasons of the open reports on these targets, oldest first. */
  openReasons(db: Executor, campusId: string, targets: TargetColumns[]) {
    const ids = (column: TargetColumn) =>
      targets.flatMap((t) => (t[column] === null ? [] : [t[column]]));
    const posts = ids('target_post_id');
    const messages = ids('target_message_id');
    const users = ids('target_user_id');
    const reviews = ids('target_review_id');
    return db
      .selectFrom('reports as r')
      .where('r.campus_id', '=', campusId)
      .where('r.closed_at', 'is', null)
      .where((eb) =>
        eb.or([
          ...(posts.length ? [eb('r.target_post_id', 'in', posts)] : []),
          ...(messages.length ? [eb('r.target_message_id', 'in', messages)] : []),
          ...(reviews.length ? [eb('r.target_review_id', 'in', reviews)] : []),
          ...(users.length
            ? [
                eb.and([
                  eb('r.target_user_id', 'in', users),
                  eb('r.target_post_id', 'is', null),
                  eb('r.target_message_id', 'is', null),
                  eb('r.target_review_id', 'is', null),
                ]),
              ]
            : []),
        ]),
      )
      .select([
        'r.target_post_id',
        'r.target_message_id',
        'r.target_user_id',
        'r.target_review_id',
        'r.reason',
      ])
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute();
  },

  /** Reviews (ADR 052) with their authors and the listing of their sale. */
  reviewsWithAuthors(db: Executor, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('reviews as rv')
      .innerJoin('sales as s', 's.id', 'rv.sale_id')
      .innerJoin('users as u', 'u.id', 'rv.author_id')
      .where('rv.id', 'in', ids)
      .where('rv.removed_at', 'is', null)
      .select([
        'rv.id',
        'rv.text',
        'rv.stars',
        'rv.campus_id',
        's.listing_id',
        's.title',
        ...AUTHOR,
      ])
      .execute();
  },

  /** Posts and comments with their authors. */
  postsWithAuthors(db: Executor, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .where('p.id', 'in', ids)
      .select(['p.id', 'p.campus_id', 'p.parent_id', 'p.root_id', 'p.text', ...AUTHOR])
      .execute();
  },

  /** Messages with their senders. */
  messagesWithSenders(db: Executor, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('messages as m')
      .innerJoin('users as u', 'u.id', 'm.sender_id')
      .where('m.id', 'in', ids)
      .select(['m.id', 'm.chat_id', 'm.text', 'u.campus_id', ...AUTHOR])
      .execute();
  },

  /** The two messages before each of these in its chat, with their senders' first names: one query. */
  async twoBefore(db: Executor, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('messages as r')
          .innerJoin('messages as m', (join) =>
            join
              .onRef('m.chat_id', '=', 'r.chat_id')
              .on(
                sql<SqlBool>`(m.created_at < r.created_at or (m.created_at = r.created_at and m.id < r.id))`,
              ),
          )
          .innerJoin('users as u', 'u.id', 'm.sender_id')
          .where('r.id', 'in', ids)
          .select([
            'r.id as reported_id',
            'm.id',
            'm.text',
            'm.created_at',
            'u.first_name',
            sql<number>`row_number() over (partition by r.id order by m.created_at desc, m.id desc)`.as(
              'rank',
            ),
          ])
          .as('before'),
      )
      .selectAll()
      .where('rank', '<=', 2)
      .orderBy('reported_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows;
  },

  /** Students (profile basics). */
  students(db: Executor, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .where('id', 'in', ids)
      .select(['id', 'campus_id', 'username', 'first_name', 'last_name', 'bio'])
      .execute();
  },

  /** Whether the target has open reports of this campus. */
  async hasOpen(db: Executor, campusId: string, column: TargetColumn, id: string) {
    const row = await openOf(db, campusId, column, id).select('r.id').executeTakeFirst();
    return row !== undefined;
  },

  /** Closes the target's open reports of this campus with the outcome. */
  async close(
    db: Executor,
    campusId: string,
    column: TargetColumn,
    id: string,
    outcome: string,
    at: number,
  ) {
    const reportIds = openOf(db, campusId, column, id).select('r.id');
    await db
      .updateTable('reports')
      .set({ closed_at: at, outcome })
      .where('id', 'in', reportIds)
      .execute();
  },

  async log(
    db: Executor,
    row: {
      id: string;
      campus_id: string;
      moderator_id: string | null;
      target_type: string;
      target_id: string;
      target_user_id: string;
      action: string;
      reason: string;
      days: number | null;
      created_at: number;
    },
  ) {
    await db.insertInto('moderation_actions').values(row).execute();
  },

  /**
   * Upheld actions (anything but a dismissal) by moderators against the
   * student since `since`.
   */
  async upheldSince(db: Executor, userId: string, since: number): Promise<number> {
    const row = await db
      .selectFrom('moderation_actions')
      .where('target_user_id', '=', userId)
      .where('moderator_id', 'is not', null)
      .where('action', '!=', 'dismiss')
      .where('created_at', '>=', since)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** When the system last suspended the student automatically, if ever. */
  async lastAutomatic(db: Executor, userId: string): Promise<number | null> {
    const row = await db
      .selectFrom('moderation_actions')
      .where('target_user_id', '=', userId)
      .where('moderator_id', 'is', null)
      .select((eb) => eb.fn.max('created_at').as('at'))
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  },
};

/** The target's open reports of this campus (a profile's: those about the student alone). */
function openOf(db: Executor, campusId: string, column: TargetColumn, id: string) {
  let query = db
    .selectFrom('reports as r')
    .where('r.campus_id', '=', campusId)
    .where('r.closed_at', 'is', null)
    .where(`r.${column}`, '=', id);
  if (column === 'target_user_id')
    query = query
      .where('r.target_post_id', 'is', null)
      .where('r.target_message_id', 'is', null)
      .where('r.target_review_id', 'is', null);
  return query;
}
