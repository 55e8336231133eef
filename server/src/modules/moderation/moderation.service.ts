import type { Campus } from '@common/campuses';
import {
  AUTO_SUSPEND,
  MODERATION_MESSAGES as M,
  type ModerationActionBody,
  type ModerationPage,
} from '@common/schemas/moderation';
import type { ReportTarget } from '@common/schemas/reports';
import { v7 as uuidv7 } from 'uuid';
import { decodeKeyset, encodeKeyset } from '../../core/cursor';
import { badRequest, notFound } from '../../core/errors';
import * as moderationPolicy from '../../core/policies/moderation';
import type { Db } from '../../db/kysely';
import type { Executor, PostRow, UserRow } from '../../db/schema';
import type { ChatsService } from '../chats/chats.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PostsService } from '../posts/posts.service';
import type { SalesService } from '../sales/sales.service';
import { usersRepository } from '../users/users.repository';
import { presentQueue, targetKey } from './moderation.presenter';
import { moderationRepository as repo, type TargetColumn } from './moderation.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Open reported things per page of the queue. */
export const QUEUE_PAGE = 10;

const COLUMN: Record<ReportTarget, TargetColumn> = {
  post: 'target_post_id',
  comment: 'target_post_id',
  message: 'target_message_id',
  user: 'target_user_id',
  review: 'target_review_id',
};

export interface ModerationServiceDeps {
  db: Db;
  moderators: moderationPolicy.Moderators;
  posts: Pick<PostsService, 'find' | 'removeIn'>;
  chats: Pick<ChatsService, 'redactIn'>;
  /** A review's removal (modules/sales, ADR 052). */
  reviews: Pick<SalesService, 'removeIn'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Ends every session of the student on every server (a suspension or ban). */
  endSessions: (userId: string) => Promise<void>;
  now?: () => number;
}

/** What an action is about: the thing reported and the student it is against. */
interface Target {
  type: ReportTarget;
  id: string;
  studentId: string;
  post?: PostRow;
}

/**
 * The reported thing, or the queue's 404. A student or a message is the
 * campus's while it has open reports of the campus (`act` checks): its
 * author may have moved campus since, and the report stays where it was
 * made (ADR 040).
 */
async function targetOf(
  db: Db,
  posts: ModerationServiceDeps['posts'],
  campus: Campus,
  body: ModerationActionBody,
): Promise<Target> {
  const gone = () => notFound('reports_gone', M.reportGone);
  if (body.targetType === 'user') {
    const [student] = await repo.students(db.kysely, [body.targetId]);
    if (!student) throw gone();
    return { type: 'user', id: student.id, studentId: student.id };
  }
  if (body.targetType === 'review') {
    const [review] = await repo.reviewsWithAuthors(db.kysely, [body.targetId]);
    if (!review || review.campus_id !== campus.id) throw gone();
    return { type: 'review', id: review.id, studentId: review.user_id };
  }
  if (body.targetType === 'message') {
    const [message] = await repo.messagesWithSenders(db.kysely, [body.targetId]);
    if (!message) throw gone();
    return { type: 'message', id: message.id, studentId: message.user_id };
  }
  const post = await posts.find(body.targetId);
  if (
    !post ||
    post.campus_id !== campus.id ||
    (post.parent_id === null) !== (body.targetType === 'post')
  )
    throw gone();
  return { type: body.targetType, id: post.id, studentId: post.author_id, post };
}

/** Suspends the student until `until` unless already out longer. */
async function suspend(trx: Executor, studentId: string, until: number) {
  const student = await usersRepository.findById(trx, studentId);
  const current = student?.suspended_until == null ? 0 : Number(student.suspended_until);
  if (until > current) await usersRepository.update(trx, studentId, { suspended_until: until });
}

/**
 * The third upheld action against the student within 90 days (counted since
 * the last automatic suspension) suspends them for 7 days, logged as the
 * system's. Returns whether it did.
 */
async function suspendAutomatically(trx: Executor, campus: Campus, target: Target, at: number) {
  const windowStart = at - AUTO_SUSPEND.windowDays * DAY_MS;
  const last = await repo.lastAutomatic(trx, target.studentId);
  const since = last === null ? windowStart : Math.max(windowStart, last + 1);
  if ((await repo.upheldSince(trx, target.studentId, since)) < AUTO_SUSPEND.upheld) return false;
  await suspend(trx, target.studentId, at + AUTO_SUSPEND.days * DAY_MS);
  await repo.log(trx, {
    id: uuidv7(),
    campus_id: campus.id,
    moderator_id: null,
    target_type: 'user',
    target_id: target.studentId,
    target_user_id: target.studentId,
    action: 'suspend',
    reason: `${AUTO_SUSPEND.upheld} upheld reports within ${AUTO_SUSPEND.windowDays} days`,
    days: AUTO_SUSPEND.days,
    created_at: at,
  });
  return true;
}

/** A page of the campus's queue. */
async function queuePage(
  db: Db,
  campus: Campus,
  cursor: string | undefined,
): Promise<ModerationPage> {
  const rows = await repo.openTargets(db.kysely, campus.id, QUEUE_PAGE, decodeKeyset(cursor));
  const ids = (column: TargetColumn) =>
    rows.flatMap((r) => (r[column] === null ? [] : [r[column]]));
  const [reasons, postRows, messageRows, before, studentRows, reviewRows] = await Promise.all([
    repo.openReasons(db.kysely, campus.id, rows),
    repo.postsWithAuthors(db.kysely, ids('target_post_id')),
    repo.messagesWithSenders(db.kysely, ids('target_message_id')),
    repo.twoBefore(db.kysely, ids('target_message_id')),
    repo.students(db.kysely, ids('target_user_id')),
    repo.reviewsWithAuthors(db.kysely, ids('target_review_id')),
  ]);
  const items = presentQueue(campus.id, rows, {
    reasons,
    postRows,
    messageRows,
    before,
    studentRows,
    reviewRows,
  });
  const last = rows[rows.length - 1];
  return {
    items,
    nextCursor:
      last && rows.length === QUEUE_PAGE
        ? encodeKeyset({ at: last.last_at, id: targetKey(last) })
        : null,
  };
}

/** The action, its log and the closing of the reports, in one transaction; what to do after. */
async function applyAction(
  trx: Executor,
  {
    posts,
    chats,
    reviews,
    notifications,
  }: Pick<ModerationServiceDeps, 'posts' | 'chats' | 'reviews' | 'notifications'>,
  {
    user,
    campus,
    target,
    body,
    at,
  }: { user: UserRow; campus: Campus; target: Target; body: ModerationActionBody; at: number },
): Promise<{ afterCommit: (() => void)[]; endsSessions: boolean }> {
  const after: (() => void)[] = [];
  // Reports close before the removal: a post's cascade with it.
  await repo.close(trx, campus.id, COLUMN[target.type], target.id, body.action, at);
  if (body.action === 'remove')
    after.push(
      target.post
        ? await posts.removeIn(trx, target.post)
        : target.type === 'review'
          ? await reviews.removeIn(trx, target.id, at)
          : await chats.redactIn(trx, target.id, M.removedMessage),
    );
  await repo.log(trx, {
    id: uuidv7(),
    campus_id: campus.id,
    moderator_id: user.id,
    target_type: target.type,
    target_id: target.id,
    target_user_id: target.studentId,
    action: body.action,
    reason: body.reason,
    days: body.action === 'suspend' ? body.days! : null,
    created_at: at,
  });
  if (body.action === 'remove' || body.action === 'warn') {
    const say = body.action === 'remove' ? M.removed : M.warned;
    after.push(
      await notifications.notify(trx, [
        {
          type: 'moderation',
          toUserId: target.studentId,
          from: null,
          postId:
            body.action === 'warn' && target.post ? (target.post.root_id ?? target.post.id) : null,
          message: say(target.type, body.reason),
        },
      ]),
    );
  }
  if (body.action === 'suspend') await suspend(trx, target.studentId, at + body.days! * DAY_MS);
  if (body.action === 'ban') await usersRepository.update(trx, target.studentId, { banned_at: at });
  const automatic =
    body.action !== 'dismiss' &&
    body.action !== 'ban' &&
    (await suspendAutomatically(trx, campus, target, at));
  return {
    afterCommit: after,
    endsSessions: automatic || body.action === 'suspend' || body.action === 'ban',
  };
}

/**
 * Moderation per campus (ADR 025): the campus's moderators
 * read its open reports, one item per reported thing, and dismiss them,
 * remove the content, warn, suspend or ban. Every action is logged and
 * closes the thing's reports; three upheld within 90 days suspend the
 * student for 7 days automatically.
 */
export interface ModerationService {
  /** Whether the viewer moderates the campus (the web shows the page and menu entry). */
  moderates(user: UserRow | null, campus: Campus): boolean;
  /** The campus's open reports, one item per reported thing, most recently reported first. */
  queue(user: UserRow | null, campus: Campus, query: { cursor?: string }): Promise<ModerationPage>;
  /** A moderator's action on a reported thing; its open reports close with the outcome. */
  act(
    user: UserRow | null,
    campus: Campus,
    body: ModerationActionBody,
  ): Promise<{ message: string }>;
}

/** Builds the ModerationService. */
export function createModerationService({
  db,
  moderators,
  posts,
  chats,
  reviews,
  notifications,
  endSessions,
  now = Date.now,
}: ModerationServiceDeps): ModerationService {
  return {
    moderates: (user: UserRow | null, campus: Campus) =>
      moderationPolicy.isModerator(user, campus, moderators),

    async queue(
      user: UserRow | null,
      campus: Campus,
      query: { cursor?: string },
    ): Promise<ModerationPage> {
      moderationPolicy.canModerate(user, campus, moderators);
      return queuePage(db, campus, query.cursor);
    },

    async act(
      user: UserRow | null,
      campus: Campus,
      body: ModerationActionBody,
    ): Promise<{ message: string }> {
      moderationPolicy.canModerate(user, campus, moderators);
      const target = await targetOf(db, posts, campus, body);
      const column = COLUMN[target.type];
      if (!(await repo.hasOpen(db.kysely, campus.id, column, target.id)))
        throw notFound('reports_gone', M.reportGone);
      if (body.action === 'remove' && target.type === 'user')
        throw badRequest('cannot_remove_profile', M.cannotRemoveProfile);
      const at = now();
      const { afterCommit, endsSessions } = await db.kysely
        .transaction()
        .execute((trx) =>
          applyAction(
            trx,
            { posts, chats, reviews, notifications },
            { user, campus, target, body, at },
          ),
        );
      afterCommit.forEach((done) => done());
      if (endsSessions) await endSessions(target.studentId);
      return { message: M.done[body.action] };
    },
  };
}
