import { z } from 'zod';
import { authorSchema } from './posts';
import { PROFILE_MESSAGES } from './profiles';

/**
 * Blocks between students (ADR 024, 037): Quad's own words.
 */
export const BLOCK_MESSAGES = {
  block: 'Block',
  unblock: 'Unblock',
  confirmTitle: (username: string) => `Block @${username}?`,
  confirmText:
    "They won't be able to message, reply to or mention you, or see your posts in their feed, search or on your profile, and you won't see theirs.",
  blocked: (username: string) => `@${username} is blocked.`,
  unblocked: (username: string) => `@${username} is unblocked.`,
  notYourself: "You can't block yourself.",
  userNotFound: PROFILE_MESSAGES.notFoundTitle,
  cantMessage: "You can't message this student.",
  cantReply: "You can't reply to this student.",
  cantMention: "You can't mention this student.",
  cantSave: "You can't save this student's posts.",
  settingsRow: 'Blocked students',
  settingsTitle: 'Blocked students',
  settingsHint: 'Students you block cannot message, reply to or mention you, or see your posts.',
  empty: "You haven't blocked anyone.",
} as const;

/** `PUT`/`DELETE /api/users/:username/block`: the state it leaves, with its alert. */
export const blockResultSchema = z.object({ blocked: z.boolean(), message: z.string() });
export type BlockResult = z.infer<typeof blockResultSchema>;

/** `GET /api/blocks`: the viewer's blocked students, last blocked first. */
export const blockListSchema = z.object({
  items: z.array(authorSchema.extend({ blockedAt: z.number() })),
});
export type BlockList = z.infer<typeof blockListSchema>;
