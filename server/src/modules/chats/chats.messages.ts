import type { Campus } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import {
  CHAT_MESSAGES as M,
  type MessageDto,
  reactedText,
  removedHeartText,
  type SendMessageBody,
} from '@common/schemas/chats';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { listingTitle, sharedPostText } from '@common/schemas/offers';
import { v7 as uuidv7 } from 'uuid';
import { decodeKeyset, encodeKeyset } from '../../core/cursor';
import { BLOCK_MESSAGES } from '@common/schemas/blocks';
import { badRequest } from '../../core/errors';
import * as chatPolicy from '../../core/policies/chat';
import * as postPolicy from '../../core/policies/post';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { BlocksService } from '../blocks/blocks.service';
import type { MediaService } from '../media/media.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PostsService } from '../posts/posts.service';
import { messageFor, presentMessages, presentWarnings, type Reader } from './chats.presenter';
import {
  type ChatRow,
  chatsRepository as chats,
  type MessageRow,
  type MessageWithPost,
} from './chats.repository';
import { offersRepository as offers } from './offers.repository';
import { checkMessage } from './scam-check';

export interface ChatsServiceDeps {
  db: Db;
  bus: EventBus;
  storage: BlobStore;
  media: MediaService;
  posts: PostsService;
  /** Whether a block stands between two students (modules/blocks, ADR 024). */
  blocks: Pick<BlocksService, 'requireReachable' | 'hidden'>;
  notifications: NotificationsService;
  now?: () => number;
  log?: (error: unknown) => void;
}

/** The other student, unless a block stands between the pair, whoever made it: neither messages the other. */
export async function refuseIfBlocked(
  blocks: ChatsServiceDeps['blocks'],
  userId: string,
  otherId: string,
): Promise<string> {
  await blocks.requireReachable(userId, otherId, BLOCK_MESSAGES.cantMessage);
  return otherId;
}

export type SendInput = Required<Pick<SendMessageBody, 'text' | 'mediaIds'>> &
  Pick<SendMessageBody, 'sharedPostId'>;

/**
 * What a message just stored can carry: photos when it was sent with some, an
 * offer when its delivery added one; no hearts yet (no one else has seen it).
 */
interface Fresh {
  photos: boolean;
  offer: boolean;
}

/**
 * Messages with their photos, hearts and offers: three queries for a page,
 * whatever its size; for a message just stored (`fresh`), only those it can have.
 */
async function presentWithExtras(
  db: Db,
  media: MediaService,
  rows: MessageWithPost[],
  reader: Reader,
  fresh?: Fresh,
): Promise<MessageDto[]> {
  const ids = rows.map((r) => r.id);
  const [photos, hearts, offerRows] = await Promise.all([
    !fresh || fresh.photos ? media.forMessages(ids) : new Map<string, never>(),
    fresh
      ? { counts: new Map<string, number>(), mine: new Set<string>() }
      : chats.hearts(db.kysely, ids, reader.viewer.id),
    !fresh || fresh.offer ? offers.forMessages(db.kysely, ids) : undefined,
  ]);
  return presentMessages(rows, photos, hearts, reader, offerRows);
}

/**
 * The other participant as a reader of the chat: the student the message goes
 * to, with no block between them (delivery refuses one).
 */
export async function recipient(db: Db, to: string, from: string, now: number): Promise<Reader> {
  const student = await chats.findStudent(db.kysely, to);
  const viewer = {
    id: to,
    verified: true,
    schoolVerified: Boolean(student?.school_verified),
    campusId: student?.campus_id ?? '',
    hidden: new Set<string>(),
  };
  return { viewer, otherId: from, now };
}

/** The participant who is not `userId`. */
export const otherOf = (chat: ChatRow, userId: string) =>
  chat.user_low === userId ? chat.user_high : chat.user_low;

/**
 * What a new message says of its chat (ADR 051): the listing it turns the
 * chat to (the first message since the pin changed), and its inbox line: a
 * post shared with no words is "Shared a post: Walnut desk".
 */
async function topicOf(
  trx: Executor,
  chat: ChatRow,
  text: string,
  body: SendInput,
): Promise<{ about: string | null; line: string }> {
  const pinned = chat.listing_id;
  const last = pinned ? await offers.lastAbout(trx, chat.id) : undefined;
  const about = pinned && last?.about_post_id !== pinned ? pinned : null;
  if (text) return { about, line: text };
  if (body.sharedPostId && body.mediaIds.length === 0) {
    const shared = await offers.listing(trx, body.sharedPostId);
    return { about, line: sharedPostText(shared ? listingTitle(shared.text) : '') };
  }
  return { about, line: M.sentPhoto };
}

/** Stores a message with its photo, the chat's last line, the unread mark and the notification. */
async function storeMessage(
  trx: Executor,
  { media, notifications }: Pick<ChatsServiceDeps, 'media' | 'notifications'>,
  m: {
    messageId: string;
    chat: ChatRow;
    to: string;
    user: UserRow;
    text: string;
    body: SendInput;
    at: number;
  },
): Promise<{ announce: () => void; sawUnread: boolean }> {
  const firstFromSender = !(await chats.hasWritten(trx, m.chat.id, m.user.id));
  const findings = checkMessage(m.text, { firstFromSender });
  const { about, line } = await topicOf(trx, m.chat, m.text, m.body);
  await chats.insertMessage(trx, {
    id: m.messageId,
    chat_id: m.chat.id,
    sender_id: m.user.id,
    text: m.text,
    shared_post_id: m.body.sharedPostId ?? null,
    media_count: m.body.mediaIds.length,
    warnings: findings.length > 0 ? JSON.stringify(findings) : null,
    about_post_id: about,
    created_at: m.at,
  });
  const moved = await media.attachToMessage(trx, m.body.mediaIds, m.user.id, m.messageId);
  if (moved !== m.body.mediaIds.length)
    throw badRequest('media_unavailable', 'The photo could not be attached. Please add it again.');
  await chats.setLastMessage(trx, m.chat.id, line, m.messageId, m.at);
  await chats.markUnread(trx, m.chat.id, m.to);
  // Whoever writes in a chat has seen it: their own unread mark goes.
  const sawUnread = await chats.markRead(trx, m.chat.id, m.user.id);
  const announce = await notifications.notify(trx, [
    {
      type: 'message',
      toUserId: m.to,
      from: m.user,
      chatId: m.chat.id,
      message: NOTIFICATION_TEXT.message(m.user.first_name, line),
    },
  ]);
  return { announce, sawUnread };
}

/** A message looked up by id: to report it, or for a moderator to remove it. */
export interface MessageLookup {
  /**
   * A moderator removes a message (ADR 025) inside their transaction: its
   * text becomes `text` for both students and its photos go; their open
   * chats hear of it, and the photos' files are deleted, once that committed.
   */
  redactIn(trx: Executor, messageId: string, text: string): Promise<() => void>;
  /** A message of one of the viewer's chats (to report it), or the chat's 404. */
  readable(user: UserRow | null, campus: Campus, messageId: string): Promise<MessageRow>;
  /** Whether the chat is one of the viewer's own: /messages/{id} answers 404 to a reader if not. */
  isOwn(viewer: UserRow, chatId: string): Promise<boolean>;
}

/** Builds the lookups of single messages. */
export function createMessageLookup(
  db: Db,
  tell: MessageActionsDeps['tell'],
  media: Pick<MediaService, 'takeFromMessage' | 'deleteFiles'>,
  log: (error: unknown) => void,
): MessageLookup {
  return {
    async redactIn(trx: Executor, messageId: string, text: string): Promise<() => void> {
      const message = await chats.findMessage(trx, messageId);
      const chat = message ? await chats.find(trx, message.chat_id) : undefined;
      if (!message || !chat) return () => undefined;
      const files = await media.takeFromMessage(trx, messageId);
      await chats.redactMessage(trx, messageId, text);
      return () => {
        tell(chat, { type: 'message.removed', messageId, text });
        media.deleteFiles(files).catch(log);
      };
    },

    async readable(user: UserRow | null, campus: Campus, messageId: string): Promise<MessageRow> {
      const message = await chats.findMessage(db.kysely, messageId);
      const chat = message ? await chats.find(db.kysely, message.chat_id) : undefined;
      chatPolicy.canRead(user, campus, chat);
      return message!;
    },

    async isOwn(viewer: UserRow, chatId: string): Promise<boolean> {
      return chatPolicy.isParticipant(viewer, await chats.find(db.kysely, chatId));
    },
  };
}

/** What the message actions share with the chat service: how to tell both participants. */
export interface MessageActionsDeps extends ChatsServiceDeps {
  tell: (chat: ChatRow, event: { type: string; [key: string]: unknown }) => void;
  /** Tells one participant only (what the recipient reads can differ from the sender's copy). */
  tellOne: (userId: string, chat: ChatRow, event: { type: string; [key: string]: unknown }) => void;
  now: () => number;
  log: (error: unknown) => void;
}

/** A message to store and tell: `also` adds rows in the same transaction (a meetup). */
export interface Delivery {
  chat: ChatRow;
  user: UserRow;
  text: string;
  body: SendInput;
  also?: (trx: Executor, messageId: string, at: number) => Promise<void>;
}

/**
 * Stores a message in one transaction with everything it changes, then tells
 * both participants (the recipient's copy with its warnings) and returns the
 * sender's copy.
 */
export async function deliverMessage(
  { db, media, blocks, notifications, tell, tellOne, now }: MessageActionsDeps,
  { chat, user, text, body, also }: Delivery,
): Promise<MessageDto> {
  const to = await refuseIfBlocked(blocks, user.id, otherOf(chat, user.id));
  const at = now();
  const messageId = uuidv7();
  const { announce, sawUnread } = await db.kysely.transaction().execute(async (trx) => {
    const stored = await storeMessage(
      trx,
      { media, notifications },
      { messageId, chat, to, user, text, body, at },
    );
    if (also) await also(trx, messageId, at);
    return stored;
  });
  const [row, theirs] = await Promise.all([
    chats.findMessageWithPost(db.kysely, messageId),
    recipient(db, to, user.id, at),
  ]);
  const mine: Reader = { viewer: postPolicy.postViewer(user), otherId: to, now: at };
  const [message] = await presentWithExtras(db, media, [row!], mine, {
    photos: body.mediaIds.length > 0,
    offer: also !== undefined,
  });
  announce();
  if (sawUnread) tell(chat, { type: 'chat.read', userId: user.id });
  tellOne(user.id, chat, { type: 'message.created', message });
  tellOne(to, chat, {
    type: 'message.created',
    message: { ...messageFor(message!, theirs), warnings: presentWarnings(row!.warnings) },
  });
  notifications.unreadChanged(sawUnread ? [to, user.id] : [to]);
  return message!;
}

/** A page of a chat's messages, newest first. */
export interface MessagePage {
  items: MessageDto[];
  nextCursor: string | null;
}

/** Reading, sending and hearting messages. */
export interface MessageActions {
  /** 15 messages a page, newest first. */
  messages(
    user: UserRow | null,
    campus: Campus,
    id: string,
    query: { cursor?: string },
  ): Promise<MessagePage>;
  /**
   * Sends a message: the chat's last line, unread for the other student, and
   * their notification, all in one transaction.
   */
  send(user: UserRow | null, campus: Campus, id: string, body: SendInput): Promise<MessageDto>;
  /** A heart on a message, or taken back. */
  heart(
    user: UserRow | null,
    campus: Campus,
    messageId: string,
    on: boolean,
  ): Promise<{ hearted: boolean; hearts: number }>;
}

/** Builds the message actions of the chats service. */
export function createMessageActions(deps: MessageActionsDeps): MessageActions {
  const { db, media, posts, blocks, notifications, tell, now } = deps;
  const present = (rows: MessageWithPost[], reader: Reader) =>
    presentWithExtras(db, media, rows, reader);
  const deliver = (m: Delivery) => deliverMessage(deps, m);

  return {
    async messages(user: UserRow | null, campus: Campus, id: string, query: { cursor?: string }) {
      const chat = await chats.find(db.kysely, id);
      chatPolicy.canRead(user, campus, chat);
      const limit = PAGE_SIZES.messages;
      const [rows, hidden] = await Promise.all([
        chats.messages(db.kysely, id, limit, decodeKeyset(query.cursor)),
        blocks.hidden(user.id),
      ]);
      const viewer = postPolicy.postViewer(user, hidden);
      const reader = { viewer, otherId: otherOf(chat!, user.id), now: now() };
      const last = rows[rows.length - 1];
      return {
        items: await present(rows, reader),
        nextCursor:
          last && rows.length === limit ? encodeKeyset({ at: last.created_at, id: last.id }) : null,
      };
    },

    async send(user: UserRow | null, campus: Campus, id: string, body: SendInput) {
      const chat = await chats.find(db.kysely, id);
      chatPolicy.canWrite(user, campus, chat);
      if (body.sharedPostId) postPolicy.canRead(user, campus, await posts.find(body.sharedPostId));
      return deliver({ chat: chat!, user, text: body.text.trim(), body });
    },

    async heart(user: UserRow | null, campus: Campus, messageId: string, on: boolean) {
      const message = await chats.findMessage(db.kysely, messageId);
      const chat = message ? await chats.find(db.kysely, message.chat_id) : undefined;
      chatPolicy.canWrite(user, campus, chat);
      // A heart, given or taken back, changes the chat's last line: refused as messages are.
      await refuseIfBlocked(blocks, user.id, otherOf(chat!, user.id));
      const at = now();
      const what = message!.text || 'photo';
      const line = on ? reactedText(user.first_name, what) : removedHeartText(user.first_name);
      const announce = await db.kysely.transaction().execute(async (trx) => {
        if (on) await chats.addHeart(trx, messageId, user.id, at);
        else await chats.removeHeart(trx, messageId, user.id);
        await chats.setLastMessage(trx, chat!.id, line, messageId, at);
        // Once a window however often it is redone; taken back with the heart (ADR 037).
        const act = { type: 'message like' as const, from: user, subject: messageId };
        if (!on) return notifications.withdraw(trx, act);
        return notifications.notify(trx, [
          {
            ...act,
            toUserId: message!.sender_id,
            chatId: chat!.id,
            message: NOTIFICATION_TEXT['message like'](user.first_name, message!.text),
          },
        ]);
      });
      const { counts } = await chats.hearts(db.kysely, [messageId], user.id);
      const hearts = counts.get(messageId) ?? 0;
      announce();
      tell(chat!, { type: 'message.hearted', messageId, hearts, by: user.id, hearted: on });
      return { hearted: on, hearts };
    },
  };
}
