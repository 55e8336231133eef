import { NOTIFICATION_TEXT, type NotificationType } from '@common/schemas/notifications';
import type { Insertable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { OFFER_OPEN_MS, offerMadeText } from '@common/schemas/offers';
import type {
  ChatsTable,
  ChatUnreadTable,
  MessagesTable,
  NotificationsTable,
  OffersTable,
} from '../db/schema';
import type { Rng } from './rng';

/** What the inbox is made from: one campus's seeded students, posts and saves. */
export interface InboxSource {
  /** The demo login, who receives everything. */
  demo: { id: string };
  students: Array<{ id: string; first_name: string }>;
  posts: Array<{
    id: string;
    author_id: string;
    parent_id?: string | null;
    root_id?: string | null;
    text?: string;
    created_at: number;
  }>;
  likes: Array<{ post_id: string; user_id: string; created_at: number }>;
  /** What each of the demo student's listings that buyers write about sells. */
  asked: string[];
  /**
   * The asked listings themselves, in the same order: the first buyer's chat
   * is about theirs (pinned) and ends with an open offer (ADR 051).
   */
  askedListings?: Array<{
    id: string;
    campus_id: string;
    price?: number | null;
    status?: string;
  }>;
  now: number;
  r: Rng;
}

export interface Inbox {
  notifications: Insertable<NotificationsTable>[];
  chats: Insertable<ChatsTable>[];
  messages: Insertable<MessagesTable>[];
  chatUnread: ChatUnreadTable[];
  offers: Insertable<OffersTable>[];
}

/** Notifications older than the newest few are shown as read, as a student who visits would have them. */
const UNREAD = 4;

/**
 * The demo login's inbox, as the app would have written it: a notification for
 * each save of and comment on their posts, a reply notification for each reply
 * to their comments, and a conversation with a buyer about each asked listing,
 * whose last message they have not read yet.
 */
export function demoInbox(source: InboxSource): Inbox {
  const notifications = postNotifications(source);
  const inbox: Inbox = { notifications, chats: [], messages: [], chatUnread: [], offers: [] };
  // A different buyer for each listing: one chat per pair of students.
  const buyers = source.students.filter((s) => s.id !== source.demo.id);
  const first = source.r.int(0, buyers.length - 1);
  source.asked.forEach((item, i) =>
    addChat(source, inbox, item, buyers[(first + i) % buyers.length]!, i),
  );
  inbox.notifications.sort((a, b) => a.created_at - b.created_at);
  const firstUnread = inbox.notifications.length - UNREAD;
  inbox.notifications.forEach((n, i) => (n.read = i < firstUnread));
  return inbox;
}

function postNotifications({ demo, students, posts, likes }: InboxSource) {
  const nameOf = new Map(students.map((s) => [s.id, s.first_name]));
  const byId = new Map(posts.map((p) => [p.id, p]));
  const out: Insertable<NotificationsTable>[] = [];
  const add = (
    type: NotificationType,
    fromId: string,
    postId: string,
    message: string,
    at: number,
  ) =>
    out.push({
      id: uuidv7(),
      type,
      to_user_id: demo.id,
      from_user_id: fromId,
      post_id: postId,
      chat_id: null,
      message,
      read: false,
      created_at: at,
    });
  for (const like of likes) {
    const post = byId.get(like.post_id);
    if (!post || post.author_id !== demo.id || like.user_id === demo.id) continue;
    const first = nameOf.get(like.user_id) ?? '';
    add(
      'like',
      like.user_id,
      post.root_id ?? post.id,
      NOTIFICATION_TEXT.like(first, post.text ?? ''),
      like.created_at,
    );
  }
  for (const comment of posts) {
    const parent = comment.parent_id ? byId.get(comment.parent_id) : undefined;
    if (!parent || parent.author_id !== demo.id || comment.author_id === demo.id) continue;
    const type = parent.parent_id ? 'comment reply' : 'comment';
    const first = nameOf.get(comment.author_id) ?? '';
    const message = NOTIFICATION_TEXT[type](first, comment.text ?? '');
    add(type, comment.author_id, comment.root_id ?? comment.id, message, comment.created_at);
  }
  return out;
}

/**
 * A buyer's conversation about one listing: a question, the demo's answer, a
 * proposal left unread; the first is pinned to its listing and ends with an
 * open offer (ADR 051).
 */
function addChat(
  source: InboxSource,
  inbox: Inbox,
  item: string,
  buyer: { id: string; first_name: string },
  index: number,
): void {
  const { demo, now, r } = source;
  const started = now - (index + 1) * 3 * 60 * 60 * 1000 - r.int(0, 60) * 60 * 1000;
  const chatId = uuidv7();
  const lines: Array<[string, string, number]> = [
    [buyer.id, `Hi! Are you still selling the ${item}?`, started],
    [demo.id, 'Yes, it is! When would you like to pick it up?', started + 20 * 60 * 1000],
    [buyer.id, 'Great! Could we meet on campus tomorrow afternoon?', started + 45 * 60 * 1000],
  ];
  const listing = index === 0 ? source.askedListings?.[0] : undefined;
  const open = listing?.price && (listing.status ?? 'available') === 'available';
  const amount = open ? Math.max(1, Math.round(listing.price! * 0.8)) : null;
  if (amount !== null)
    lines.push([buyer.id, offerMadeText(amount, false), started + 50 * 60 * 1000]);
  const messages = lines.map(([sender_id, text, created_at], i) => ({
    id: uuidv7(),
    chat_id: chatId,
    sender_id,
    text,
    shared_post_id: null,
    media_count: 0,
    warnings: null,
    about_post_id: i === 0 && amount !== null ? listing!.id : null,
    created_at,
  }));
  const last = messages[messages.length - 1]!;
  if (amount !== null)
    inbox.offers.push({
      id: uuidv7(),
      campus_id: listing!.campus_id,
      chat_id: chatId,
      message_id: last.id,
      listing_id: listing!.id,
      buyer_id: buyer.id,
      seller_id: demo.id,
      from_id: buyer.id,
      amount,
      note: null,
      status: 'open',
      counter_of: null,
      warnings: null,
      created_at: last.created_at,
      expires_at: last.created_at + OFFER_OPEN_MS,
    });
  const [user_low, user_high] = demo.id < buyer.id ? [demo.id, buyer.id] : [buyer.id, demo.id];
  inbox.chats.push({
    id: chatId,
    user_low,
    user_high,
    started_by: buyer.id,
    last_message_text: last.text,
    last_message_id: last.id,
    listing_id: amount !== null ? listing!.id : null,
    created_at: started,
    updated_at: last.created_at,
  });
  inbox.messages.push(...messages);
  inbox.chatUnread.push({ chat_id: chatId, user_id: demo.id });
  const chatNote = (type: NotificationType, message: string, at: number) =>
    inbox.notifications.push({
      id: uuidv7(),
      type,
      to_user_id: demo.id,
      from_user_id: buyer.id,
      post_id: null,
      chat_id: chatId,
      message,
      read: false,
      created_at: at,
    });
  chatNote('new chat', NOTIFICATION_TEXT['new chat'](buyer.first_name), started);
  for (const m of messages.filter((m) => m.sender_id === buyer.id))
    chatNote('message', NOTIFICATION_TEXT.message(buyer.first_name, m.text), m.created_at);
}
