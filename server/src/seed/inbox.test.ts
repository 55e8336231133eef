import { describe, expect, it } from 'vitest';
import { demoInbox, type InboxSource } from './inbox';
import { rng } from './rng';

/** The demo login's inbox (`npm run seed`): what the app would have written for the seeded activity. */

const demo = { id: 'u-demo', first_name: 'Ana' };
const maya = { id: 'u-maya', first_name: 'Maya' };
const leo = { id: 'u-leo', first_name: 'Leo' };
const HOUR = 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 25, 12);

function source(overrides: Partial<InboxSource> = {}): InboxSource {
  const post = (id: string, author: string, text: string, at: number, parent?: string) => ({
    id,
    author_id: author,
    parent_id: parent ?? null,
    root_id: parent ? 'p-lamp' : null,
    text,
    created_at: now - at * HOUR,
  });
  return {
    demo,
    students: [demo, maya, leo],
    posts: [
      post('p-lamp', demo.id, 'Desk lamp - $15', 50),
      post('p-bike', maya.id, 'Road bike - $200', 40),
      post('c-1', maya.id, 'Would you take $10?', 30, 'p-lamp'),
      post('c-2', demo.id, 'I could do $12.', 29, 'c-1'),
      post('c-3', leo.id, 'Is it LED?', 20, 'c-2'),
      post('c-4', demo.id, 'Nice bike!', 10, 'p-bike'),
    ],
    likes: [
      { post_id: 'p-lamp', user_id: leo.id, created_at: now - 5 * HOUR },
      { post_id: 'p-bike', user_id: demo.id, created_at: now - 4 * HOUR },
    ],
    asked: [],
    now,
    r: rng(1),
    ...overrides,
  };
}

describe('the demo inbox', () => {
  it('notifies the demo of saves of their posts and comments on them, in the words the app uses', () => {
    const { notifications } = demoInbox(source());
    expect(notifications.map((n) => [n.type, n.from_user_id, n.post_id, n.message])).toEqual([
      ['comment', maya.id, 'p-lamp', 'Maya commented on your post: Would you take $10?'],
      ['comment reply', leo.id, 'p-lamp', 'Leo replied to your comment: Is it LED?'],
      ['like', leo.id, 'p-lamp', 'Leo saved your post: Desk lamp - $15'],
    ]);
    expect(notifications.every((n) => n.to_user_id === demo.id)).toBe(true);
  });

  it('writes a conversation per asked listing, its last message unread, with its notifications', () => {
    const inbox = demoInbox(source({ asked: ['IKEA desk lamp'] }));
    expect(inbox.chats).toHaveLength(1);
    const chat = inbox.chats[0]!;
    const buyer = chat.started_by;
    expect([demo.id, maya.id, leo.id]).toContain(buyer);
    expect(buyer).not.toBe(demo.id);
    expect([chat.user_low, chat.user_high]).toEqual([demo.id, buyer].sort());
    expect(inbox.messages.map((m) => [m.sender_id, m.text])).toEqual([
      [buyer, 'Hi! Are you still selling the IKEA desk lamp?'],
      [demo.id, 'Yes, it is! When would you like to pick it up?'],
      [buyer, 'Great! Could we meet on campus tomorrow afternoon?'],
    ]);
    const last = inbox.messages[2]!;
    expect(chat.last_message_id).toBe(last.id);
    expect(chat.last_message_text).toBe(last.text);
    expect(chat.updated_at).toBe(last.created_at);
    expect(inbox.chatUnread).toEqual([{ chat_id: chat.id, user_id: demo.id }]);
    const about = inbox.notifications.filter((n) => n.chat_id === chat.id).map((n) => n.type);
    expect(about).toEqual(['new chat', 'message', 'message']);
  });

  it('gives each asked listing a different buyer', () => {
    const asked = ['lamp', 'desk'];
    for (let seed = 0; seed < 20; seed++) {
      const { chats } = demoInbox(source({ asked, r: rng(seed) }));
      expect(new Set(chats.map((c) => c.started_by)).size).toBe(2);
    }
  });

  it('leaves only the newest four notifications unread', () => {
    const { notifications } = demoInbox(source({ asked: ['lamp'] }));
    expect(notifications).toHaveLength(6);
    const times = notifications.map((n) => n.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(notifications.map((n) => n.read)).toEqual([true, true, false, false, false, false]);
  });

  it('pins the first chat to its listing and ends it with an open offer (ADR 051)', () => {
    const listing = { id: 'p-lamp', campus_id: 'ou', price: 15, status: 'available' };
    const inbox = demoInbox(source({ asked: ['Desk lamp'], askedListings: [listing] }));
    const chat = inbox.chats[0]!;
    expect(chat.listing_id).toBe('p-lamp');
    const mine = inbox.messages.filter((m) => m.chat_id === chat.id);
    expect(mine[0]!.about_post_id).toBe('p-lamp');
    expect(chat.last_message_text).toBe('Offered $12');
    expect(inbox.offers).toEqual([
      expect.objectContaining({
        message_id: chat.last_message_id,
        listing_id: 'p-lamp',
        seller_id: demo.id,
        amount: 12,
        status: 'open',
      }),
    ]);
  });
});
