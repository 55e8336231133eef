import { z } from 'zod';
import { meetupReminderText } from './meetups';
import { authorSchema } from './posts';

/** What caused a notification. */
export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'comment reply',
  'message',
  'new chat',
  'message like',
  'mention',
  /** A new listing matched one of the student's saved searches (ADR 010). */
  'saved search',
  /** A listing the student saved got cheaper (ADR 023). */
  'price drop',
  /** Fourteen days after posting, the seller is asked whether the listing sold (ADR 029); from nobody. */
  'did it sell',
  /** An accepted meetup starts in an hour (ADR 026). */
  'meetup',
  /** A moderator removed the student's content or warned them (ADR 025); from nobody. */
  'moderation',
  /** A listing was marked sold to the student, or by them: leave a review (ADR 052). */
  'review',
  /** An offer in a chat was accepted, declined, withdrawn or expired (ADR 051). */
  'offer',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  from: authorSchema.nullable(),
  postId: z.string().nullable(),
  chatId: z.string().nullable(),
  /** What the list shows, e.g. "Jamie saved your post: Mini fridge…". */
  message: z.string(),
  read: z.boolean(),
  createdAt: z.number(),
  /**
   * "Did it sell?" only (ADR 029, 032): how the seller has answered since it
   * was asked, read off the listing (sold, or moved to the top after the
   * question); null while unanswered.
   */
  answer: z.enum(['sold', 'still available']).nullable().optional(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});

/** The unread badge is their sum. */
export const unreadSchema = z.object({ notifications: z.number(), chats: z.number() });
export type UnreadDto = z.infer<typeof unreadSchema>;

/** Up to this many characters of a post or message are quoted in a notification. */
const QUOTE_CHARS = 80;
const quote = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1)}…` : flat;
};
const withQuote = (lead: string, text: string) => (quote(text) ? `${lead}: ${quote(text)}` : lead);

/**
 * What each notification says, in Quad's words (ADR 008). `first` is the
 * first name of who acted.
 */
export const NOTIFICATION_TEXT = {
  like: (first: string, postText: string) => withQuote(`${first} saved your post`, postText),
  comment: (first: string, text: string) => withQuote(`${first} commented on your post`, text),
  'comment reply': (first: string, text: string) =>
    withQuote(`${first} replied to your comment`, text),
  message: (first: string, text: string) =>
    withQuote(`${first} sent you a message`, text || 'a photo'),
  'new chat': (first: string) => `${first} started a conversation with you`,
  'message like': (first: string, text: string) =>
    `${first} reacted with a heart: ${quote(text) || 'photo'}`,
  mention: (first: string, text: string) => withQuote(`${first} mentioned you`, text),
  /** `query` is the saved search's own words, not a name. */
  'saved search': (query: string, text: string) =>
    withQuote(`New listing for "${quote(query)}"`, text || 'a photo'),
  /** `price` is already written ("$30", "Free"); the post's start stands for its title. */
  'price drop': (price: string, text: string) =>
    `Price drop: ${quote(text) || 'a listing'} is now ${price}`,
  /** The post's start stands for the listing's title. */
  'did it sell': (_from: string, text: string) => `Did it sell? ${quote(text) || 'Your listing'}`,
  /** `text` is the spot's name: the notification is the reminder itself. */
  meetup: (_first: string, spotName: string) => meetupReminderText(spotName),
  /** The moderation's own sentence (MODERATION_MESSAGES), whole. */
  moderation: (_from: string, text: string) => text,
  /** `first` is the other side of the sale; the item's title follows. */
  review: (first: string, title: string) => withQuote(`Leave a review for ${first}`, title),
  /** The answer's own sentence (offerAnsweredText), whole. */
  offer: (_from: string, text: string) => text,
} as const satisfies Record<NotificationType, (first: string, text: string) => string>;
