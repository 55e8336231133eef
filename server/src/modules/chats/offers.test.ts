import type { ChatDto, MessageDto } from '@common/schemas/chats';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import {
  OFFER_MESSAGES as M,
  OFFER_OPEN_MS,
  offerAnsweredText,
  offerMadeText,
  type OfferDto,
  offerTooHighText,
  sharedPostText,
} from '@common/schemas/offers';
import type { PostDto } from '@common/schemas/posts';
import { BLOCK_MESSAGES } from '@common/schemas/blocks';
import { ALERT_WINDOW_MS } from '../notifications/notifications.alerts';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';

/** A chat about a listing and offers in it (ADR 051, docs/product/messages.md). */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
const school = { verified: true, school_verified: true, campus_id: 'ou' };
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ou', '198.77');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { ...school, ...overrides });
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error;
const messagesOf = async (who: Student, chatId: string) =>
  (await call(who, 'GET', `/api/chats/${chatId}/messages`)).json().items as MessageDto[];
const chatOf = async (who: Student, chatId: string) =>
  (await call(who, 'GET', `/api/chats/${chatId}`)).json() as ChatDto;
const notificationsOf = async (who: Student) =>
  (await call(who, 'GET', '/api/notifications')).json().items as {
    type: string;
    message: string;
  }[];

async function listing(seller: Student, text = 'Walnut desk\nSolid wood', price = 40, obo = false) {
  const res = await call(seller, 'POST', '/api/posts', { text, price, obo });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PostDto;
}

async function startAbout(buyer: Student, seller: Student, listingId: string) {
  const res = await call(buyer, 'POST', '/api/chats', { userId: seller.user.id, listingId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { chat: ChatDto }).chat;
}

async function offer(buyer: Student, chatId: string, amount: number, note?: string) {
  return call(buyer, 'POST', `/api/chats/${chatId}/offers`, { amount, ...(note ? { note } : {}) });
}

/** A buyer, a seller (Sam), a $40 desk and the chat about it. */
async function deal(price = 40, obo = false) {
  const [seller, buyer] = [
    await student({ first_name: 'Sam' }),
    await student({ first_name: 'Bo' }),
  ];
  const desk = await listing(seller, 'Walnut desk\nSolid wood', price, obo);
  const chat = await startAbout(buyer, seller, desk.id);
  return { seller, buyer, desk, chat };
}

describe('a chat started from a listing', () => {
  it('pins the listing and offers the openers, then the quick replies, then neither', async () => {
    const { seller, buyer, desk, chat } = await deal();
    expect(chat.listing).toEqual({
      id: desk.id,
      title: 'Walnut desk',
      price: 40,
      obo: false,
      priceLabel: '$40',
      status: 'available',
      sellerId: seller.user.id,
      imageUrl: null,
    });
    expect(chat.prompts).toBe('buyer');
    expect(chat.can.makeOffer).toBe(true);
    // The inbox carries the listing too (not the prompts: the chat's page reads them).
    const inbox = (await call(seller, 'GET', '/api/chats')).json().items as ChatDto[];
    expect(inbox.find((c) => c.id === chat.id)!.listing).toMatchObject({ title: 'Walnut desk' });
    const sellers = await chatOf(seller, chat.id);
    expect(sellers.prompts).toBeNull();
    expect(sellers.can.makeOffer).toBe(false);
    await call(buyer, 'POST', `/api/chats/${chat.id}/messages`, { text: M.openerAvailable });
    expect((await chatOf(buyer, chat.id)).prompts).toBeNull();
    expect((await chatOf(seller, chat.id)).prompts).toBe('seller');
    const [first] = await messagesOf(seller, chat.id);
    expect(first!.about).toMatchObject({ id: desk.id, title: 'Walnut desk', priceLabel: '$40' });
    await call(seller, 'POST', `/api/chats/${chat.id}/messages`, { text: M.replyAvailable });
    expect((await chatOf(seller, chat.id)).prompts).toBeNull();
    expect((await messagesOf(seller, chat.id))[0]!.about).toBeNull();
  });

  it('moves the pin to another listing and marks where the chat turned to it', async () => {
    const { seller, buyer, chat } = await deal();
    await call(buyer, 'POST', `/api/chats/${chat.id}/messages`, { text: 'Hi' });
    const lamp = await listing(seller, 'Desk lamp', 10, true);
    const again = await startAbout(buyer, seller, lamp.id);
    expect(again.id).toBe(chat.id);
    expect(again.listing).toMatchObject({ title: 'Desk lamp', priceLabel: '$10 · OBO' });
    expect(again.prompts).toBe('buyer');
    await call(buyer, 'POST', `/api/chats/${chat.id}/messages`, { text: 'This one too?' });
    const [latest] = await messagesOf(buyer, chat.id);
    expect(latest!.about).toMatchObject({ id: lamp.id, title: 'Desk lamp' });
  });

  it("pins only the other student's listing on the campus, and unpins a deleted one", async () => {
    const [seller, buyer] = [await student(), await student()];
    const own = await listing(buyer);
    const res = await call(buyer, 'POST', '/api/chats', {
      userId: seller.user.id,
      listingId: own.id,
    });
    expect(res.statusCode).toBe(404);
    const desk = await listing(seller);
    const chat = await startAbout(buyer, seller, desk.id);
    await call(seller, 'DELETE', `/api/posts/${desk.id}`);
    const after = await chatOf(buyer, chat.id);
    expect(after.listing).toBeNull();
    expect(after.can.makeOffer).toBe(false);
    expect((await offer(buyer, chat.id, 30)).json().error.message).toBe(M.noListing);
  });
});

describe('offers', () => {
  it('is made by the buyer as a card both read, within the price, one open at a time', async () => {
    const { seller, buyer, chat } = await deal();
    const over = await offer(buyer, chat.id, 41);
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).message).toBe(offerTooHighText(40));
    const zero = await offer(buyer, chat.id, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain(M.atLeastOne);
    const res = await offer(buyer, chat.id, 30);
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as MessageDto;
    expect(message.text).toBe(offerMadeText(30, false));
    expect(message.offer).toMatchObject({ amount: 30, status: 'open', fromId: buyer.user.id });
    expect(message.offer!.can).toEqual({
      accept: false,
      decline: false,
      counter: false,
      withdraw: true,
    });
    const [theirs] = await messagesOf(seller, chat.id);
    expect(theirs!.offer!.can).toEqual({
      accept: true,
      decline: true,
      counter: true,
      withdraw: false,
    });
    const again = await offer(buyer, chat.id, 25);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(M.oneOpen);
    const own = await offer(seller, chat.id, 30);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(M.notBuyer);
    expect((await notificationsOf(seller))[0]!.message).toBe(
      NOTIFICATION_TEXT.message('Bo', offerMadeText(30, false)),
    );
  });

  it("mails the answer within the chat's e-mail window", async () => {
    const { seller, buyer, chat } = await deal();
    const made = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    // The new chat mailed the seller already: the window starts over ten minutes on.
    await t.db.kysely
      .updateTable('notifications')
      .set((eb) => ({ created_at: eb('created_at', '-', ALERT_WINDOW_MS + 1000) }))
      .where('chat_id', '=', chat.id)
      .execute();
    await call(seller, 'POST', `/api/offers/${made.offer!.id}/decline`);
    const mails = await t.db.kysely
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', buyer.user.email)
      .execute();
    expect(mails.map((m) => m.subject)).toContain(offerAnsweredText('Sam', 'declined', 30));
  });

  it('is accepted for one buyer only: the listing is then no longer available', async () => {
    const { seller, buyer, desk, chat } = await deal();
    const other = await student();
    const otherChat = await startAbout(other, seller, desk.id);
    const first = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    const second = (await offer(other, otherChat.id, 35)).json() as MessageDto;
    await call(seller, 'POST', `/api/offers/${second.offer!.id}/accept`);
    const late = await call(seller, 'POST', `/api/offers/${first.offer!.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(M.notAvailable);
    const more = await offer(buyer, chat.id, 38);
    expect(more.statusCode).toBe(409);
    expect(errorOf(more).message).toBe(M.notAvailable);
  });

  it('may go above the price of an OBO listing', async () => {
    const { buyer, chat } = await deal(40, true);
    expect((await offer(buyer, chat.id, 45)).statusCode).toBe(201);
  });

  it('is countered by the seller; the buyer accepts and the listing turns Pending', async () => {
    const { seller, buyer, desk, chat } = await deal();
    const first = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    const buyerCounter = await call(buyer, 'POST', `/api/offers/${first.offer!.id}/counter`, {
      amount: 35,
    });
    expect(buyerCounter.statusCode).toBe(403);
    expect(errorOf(buyerCounter).message).toBe(M.notYoursToAnswer);
    const res = await call(seller, 'POST', `/api/offers/${first.offer!.id}/counter`, {
      amount: 35,
    });
    expect(res.statusCode, res.body).toBe(201);
    const counter = res.json() as MessageDto;
    expect(counter.text).toBe(offerMadeText(35, true));
    expect(counter.offer).toMatchObject({
      amount: 35,
      counterOf: first.offer!.id,
      fromId: seller.user.id,
    });
    const page = await messagesOf(buyer, chat.id);
    expect(page.find((m) => m.id === first.id)!.offer!.status).toBe('countered');
    expect(page[0]!.offer!.can).toEqual({
      accept: true,
      decline: true,
      counter: false,
      withdraw: false,
    });
    const own = await call(seller, 'POST', `/api/offers/${counter.offer!.id}/accept`);
    expect(own.statusCode).toBe(403);
    const accept = await call(buyer, 'POST', `/api/offers/${counter.offer!.id}/accept`);
    expect(accept.statusCode, accept.body).toBe(200);
    expect((accept.json() as OfferDto).status).toBe('accepted');
    const post = (await call(buyer, 'GET', `/api/posts/${desk.id}`)).json() as { post: PostDto };
    expect(post.post.status).toBe('pending');
    expect((await chatOf(buyer, chat.id)).listing!.status).toBe('pending');
    expect((await notificationsOf(seller))[0]).toMatchObject({
      type: 'offer',
      message: offerAnsweredText('Bo', 'accepted', 35),
    });
    const late = await call(buyer, 'POST', `/api/offers/${first.offer!.id}/withdraw`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(M.notOpen);
  });

  it('is withdrawn by the buyer only, or declined by the seller', async () => {
    const { seller, buyer, chat } = await deal();
    const made = (await offer(buyer, chat.id, 20)).json() as MessageDto;
    const theirs = await call(seller, 'POST', `/api/offers/${made.offer!.id}/withdraw`);
    expect(theirs.statusCode).toBe(403);
    expect(errorOf(theirs).message).toBe(M.notYoursToWithdraw);
    const res = await call(buyer, 'POST', `/api/offers/${made.offer!.id}/withdraw`);
    expect(res.json()).toMatchObject({ status: 'withdrawn' });
    const next = (await offer(buyer, chat.id, 25)).json() as MessageDto;
    const declined = await call(seller, 'POST', `/api/offers/${next.offer!.id}/decline`);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect((await notificationsOf(buyer))[0]!.message).toBe(
      offerAnsweredText('Sam', 'declined', 25),
    );
  });

  it('is the chat’s own: a stranger gets the chat’s 404', async () => {
    const { buyer, chat } = await deal();
    const made = (await offer(buyer, chat.id, 20)).json() as MessageDto;
    const stranger = await student();
    expect((await offer(stranger, chat.id, 20)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/offers/${made.offer!.id}/accept`)).statusCode).toBe(
      404,
    );
  });

  it('answers a block before the listing: a blocked buyer hears of the block, not of a sale', async () => {
    const { seller, buyer, chat, desk } = await deal();
    await call(seller, 'PUT', `/api/users/${buyer.user.username}/block`);
    await t.db.kysely
      .updateTable('posts')
      .set({ status: 'sold' })
      .where('id', '=', desk.id)
      .execute();
    const refused = await offer(buyer, chat.id, 20);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(BLOCK_MESSAGES.cantMessage);
  });

  it('is refused across a block, and to a banned student or a signed-out tab', async () => {
    const { seller, buyer, chat } = await deal();
    const made = (await offer(buyer, chat.id, 20)).json() as MessageDto;
    await call(seller, 'PUT', `/api/users/${buyer.user.username}/block`);
    const blocked = await call(seller, 'POST', `/api/offers/${made.offer!.id}/accept`);
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).message).toBe(BLOCK_MESSAGES.cantMessage);
    const theirs = await call(buyer, 'POST', `/api/offers/${made.offer!.id}/withdraw`);
    expect(theirs.statusCode).toBe(403);
    await t.db.kysely
      .updateTable('users')
      .set({ banned_at: Date.now() })
      .where('id', '=', buyer.user.id)
      .execute();
    expect((await offer(buyer, chat.id, 20)).statusCode).toBe(401);
    expect((await call(null, 'POST', `/api/offers/${made.offer!.id}/withdraw`)).statusCode).toBe(
      401,
    );
  });

  it("warns the seller, never the buyer, of a note's scam pattern", async () => {
    const { seller, buyer, chat } = await deal();
    const res = await offer(buyer, chat.id, 30, 'I can pay with a gift card');
    expect((res.json() as MessageDto).warnings).toEqual([]);
    const [theirs] = await messagesOf(seller, chat.id);
    expect(theirs!.warnings.map((w) => w.code)).toEqual(['off_platform_payment']);
    expect(theirs!.offer!.note).toBe('I can pay with a gift card');
  });

  it('expires after 48 hours, once whatever the servers running the job', async () => {
    const { seller, buyer, chat } = await deal();
    const made = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    const expire = (at: number) => t.app.services.chats.expireDueOffers(at);
    const due = made.offer!.expiresAt;
    expect(due - made.createdAt).toBe(OFFER_OPEN_MS);
    // Other tests' offers may be due too: this one is read off its card.
    await expire(due - 1000);
    expect((await messagesOf(seller, chat.id))[0]!.offer!.status).toBe('open');
    // Two servers' jobs at the same minute: one of them closes it and notifies, once.
    await Promise.all([expire(due + HOUR), expire(due + HOUR)]);
    const [card] = await messagesOf(seller, chat.id);
    expect(card!.offer!.status).toBe('expired');
    for (const who of [buyer, seller]) {
      const notes = (await notificationsOf(who)).filter((n) => n.type === 'offer');
      expect(notes).toEqual([
        expect.objectContaining({ message: offerAnsweredText('', 'expired', 30) }),
      ]);
    }
    // The buyer may make a new one.
    expect((await offer(buyer, chat.id, 32)).statusCode).toBe(201);
  });

  it('tells both students of an answer live, each with what they may do', async () => {
    const { seller, buyer, chat } = await deal();
    const made = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    const seen: { topic: string; event: { type: string; offer?: OfferDto } }[] = [];
    const topics = [buyer, seller].map((s) => `user:${s.user.id}`);
    const unsubscribe = await Promise.all(
      topics.map((topic) =>
        t.app.deps.bus.subscribe(topic, (event) =>
          seen.push({ topic, event: event as { type: string; offer?: OfferDto } }),
        ),
      ),
    );
    await call(seller, 'POST', `/api/offers/${made.offer!.id}/decline`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(unsubscribe.map((u) => u()));
    const updates = seen.filter((s) => s.event.type === 'offer.updated');
    expect(updates.map((u) => u.topic).sort()).toEqual([...topics].sort());
    for (const u of updates)
      expect(u.event).toMatchObject({ chatId: chat.id, offer: { status: 'declined' } });
  });
});

describe('sharing and reporting in a chat', () => {
  it('shows a post shared with no words as "Shared a post: …" in the inbox and notification', async () => {
    const { seller, buyer, desk, chat } = await deal();
    await call(buyer, 'POST', `/api/chats/${chat.id}/messages`, { sharedPostId: desk.id });
    const line = sharedPostText('Walnut desk');
    expect(line).toBe('Shared a post: Walnut desk');
    expect((await chatOf(seller, chat.id)).lastMessage).toBe(line);
    expect((await notificationsOf(seller))[0]!.message).toBe(NOTIFICATION_TEXT.message('Bo', line));
  });

  it("reports the other student's offer message and the student", async () => {
    const { seller, buyer, chat } = await deal();
    const made = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    const [theirs] = await messagesOf(seller, chat.id);
    expect(theirs!.can.report).toBe(true);
    const report = (targetType: string, targetId: string) =>
      call(seller, 'POST', '/api/reports', { targetType, targetId, reason: 'Pushy' });
    expect((await report('message', made.id)).json()).toEqual({
      message: REPORT_MESSAGES.reported.message,
    });
    expect((await report('user', buyer.user.id)).json()).toEqual({
      message: REPORT_MESSAGES.reported.user,
    });
  });
});

describe('offers on a listing that sells (ADR 061)', () => {
  const sell = (seller: Student, listingId: string, buyerId: string | null) =>
    call(seller, 'PUT', `/api/posts/${listingId}/sale`, { buyerId });

  it('close for every buyer; the others hear it, the buyer it sold to does not', async () => {
    const { seller, buyer, desk, chat } = await deal();
    const other = await student({ first_name: 'Cy' });
    const otherChat = await startAbout(other, seller, desk.id);
    const mine = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    const theirs = (await offer(other, otherChat.id, 32)).json() as MessageDto;
    // The seller's counter is the open one in the other chat.
    const counter = (
      await call(seller, 'POST', `/api/offers/${theirs.offer!.id}/counter`, { amount: 36 })
    ).json() as MessageDto;
    const seen: { topic: string; event: { type: string; offer?: OfferDto } }[] = [];
    const topics = [other, seller].map((s) => `user:${s.user.id}`);
    const unsubscribe = await Promise.all(
      topics.map((topic) =>
        t.app.deps.bus.subscribe(topic, (event) =>
          seen.push({ topic, event: event as { type: string; offer?: OfferDto } }),
        ),
      ),
    );
    const sold = await sell(seller, desk.id, buyer.user.id);
    expect(sold.statusCode, sold.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(unsubscribe.map((u) => u()));

    for (const [who, chatId, messageId] of [
      [buyer, chat.id, mine.id],
      [other, otherChat.id, counter.id],
      [seller, otherChat.id, counter.id],
    ] as const) {
      const card = (await messagesOf(who, chatId)).find((m) => m.id === messageId)!.offer!;
      expect(card.status).toBe('closed');
      expect(card.can).toEqual({ accept: false, decline: false, counter: false, withdraw: false });
    }
    const late = await call(other, 'POST', `/api/offers/${counter.offer!.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(M.notOpen);

    expect((await notificationsOf(other))[0]).toMatchObject({
      type: 'offer',
      message: offerAnsweredText('Sam', 'closed', 36),
    });
    expect(offerAnsweredText('Sam', 'closed', 36)).toBe(
      'Sam sold the listing to someone else. The offer of $36 is closed',
    );
    const buyersOwn = await notificationsOf(buyer);
    expect(buyersOwn.some((n) => n.type === 'offer')).toBe(false);
    expect(buyersOwn[0]!.type).toBe('review');
    // Nothing tells the seller what they did themselves.
    expect((await notificationsOf(seller)).some((n) => n.type === 'offer')).toBe(false);

    // The seller hears both chats; the other buyer only theirs.
    const updates = seen.filter(
      (s) => s.event.type === 'offer.updated' && s.event.offer!.id === counter.offer!.id,
    );
    expect(updates.map((u) => u.topic).sort()).toEqual([...topics].sort());
    expect(seen.filter((s) => s.event.type === 'offer.updated')).toHaveLength(3);
    for (const u of updates)
      expect(u.event).toMatchObject({
        chatId: otherChat.id,
        offer: { id: counter.offer!.id, status: 'closed', can: { accept: false } },
      });
  });

  it('close for everyone on a sale to "Someone else", and leave an accepted one alone', async () => {
    const { seller, buyer, desk, chat } = await deal();
    const made = (await offer(buyer, chat.id, 30)).json() as MessageDto;
    expect((await sell(seller, desk.id, null)).statusCode).toBe(200);
    expect((await messagesOf(buyer, chat.id))[0]!.offer!.status).toBe('closed');
    expect((await notificationsOf(buyer))[0]).toMatchObject({
      type: 'offer',
      message: offerAnsweredText('Sam', 'closed', 30),
    });

    const next = await deal();
    const accepted = (await offer(next.buyer, next.chat.id, 30)).json() as MessageDto;
    await call(next.seller, 'POST', `/api/offers/${accepted.offer!.id}/accept`);
    expect((await sell(next.seller, next.desk.id, next.buyer.user.id)).statusCode).toBe(200);
    const card = (await messagesOf(next.buyer, next.chat.id)).find((m) => m.id === accepted.id)!;
    expect(card.offer!.status).toBe('accepted');
    expect(made.offer!.status).toBe('open');
  });

  it('close when the seller marks the listing sold without a sale', async () => {
    const { seller, buyer, desk, chat } = await deal();
    (await offer(buyer, chat.id, 30)).json();
    const marked = await call(seller, 'PATCH', `/api/posts/${desk.id}`, { status: 'sold' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await messagesOf(buyer, chat.id))[0]!.offer!.status).toBe('closed');
    expect((await notificationsOf(buyer))[0]).toMatchObject({
      type: 'offer',
      message: offerAnsweredText('Sam', 'closed', 30),
    });
  });
});
