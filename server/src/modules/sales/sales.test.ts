import { LISTING_MESSAGES } from '@common/listings';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import {
  type ProfileReviewsDto,
  REVIEW_WINDOW_MS,
  SALE_MESSAGES as M,
  type SaleDto,
} from '@common/schemas/sales';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';

/** Sales linked to a buyer and the reviews after them (ADR 052). */

const MOD_UT = 'mod-sales@utexas.edu';
let t: TestContext;
let onUt: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp({ env: { MODERATORS: `ut:${MOD_UT}` } });
  onUt = callerOn(t.app, 'ut', '198.90');
});
afterAll(() => t?.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (campus = 'ut', first_name = 'Sam') =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: campus, first_name });

let clock = Date.now() - 1_000_000;
const tick = () => (clock += 1000);

/** A chat between the seller and the buyer, pinned to the listing or not. */
async function chat(seller: Student, buyer: Student, listingId: string | null) {
  const id = uuidv7();
  const [low, high] = [seller.user.id, buyer.user.id].sort();
  const at = tick();
  await t.db.kysely
    .insertInto('chats')
    .values({
      id,
      user_low: low!,
      user_high: high!,
      started_by: buyer.user.id,
      last_message_text: null,
      last_message_id: null,
      listing_id: listingId,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A message from the buyer about the listing, in a chat of its own. */
async function messageAbout(seller: Student, buyer: Student, listingId: string) {
  const chatId = await chat(seller, buyer, null);
  await t.db.kysely
    .insertInto('messages')
    .values({
      id: uuidv7(),
      chat_id: chatId,
      sender_id: buyer.user.id,
      text: 'Is it still for sale?',
      shared_post_id: null,
      media_count: 0,
      warnings: null,
      about_post_id: listingId,
      created_at: tick(),
    })
    .execute();
  return chatId;
}

/** An offer from the buyer on the listing, in a status of its own. */
async function offer(
  seller: Student,
  buyer: Student,
  listingId: string,
  amount: number,
  status = 'open',
) {
  const chatId = await chat(seller, buyer, null);
  const messageId = uuidv7();
  const at = tick();
  await t.db.kysely
    .insertInto('messages')
    .values({
      id: messageId,
      chat_id: chatId,
      sender_id: buyer.user.id,
      text: `Offer $${amount}`,
      shared_post_id: null,
      media_count: 0,
      warnings: null,
      about_post_id: null,
      created_at: at,
    })
    .execute();
  await t.db.kysely
    .insertInto('offers')
    .values({
      id: uuidv7(),
      campus_id: 'ut',
      chat_id: chatId,
      message_id: messageId,
      listing_id: listingId,
      buyer_id: buyer.user.id,
      seller_id: seller.user.id,
      from_id: buyer.user.id,
      amount,
      note: null,
      status,
      counter_of: null,
      warnings: null,
      created_at: at,
      expires_at: at + 86_400_000,
      answered_at: status === 'open' ? null : at,
    })
    .execute();
}

const listing = (seller: Student, text = 'Walnut desk\nSolid, with two drawers', price = 40) =>
  buildPost(t.db, seller.user, { text, price, created_at: tick(), updated_at: clock });

/** A seller, a listing and a buyer who messaged about it, sold to the buyer. */
async function sold() {
  const seller = await student('ut', 'Riley');
  const buyer = await student('ut', 'Jamie');
  const post = await listing(seller);
  await messageAbout(seller, buyer, post.id);
  const res = await onUt(seller, 'PUT', `/api/posts/${post.id}/sale`, { buyerId: buyer.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return { seller, buyer, post, sale: res.json<SaleDto>() };
}

const review = (who: Student, saleId: string, body: object = { stars: 5 }) =>
  onUt(who, 'POST', `/api/sales/${saleId}/reviews`, body);

const reviewsOf = async (viewer: Student, subject: Student) => {
  const res = await onUt(viewer, 'GET', `/api/users/${subject.user.username}/reviews`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProfileReviewsDto>();
};

describe('"Sold to": who talked about the listing', () => {
  it('lists chat partners, writers about it and bidders of the campus, newest first, none blocked', async () => {
    const seller = await student();
    const post = await listing(seller);
    const pinned = await student('ut', 'Pinned');
    const wrote = await student('ut', 'Wrote');
    const bidder = await student('ut', 'Bidder');
    const blocked = await student('ut', 'Blocked');
    const elsewhere = await student('uf', 'Elsewhere');
    const unrelated = await student('ut', 'Unrelated');
    const sharer = await student('ut', 'Sharer');
    await chat(seller, pinned, post.id);
    await messageAbout(seller, wrote, post.id);
    await offer(seller, bidder, post.id, 30);
    await messageAbout(seller, blocked, post.id);
    await messageAbout(seller, elsewhere, post.id);
    await chat(seller, unrelated, null);
    const { chat: shared } = (
      await onUt(sharer, 'POST', '/api/chats', { userId: seller.user.id })
    ).json<{ chat: { id: string } }>();
    const sent = await onUt(sharer, 'POST', `/api/chats/${shared.id}/messages`, {
      text: 'This one?',
      sharedPostId: post.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const block = await onUt(blocked, 'PUT', `/api/users/${seller.user.username}/block`);
    expect(block.statusCode, block.body).toBeLessThan(300);

    const res = await onUt(seller, 'GET', `/api/posts/${post.id}/buyers`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((a: { firstName: string }) => a.firstName)).toEqual([
      'Sharer',
      'Bidder',
      'Wrote',
      'Pinned',
    ]);
    expect(res.json().items[1]).toMatchObject({ username: bidder.user.username, avatarUrl: null });
  });

  it('is the seller’s alone', async () => {
    const seller = await student();
    const other = await student();
    const post = await listing(seller);
    const res = await onUt(other, 'GET', `/api/posts/${post.id}/buyers`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(LISTING_MESSAGES.onlySeller);
    const sale = await onUt(other, 'PUT', `/api/posts/${post.id}/sale`, { buyerId: null });
    expect(sale.statusCode).toBe(403);
  });
});

describe('recording a sale', () => {
  it('links listing, buyer and seller with the first line and price; the listing is sold; both are asked to review', async () => {
    const { seller, buyer, post, sale } = await sold();
    expect(sale).toMatchObject({
      listingId: post.id,
      title: 'Walnut desk',
      price: 40,
      seller: { id: seller.user.id },
      buyer: { id: buyer.user.id },
      myReview: null,
      can: { review: true },
    });
    const page = await onUt(seller, 'GET', `/api/posts/${post.id}`);
    expect(page.json().post.status).toBe('sold');
    for (const [who, other] of [
      [buyer, seller],
      [seller, buyer],
    ] as const) {
      const list = await onUt(who, 'GET', '/api/notifications');
      expect(list.json().items[0]).toMatchObject({
        type: 'review',
        postId: post.id,
        message: NOTIFICATION_TEXT.review(other.user.first_name, 'Walnut desk'),
      });
    }
  });

  it('takes the amount of an offer the seller accepted from that buyer', async () => {
    const seller = await student();
    const buyer = await student();
    const post = await listing(seller);
    await offer(seller, buyer, post.id, 32, 'accepted');
    const res = await onUt(seller, 'PUT', `/api/posts/${post.id}/sale`, { buyerId: buyer.user.id });
    expect(res.json()).toMatchObject({ price: 32, buyer: { id: buyer.user.id } });
  });

  it('refuses a student who never talked about it; "Someone else" has no buyer and no review', async () => {
    const seller = await student();
    const stranger = await student();
    const post = await listing(seller);
    const res = await onUt(seller, 'PUT', `/api/posts/${post.id}/sale`, {
      buyerId: stranger.user.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(M.notACandidate);
    const other = await onUt(seller, 'PUT', `/api/posts/${post.id}/sale`, { buyerId: null });
    expect(other.json()).toMatchObject({ buyer: null, can: { review: false } });
    const refused = await review(seller, other.json().id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(M.noBuyer);
  });

  it('moving back from sold removes an unreviewed sale and keeps a reviewed one', async () => {
    const first = await sold();
    await onUt(first.seller, 'PATCH', `/api/posts/${first.post.id}`, { status: 'available' });
    const gone = await onUt(first.seller, 'GET', `/api/posts/${first.post.id}/sale`);
    expect(gone.json()).toEqual({ sale: null });

    const second = await sold();
    expect((await review(second.buyer, second.sale.id)).statusCode).toBe(201);
    await onUt(second.seller, 'PATCH', `/api/posts/${second.post.id}`, { status: 'available' });
    const kept = await onUt(second.seller, 'GET', `/api/posts/${second.post.id}/sale`);
    expect(kept.json().sale).toMatchObject({
      id: second.sale.id,
      buyer: { id: second.buyer.user.id },
    });
    const again = await onUt(second.seller, 'PUT', `/api/posts/${second.post.id}/sale`, {
      buyerId: null,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.reviewedSaleKept);
  });
});

describe('reviews', () => {
  it('one per side, never changed; hidden from the subject until both reviewed', async () => {
    const { seller, buyer, sale } = await sold();
    const res = await review(buyer, sale.id, {
      stars: 4,
      tags: ['on-time', 'friendly'],
      text: 'Easy pickup.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().myReview).toMatchObject({ stars: 4, visible: false, authorRole: 'buyer' });
    expect(res.json().can.review).toBe(false);
    const twice = await review(buyer, sale.id, { stars: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(M.alreadyReviewed);

    // Hidden: not on the seller's profile, to the seller or anyone.
    expect((await reviewsOf(seller, seller)).items).toEqual([]);
    expect((await reviewsOf(buyer, seller)).stats).toMatchObject({ count: 0, average: null });
    const theirs = await onUt(seller, 'GET', `/api/posts/${sale.listingId}/sale`);
    expect(theirs.json().sale.myReview).toBeNull();

    expect((await review(seller, sale.id, { stars: 5 })).statusCode).toBe(201);
    const shown = await reviewsOf(buyer, seller);
    expect(shown.items).toHaveLength(1);
    expect(shown.items[0]).toMatchObject({
      stars: 4,
      tags: ['on-time', 'friendly'],
      text: 'Easy pickup.',
      title: 'Walnut desk',
      author: { id: buyer.user.id },
      visible: true,
    });
    const mine = await onUt(buyer, 'GET', `/api/posts/${sale.listingId}/sale`);
    expect(mine.json().sale.myReview.visible).toBe(true);
    const edit = await review(buyer, sale.id, { stars: 2 });
    expect(edit.statusCode).toBe(409);
  });

  it('shows a lone review 14 days after the sale, and closes the window then', async () => {
    const { seller, buyer, sale } = await sold();
    expect((await review(buyer, sale.id, { stars: 3 })).statusCode).toBe(201);
    await t.db.kysely
      .updateTable('sales')
      .set({ created_at: Date.now() - REVIEW_WINDOW_MS - 1000 })
      .where('id', '=', sale.id)
      .execute();
    expect((await reviewsOf(buyer, seller)).items).toHaveLength(1);
    const late = await review(seller, sale.id, { stars: 5 });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe(M.windowClosed);
  });

  it('is for the two sides only: others get 404, another campus 403', async () => {
    const { sale } = await sold();
    const stranger = await student();
    const res = await review(stranger, sale.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(M.notAParty);
    const ufer = await student('uf');
    expect((await review(ufer, sale.id)).statusCode).toBe(403);
    expect((await onUt(stranger, 'GET', `/api/posts/${sale.listingId}/sale`)).json()).toEqual({
      sale: null,
    });
  });

  it('checks stars, tags and length with the product’s words', async () => {
    const { buyer, sale } = await sold();
    const none = await review(buyer, sale.id, { stars: 0 });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(M.starsRequired);
    const long = await review(buyer, sale.id, { stars: 5, text: 'x'.repeat(281) });
    expect(long.json().error.message).toBe(M.textTooLong);
  });

  it('is refused across a block', async () => {
    const { seller, buyer, sale } = await sold();
    await onUt(seller, 'PUT', `/api/users/${buyer.user.username}/block`);
    const res = await review(buyer, sale.id);
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe('profile stats', () => {
  it('average to one decimal, count, items sold and bought', async () => {
    const seller = await student('ut', 'Avery');
    let buyerOfLast: Student | null = null;
    for (const stars of [5, 4, 4]) {
      const buyer = await student();
      const post = await listing(seller);
      await messageAbout(seller, buyer, post.id);
      const res = await onUt(seller, 'PUT', `/api/posts/${post.id}/sale`, {
        buyerId: buyer.user.id,
      });
      await review(buyer, res.json().id, { stars });
      await review(seller, res.json().id, { stars: 5 });
      buyerOfLast = buyer;
    }
    const other = await listing(seller);
    await onUt(seller, 'PUT', `/api/posts/${other.id}/sale`, { buyerId: null });
    const viewer = await student();
    const { stats, items } = await reviewsOf(viewer, seller);
    expect(stats).toEqual({ average: 4.3, count: 3, sold: 4, bought: 0 });
    expect(items.map((r) => r.stars)).toEqual([4, 4, 5]);
    expect((await reviewsOf(viewer, buyerOfLast!)).stats).toEqual({
      average: 5,
      count: 1,
      sold: 0,
      bought: 1,
    });
    const empty = await reviewsOf(viewer, viewer);
    expect(empty).toEqual({
      stats: { average: null, count: 0, sold: 0, bought: 0 },
      items: [],
      nextCursor: null,
    });
  });
});

describe('reports and removal', () => {
  const report = (who: Student, targetId: string) =>
    onUt(who, 'POST', '/api/reports', { targetType: 'review', targetId, reason: 'Not true' });

  it('a shown review can be reported, not a hidden one nor one’s own; a moderator removes it', async () => {
    const { seller, buyer, sale } = await sold();
    const written = await review(buyer, sale.id, { stars: 1, text: 'Rude and late.' });
    const reviewId = written.json().myReview.id as string;
    const stranger = await student();
    const hidden = await report(stranger, reviewId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe(REPORT_MESSAGES.reviewNotFound);

    await review(seller, sale.id, { stars: 5 });
    expect((await report(buyer, reviewId)).json().error.message).toBe(REPORT_MESSAGES.ownContent);
    const res = await report(seller, reviewId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(REPORT_MESSAGES.reported.review);

    const moderator = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'ut',
      email: MOD_UT,
    });
    const queue = await onUt(moderator, 'GET', '/api/moderation/reports');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({
        targetType: 'review',
        targetId: reviewId,
        student: expect.objectContaining({ id: buyer.user.id }),
        text: expect.stringContaining('Rude and late.'),
        postId: sale.listingId,
        reasons: ['Not true'],
      }),
    );
    const removed = await onUt(moderator, 'POST', '/api/moderation/actions', {
      targetType: 'review',
      targetId: reviewId,
      action: 'remove',
      reason: 'Abusive words',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(MODERATION_MESSAGES.done.remove);
    const after = await reviewsOf(stranger, seller);
    expect(after.items).toEqual([]);
    expect(after.stats).toMatchObject({ count: 0, average: null, sold: 1 });
    const told = await onUt(buyer, 'GET', '/api/notifications');
    expect(told.json().items[0].message).toBe(
      MODERATION_MESSAGES.removed('review', 'Abusive words'),
    );
  });
});
