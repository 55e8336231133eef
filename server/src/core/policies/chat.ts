import type { Campus } from '@common/campuses';
import { type ChatCan, CHAT_MESSAGES as M, type MessageCan } from '@common/schemas/chats';
import { POST_MESSAGES } from '@common/schemas/posts';
import type { ChatsTable, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../errors';
import * as campusPolicy from './campus';
import type { PostViewer } from './post';
import { requireSchoolVerified } from './roles';

type ChatPair = Pick<ChatsTable, 'user_low' | 'user_high'>;

/**
 * Who may do what in a chat. A chat exists only
 * for its two participants: to anyone else it is "This conversation doesn't
 * exist" (404), never a 403 that would confirm it.
 */

/** The chat list and a chat's messages: the viewer's own, on their campus. */
export function canRead(
  user: UserRow | null,
  campus: Campus,
  chat: ChatPair | undefined | null,
): asserts user is UserRow {
  campusPolicy.canRead(user, campus);
  if (!isParticipant(user, chat)) throw notFound('chat_not_found', M.missingChat);
}

/** Whether the user is one of the chat's two participants. */
export function isParticipant(user: UserRow, chat: ChatPair | undefined | null): boolean {
  return Boolean(chat && (chat.user_low === user.id || chat.user_high === user.id));
}

/** Reading one's own inbox. */
export function canList(user: UserRow | null, campus: Campus): asserts user is UserRow {
  campusPolicy.canRead(user, campus);
}

/** Sending, hearting and deleting: a school-verified member who is in the chat (a stranger: 404). */
export function canWrite(
  user: UserRow | null,
  campus: Campus,
  chat: ChatPair | undefined | null,
): asserts user is UserRow {
  canRead(user, campus, chat);
  requireSchoolVerified(user);
}

/** Starting a conversation: school-verified members of the same campus, not oneself. */
export function canStart(
  user: UserRow | null,
  campus: Campus,
  other: Pick<UserRow, 'id' | 'campus_id' | 'school_verified'> | undefined | null,
): asserts user is UserRow {
  campusPolicy.canRead(user, campus);
  requireSchoolVerified(user);
  if (!other || other.campus_id !== campus.id || !other.school_verified)
    throw notFound('user_not_found', M.userNotFound);
  if (other.id === user.id) throw badRequest('own_chat', M.notYourself);
}

/**
 * A chat started from a listing is about it (ADR 051): a top-level post of
 * the other student's, on the same campus; anything else is the post's 404.
 */
export function canPin(
  campus: Campus,
  otherId: string,
  listing: { campus_id: string; author_id: string; parent_id: string | null } | undefined,
): void {
  if (
    !listing ||
    listing.campus_id !== campus.id ||
    listing.author_id !== otherId ||
    listing.parent_id !== null
  )
    throw notFound('post_not_found', POST_MESSAGES.postDeletedMissing);
}

/**
 * What a participant may do in their chat (ADR 044), as canWrite and the
 * chats service decide it: a school-verified participant sends messages and
 * suggests meetups, unless a block stands between the two either way.
 */
export function chatCan(viewer: PostViewer, otherId: string): Omit<ChatCan, 'makeOffer'> {
  const open = viewer.schoolVerified && !viewer.hidden.has(otherId);
  return { send: open, proposeMeetup: open };
}

/**
 * What a participant may do with a message of their chat: heart it while
 * they may write in the chat (chatCan's send), report one the other sent.
 */
export function messageCan(viewer: PostViewer, senderId: string, otherId: string): MessageCan {
  return {
    heart: chatCan(viewer, otherId).send,
    report: viewer.verified && senderId !== viewer.id,
  };
}
