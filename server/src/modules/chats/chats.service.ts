import type { Campus } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import type { ChatDto } from '@common/schemas/chats';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { AuthorDto } from '@common/schemas/posts';
import { v7 as uuidv7 } from 'uuid';
import { decodeKeyset, encodeKeyset } from '../../core/cursor';
import * as chatPolicy from '../../core/policies/chat';
import * as postPolicy from '../../core/policies/post';
import type { UserRow } from '../../db/schema';
import { userTopic } from '../notifications/notifications.service';
import { presentAuthor } from '../users/users.presenter';
import {
  type ChatsServiceDeps,
  createMessageActions,
  createMessageLookup,
  type MessageActions,
  type MessageLookup,
  refuseIfBlocked,
} from './chats.messages';
import { createMeetupActions, type MeetupActions } from './chats.meetups';
import { createOfferActions, type OfferActions } from './chats.offers';
import { type ChatTopic, listingOf, presentChat } from './chats.presenter';
import { offersRepository as offers } from './offers.repository';
import { type ChatRow, chatsRepository as chats } from './chats.repository';

export type { ChatsServiceDeps } from './chats.messages';

const PEOPLE_SHOWN = 8;

type ChatEvent = { type: string; [key: string]: unknown };

/** Publishes a chat's event to one participant's open tabs, or both, after commit. */
function teller(bus: ChatsServiceDeps['bus'], log: (error: unknown) => void) {
  const tellOne = (userId: string, chat: ChatRow, event: ChatEvent) =>
    void bus.publish(userTopic(userId), { ...event, chatId: chat.id }).catch(log);
  const tell = (chat: ChatRow, event: ChatEvent) => {
    for (const id of [chat.user_low, chat.user_high]) tellOne(id, chat, event);
  };
  return { tell, tellOne };
}

/** One chat as `user` sees it, with its pinned listing and whose prompts show (ADR 051). */
async function chatOf(
  { db, storage, blocks }: ChatsServiceDeps,
  user: UserRow,
  id: string,
): Promise<ChatDto> {
  const [row, hidden] = await Promise.all([
    chats.findForViewer(db.kysely, id, user.id),
    blocks.hidden(user.id),
  ]);
  const listing = listingOf(row!, storage);
  const topic: ChatTopic = { listing, prompts: null };
  if (listing) {
    const last = await offers.lastAbout(db.kysely, id);
    const seller = listing.sellerId === user.id;
    if (last?.about_post_id !== listing.id) topic.prompts = seller ? null : 'buyer';
    else if (seller && !(await offers.wroteSince(db.kysely, id, user.id, last.created_at)))
      topic.prompts = 'seller';
  }
  return presentChat(row!, storage, postPolicy.postViewer(user, hidden), topic);
}

/** A page of the viewer's inbox, newest activity first. */
export interface ChatList {
  items: ChatDto[];
  nextCursor: string | null;
}

/**
 * Private conversations between two students: what routes and other modules
 * call. Messages, meetups and single-message lookups are declared and
 * documented in chats.messages.ts and chats.meetups.ts; the chats themselves
 * here.
 */
export interface ChatsService extends MessageActions, MeetupActions, OfferActions, MessageLookup {
  /** The viewer's inbox, newest activity first. */
  list(user: UserRow | null, campus: Campus, query: { cursor?: string }): Promise<ChatList>;
  /**
   * The pair's chat, reused in either direction, or a new one (which notifies
   * the other); from a listing of the other student's, the chat is about it
   * (pinned, ADR 051).
   */
  start(
    user: UserRow | null,
    campus: Campus,
    otherId: string,
    listingId?: string | null,
  ): Promise<{ chat: ChatDto; created: boolean }>;
  /** One chat of the viewer's. */
  get(user: UserRow | null, campus: Campus, id: string): Promise<ChatDto>;
  /** Opening a chat marks it read for the viewer, on every device. */
  read(user: UserRow | null, campus: Campus, id: string): Promise<{ ok: true }>;
  /** Deletes the chat for both students, then its photos' files. */
  remove(user: UserRow | null, campus: Campus, id: string): Promise<{ ok: true }>;
  /** Students of the campus (more than one character typed), none blocked either way (ADR 024). */
  people(user: UserRow | null, campus: Campus, q: string): Promise<AuthorDto[]>;
}

/** Builds the chats service; every method is named here once. */
export function createChatsService(deps: ChatsServiceDeps): ChatsService {
  const { db, bus, storage, media, blocks, notifications, now = Date.now, log = () => {} } = deps;
  const { tell, tellOne } = teller(bus, log);
  const chatFor = (user: UserRow, id: string) => chatOf(deps, user, id);
  const actions = createMessageActions({ ...deps, tell, tellOne, now, log });
  const meetups = createMeetupActions({ ...deps, tell, tellOne, now, log });
  const offerActions = createOfferActions({ ...deps, tell, tellOne, now, log });
  const lookup = createMessageLookup(db, tell, media, log);

  return {
    messages: actions.messages,
    send: actions.send,
    heart: actions.heart,
    proposeMeetup: meetups.proposeMeetup,
    answerMeetup: meetups.answerMeetup,
    remindDueMeetups: meetups.remindDueMeetups,
    makeOffer: offerActions.makeOffer,
    counterOffer: offerActions.counterOffer,
    answerOffer: offerActions.answerOffer,
    expireDueOffers: offerActions.expireDueOffers,
    closeOffersOn: offerActions.closeOffersOn,
    redactIn: lookup.redactIn,
    readable: lookup.readable,
    isOwn: lookup.isOwn,

    async list(user, campus, query) {
      chatPolicy.canList(user, campus);
      const limit = PAGE_SIZES.messages;
      const [rows, hidden] = await Promise.all([
        chats.listForViewer(db.kysely, user.id, limit, decodeKeyset(query.cursor)),
        blocks.hidden(user.id),
      ]);
      const viewer = postPolicy.postViewer(user, hidden);
      const last = rows[rows.length - 1];
      return {
        items: rows.map((r) => presentChat(r, storage, viewer)),
        nextCursor:
          last && rows.length === limit ? encodeKeyset({ at: last.updated_at, id: last.id }) : null,
      };
    },

    start: (user, campus, otherId, listingId) =>
      startChat({ ...deps, now }, chatFor, user, campus, { otherId, listingId }),

    async get(user, campus, id) {
      chatPolicy.canRead(user, campus, await chats.find(db.kysely, id));
      return chatFor(user, id);
    },

    async read(user, campus, id) {
      const chat = await chats.find(db.kysely, id);
      chatPolicy.canRead(user, campus, chat);
      if (await chats.markRead(db.kysely, id, user.id)) {
        tell(chat!, { type: 'chat.read', userId: user.id });
        notifications.unreadChanged([user.id]);
      }
      return { ok: true };
    },

    async remove(user, campus, id) {
      const chat = await chats.find(db.kysely, id);
      chatPolicy.canWrite(user, campus, chat);
      const keys = await db.kysely.transaction().execute(async (trx) => {
        const files = await media.keysOfChat(trx, id);
        await chats.deleteChat(trx, id);
        return files;
      });
      media.deleteFiles(keys).catch(log);
      tell(chat!, { type: 'chat.deleted' });
      notifications.unreadChanged([chat!.user_low, chat!.user_high]);
      return { ok: true };
    },

    people: (user, campus, q) => peopleFor(deps, user, campus, q),
  };
}

/** ChatsService's start: the pair's chat, or a new one. */
async function startChat(
  { db, blocks, notifications, now }: ChatsServiceDeps & { now: () => number },
  chatFor: (user: UserRow, id: string) => Promise<ChatDto>,
  user: UserRow | null,
  campus: Campus,
  { otherId, listingId }: { otherId: string; listingId?: string | null },
): Promise<{ chat: ChatDto; created: boolean }> {
  chatPolicy.canStart(user, campus, await chats.findStudent(db.kysely, otherId));
  await refuseIfBlocked(blocks, user.id, otherId);
  const listing = listingId ? await offers.listing(db.kysely, listingId) : undefined;
  if (listingId) chatPolicy.canPin(campus, otherId, listing);
  const at = now();
  const { chat, created, announce } = await db.kysely.transaction().execute(async (trx) => {
    const created = await chats.insertPair(
      trx,
      { id: uuidv7(), started_by: user.id, created_at: at, updated_at: at },
      user.id,
      otherId,
    );
    const chat = (await chats.findPair(trx, user.id, otherId))!;
    // Another listing of theirs: the pin moves; the next message marks where ("About: …").
    if (listing && chat.listing_id !== listing.id) await offers.pin(trx, chat.id, listing.id);
    const announce = created
      ? await notifications.notify(trx, [
          {
            type: 'new chat',
            toUserId: otherId,
            from: user,
            chatId: chat.id,
            message: NOTIFICATION_TEXT['new chat'](user.first_name),
          },
        ])
      : () => undefined;
    return { chat, created, announce };
  });
  announce();
  return { chat: await chatFor(user, chat.id), created };
}

/** Students of the campus to start a conversation with, none blocked either way. */
async function peopleFor(
  { db, storage, blocks }: ChatsServiceDeps,
  user: UserRow | null,
  campus: Campus,
  q: string,
): Promise<AuthorDto[]> {
  chatPolicy.canList(user, campus);
  const excluded = [user.id, ...(await blocks.hidden(user.id))];
  const rows = await chats.members(db.kysely, campus.id, q, excluded, PEOPLE_SHOWN);
  return rows.map((r) => presentAuthor(r, storage));
}
