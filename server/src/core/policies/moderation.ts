import type { Campus, CampusId } from '@common/campuses';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import type { UserRow } from '../../db/schema';
import { notFound } from '../errors';

/**
 * Who moderates a campus (ADR 025): a signed-in account
 * whose e-mail is verified and listed for that campus in the configuration
 * (MODERATORS). To anyone else moderation does not exist: 404, as an unknown
 * path, like the operators' analytics (ADR 016).
 */

export type Moderators = Partial<Record<CampusId, readonly string[]>>;

/** Whether the user moderates the campus. */
export function isModerator(user: UserRow | null, campus: Campus, moderators: Moderators): boolean {
  return Boolean(
    user && user.verified && (moderators[campus.id] ?? []).includes(user.email.toLowerCase()),
  );
}

/** The moderation queue and its actions. */
export function canModerate(
  user: UserRow | null,
  campus: Campus,
  moderators: Moderators,
): asserts user is UserRow {
  if (!isModerator(user, campus, moderators))
    throw notFound('not_found', MODERATION_MESSAGES.notFound);
}
