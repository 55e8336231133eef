import type { MessageDto } from './chats';
import type { MeetupDto } from './meetups';
import type { OfferDto } from './offers';

/**
 * What the WebSocket of GET /api/live sends, one JSON object per frame. Every
 * socket of a member hears its campus feed and its own user topic.
 */
export type LiveEvent =
  /** A new top-level post of the campus. */
  | { type: 'post.created'; postId: string; authorId: string }
  /** A message in one of the student's chats (theirs included, for their other tabs). */
  | { type: 'message.created'; chatId: string; message: MessageDto }
  /** A participant read the chat: their latest-message label turns to "Seen". */
  | { type: 'chat.read'; chatId: string; userId: string }
  /** A heart put on or taken off a message. */
  | {
      type: 'message.hearted';
      chatId: string;
      messageId: string;
      hearts: number;
      by: string;
      hearted: boolean;
    }
  /** A meetup suggested in the chat was accepted, declined or cancelled (ADR 026). */
  | { type: 'meetup.updated'; chatId: string; messageId: string; meetup: MeetupDto }
  /** An offer was answered, withdrawn or expired (ADR 051): its card shows the new state. */
  | { type: 'offer.updated'; chatId: string; messageId: string; offer: OfferDto }
  /** A moderator removed a message (ADR 025): `text` now stands in its place. */
  | { type: 'message.removed'; chatId: string; messageId: string; text: string }
  /** The chat was deleted by one of its two participants. */
  | { type: 'chat.deleted'; chatId: string }
  /** A new notification for the student. */
  | { type: 'notification.created' }
  /** Unread counts may have changed: refetch GET /api/unread. */
  | { type: 'unread.changed' };
