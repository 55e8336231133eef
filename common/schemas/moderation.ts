import { z } from 'zod';
import { cursorField, idField, lines, NO_CONTROLS } from './fields';
import { REPORT_TARGETS } from './reports';
import { MODERATION_ACTIONS, SUSPEND_DAYS, MODERATION_MESSAGES } from '../words/moderation';

export * from '../words/moderation';

export const moderationQuerySchema = z.object({ cursor: cursorField.optional() });

export const moderationActionSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS),
    targetId: idField,
    action: z.enum(MODERATION_ACTIONS),
    reason: z
      .string()
      .trim()
      .min(1, MODERATION_MESSAGES.reasonRequired)
      .max(500, MODERATION_MESSAGES.reasonTooLong)
      .refine(lines, NO_CONTROLS),
    days: z
      .number()
      .int(MODERATION_MESSAGES.daysRange)
      .min(SUSPEND_DAYS.min, MODERATION_MESSAGES.daysRange)
      .max(SUSPEND_DAYS.max, MODERATION_MESSAGES.daysRange)
      .optional(),
  })
  .refine((b) => b.action !== 'suspend' || b.days !== undefined, {
    message: MODERATION_MESSAGES.daysRange,
    path: ['days'],
  });
export type ModerationActionBody = z.infer<typeof moderationActionSchema>;

const personSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** One reported thing with its open reports. */
export const moderationItemSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** Whom an action is against: the author, the sender, or the student. */
  student: personSchema,
  /** The post's or comment's text, the message's; null for a profile. */
  text: z.string().nullable(),
  /** The post to open: the post itself, or a comment's post. */
  postId: z.string().nullable(),
  /** A message's two messages before it, oldest first. */
  before: z.array(z.object({ id: z.string(), senderName: z.string(), text: z.string() })),
  /** A profile's basics. */
  bio: z.string().nullable(),
  reporters: z.number(),
  reasons: z.array(z.string()),
  lastReportedAt: z.number(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationPageSchema = z.object({
  items: z.array(moderationItemSchema),
  nextCursor: z.string().nullable(),
});
export type ModerationPage = z.infer<typeof moderationPageSchema>;

export const moderationDoneSchema = z.object({ message: z.string() });
