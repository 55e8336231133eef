import { z } from 'zod';
import { POST_MAX_CHARS } from '../limits';
import { countPostCharacters, isBlank } from '../text';
import { idField, lines, NO_CONTROLS, oneLine } from './fields';
import { meetupSchema } from './meetups';
import { chatListingSchema, offerSchema } from './offers';
import { authorSchema, mediaSchema } from './posts';
import { CHAT_MESSAGES } from '../words/chats';

export * from '../words/chats';

export const messageWarningSchema = z.object({ code: z.string(), text: z.string() });
export type MessageWarningDto = z.infer<typeof messageWarningSchema>;

/** A post shared into a chat, shown as a card linking to it. */
export const sharedPostSchema = z.object({
  id: z.string(),
  authorFirstName: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable(),
});

/**
 * What the viewer may do with a message, from the server's chat policy (ADR
 * 044): heart it while they may write in the chat; report another's.
 */
export const messageCanSchema = z.object({ heart: z.boolean(), report: z.boolean() });
export type MessageCan = z.infer<typeof messageCanSchema>;

export const messageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  text: z.string(),
  /** Null when the shared post was deleted or none was shared. */
  sharedPost: sharedPostSchema.nullable(),
  media: z.array(mediaSchema),
  hearts: z.number(),
  /** The viewer put a heart on it. */
  hearted: z.boolean(),
  /** Scam patterns found in the message, for its recipient only (empty for the sender). */
  warnings: z.array(messageWarningSchema),
  /** The meetup this message suggests (ADR 026), with its current state; null for other messages. */
  meetup: meetupSchema.nullable(),
  /** The offer this message carries (ADR 051), with its current state; null for other messages. */
  offer: offerSchema.nullable().optional(),
  /** Set where the chat turned to a listing ("About: Walnut desk · $40", ADR 051). */
  about: chatListingSchema.nullable().optional(),
  can: messageCanSchema,
  createdAt: z.number(),
});
export type MessageDto = z.infer<typeof messageSchema>;

/** What the viewer may do in the chat, from the server's chat policy (ADR 044). */
export const chatCanSchema = z.object({
  send: z.boolean(),
  proposeMeetup: z.boolean(),
  /** The buyer of the chat's listing may make an offer on it (ADR 051). */
  makeOffer: z.boolean(),
});
export type ChatCan = z.infer<typeof chatCanSchema>;

export const chatSchema = z.object({
  id: z.string(),
  /** The other participant. */
  other: authorSchema,
  can: chatCanSchema,
  /** The listing the chat is about, pinned at its top (ADR 051); null when none or deleted. */
  listing: chatListingSchema.nullable().optional(),
  /**
   * One-tap openers for the buyer before anyone wrote about the listing, quick
   * replies for the seller until they answer (ADR 051); null for none.
   */
  prompts: z.enum(['buyer', 'seller']).nullable().optional(),
  lastMessage: z.string().nullable(),
  lastMessageId: z.string().nullable(),
  /** The viewer has messages they have not seen. */
  unread: z.boolean(),
  /** The other participant has seen everything ("Seen" rather than "Delivered"). */
  seen: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ChatDto = z.infer<typeof chatSchema>;

export const chatListSchema = z.object({
  items: z.array(chatSchema),
  nextCursor: z.string().nullable(),
});

export const startChatBodySchema = z.object({
  userId: idField.pipe(z.string().min(1)),
  /** "Send Message" on a listing: the chat is about it (pinned, ADR 051). */
  listingId: idField.nullish(),
});
export const startChatResultSchema = z.object({ chat: chatSchema, created: z.boolean() });

/** Newest first, 15 a page; the web shows them oldest at the top. */
export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});

export const sendMessageBodySchema = z
  .object({
    text: z
      .string()
      .max(POST_MAX_CHARS * 4, CHAT_MESSAGES.tooManyCharacters)
      .default('')
      .refine(lines, NO_CONTROLS)
      .refine((t) => countPostCharacters(t) <= POST_MAX_CHARS, CHAT_MESSAGES.tooManyCharacters),
    mediaIds: z.array(idField).max(1, CHAT_MESSAGES.onePhoto).default([]),
    sharedPostId: idField.nullish(),
  })
  .refine((b) => !isBlank(b.text) || b.mediaIds.length > 0 || b.sharedPostId, {
    message: CHAT_MESSAGES.needTextOrPhoto,
    path: ['text'],
  });
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const heartStateSchema = z.object({ hearted: z.boolean(), hearts: z.number() });

/** Students of the campus for the new-message dialog (more than one character typed). */
export const userSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(60).refine(oneLine, NO_CONTROLS),
});
export const userSearchSchema = z.object({ items: z.array(authorSchema) });
