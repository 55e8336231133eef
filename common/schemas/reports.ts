import { z } from 'zod';
import { idField } from './fields';
import { PROFILE_MESSAGES, reportBodySchema } from './profiles';

/**
 * Reports of posts, comments, messages and students (ADR 019). The alerts
 * of the others follow the words of a student's report.
 */
/** `review`: a review left after a sale (ADR 052). */
export const REPORT_TARGETS = ['post', 'comment', 'message', 'user', 'review'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_MESSAGES = {
  reported: {
    post: 'Post Reported. Thanks for letting us know.',
    comment: 'Comment Reported. Thanks for letting us know.',
    message: 'Message Reported. Thanks for letting us know.',
    user: PROFILE_MESSAGES.userReported,
    review: 'Review Reported. Thanks for letting us know.',
  },
  ownContent: 'You cannot report your own post or message.',
  reviewNotFound: 'That review is not shown.',
  notYourself: PROFILE_MESSAGES.notYourself,
  userNotFound: 'User not found, try again!',
  messageNotFound: 'That message no longer exists.',
  title: {
    post: 'Report this post?',
    comment: 'Report this comment?',
    message: 'Report this message?',
    review: 'Report this review?',
  },
  text: 'Tell us what is wrong. The student is not told who reported them.',
} as const;

export const createReportSchema = reportBodySchema.extend({
  targetType: z.enum(REPORT_TARGETS),
  targetId: idField,
});
export type CreateReportBody = z.infer<typeof createReportSchema>;

export const reportCreatedSchema = z.object({ message: z.string() });
