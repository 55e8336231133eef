import type { Campus } from '@common/campuses';
import { type CreateReportBody, REPORT_MESSAGES as M } from '@common/schemas/reports';
import { v7 as uuidv7 } from 'uuid';
import { badRequest, notFound } from '../../core/errors';
import * as campusPolicy from '../../core/policies/campus';
import * as postPolicy from '../../core/policies/post';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { ChatsService } from '../chats/chats.service';
import type { PostsService } from '../posts/posts.service';
import type { SalesService } from '../sales/sales.service';
import { usersRepository } from '../users/users.repository';
import { type ReportRow, reportsRepository as reports } from './reports.repository';

export interface ReportsServiceDeps {
  db: Db;
  posts: Pick<PostsService, 'find'>;
  chats: Pick<ChatsService, 'readable'>;
  /** Whether the viewer may report a review (modules/sales, ADR 052). */
  reviews: Pick<SalesService, 'reportable'>;
  now?: () => number;
}

/** Reports of what a student can see, for the campus's moderators (ADR 019). */
export interface ReportsService {
  /**
   * A verified student of the campus reports what they can see — a post, a
   * comment, a message of their own chats, a classmate — never their own.
   * Stored once per reporter and target for the campus's moderators; the
   * reported student is not told. The answer's message names what was
   * reported ("Post Reported. Thanks for letting us know.").
   */
  report(
    user: UserRow | null,
    campus: Campus,
    body: CreateReportBody,
  ): Promise<{ message: string }>;
}

/** Builds the reports service. */
export function createReportsService({
  db,
  posts,
  chats,
  reviews,
  now = Date.now,
}: ReportsServiceDeps): ReportsService {
  /**
   * What the report points at, once the viewer is allowed to report it, and
   * the campus it belongs to (ADR 040): the post's, the student's, the
   * sender's — not the reporter's, who may have moved campus since.
   */
  async function targetOf(
    user: UserRow | null,
    campus: Campus,
    { targetType, targetId }: CreateReportBody,
  ): Promise<{ target: ReportRow['target']; campusId: string }> {
    campusPolicy.canRead(user, campus);
    if (targetType === 'user') {
      if (targetId === user.id) throw badRequest('own_profile', M.notYourself);
      const student = await reports.findStudent(db.kysely, targetId, campus.id);
      if (!student) throw notFound('not_found', M.userNotFound);
      return { target: { userId: student.id }, campusId: campus.id };
    }
    if (targetType === 'review') {
      const review = await reviews.reportable(user, campus, targetId);
      return { target: { reviewId: review.id }, campusId: review.campusId };
    }
    if (targetType === 'message') {
      const message = await chats.readable(user, campus, targetId);
      if (message.sender_id === user.id) throw badRequest('own_content', M.ownContent);
      const sender = await usersRepository.findById(db.kysely, message.sender_id);
      return { target: { messageId: message.id }, campusId: sender?.campus_id ?? campus.id };
    }
    const post = await posts.find(targetId);
    postPolicy.canRead(user, campus, post);
    // A post and a comment are one table; the wrong kind is as missing as no row.
    if ((post!.parent_id === null) !== (targetType === 'post'))
      postPolicy.canRead(user, campus, null);
    if (post!.author_id === user.id) throw badRequest('own_content', M.ownContent);
    return { target: { postId: post!.id }, campusId: post!.campus_id };
  }

  return {
    async report(user: UserRow | null, campus: Campus, body: CreateReportBody) {
      const { target, campusId } = await targetOf(user, campus, body);
      await reports.insert(db.kysely, {
        id: uuidv7(),
        reporterId: user!.id,
        campusId,
        target,
        reason: body.reason,
        now: now(),
      });
      return { message: M.reported[body.targetType] };
    },
  };
}
