import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../test/app';
import { addressSequence, api, loginAs } from '../../test/auth';
import { buildPost, buildUser } from '../../test/factories';
import { solidImage, videoBytes } from '../../test/media-fixtures';
import { MULTIPART_TYPE, multipart } from '../../test/multipart';

/**
 * The world one cell of the authorization matrix runs in: a fresh student of
 * every kind, and the resources a route's path points at, built on demand
 * (through the API where the app has a route for it, so they are real).
 */

export type Student = { user: Awaited<ReturnType<typeof buildUser>>; cookie: string };
/** The kinds of the table (authorization-matrix.table.ts) that have a session. */
export type SignedInKind =
  'unverified' | 'verified' | 'member' | 'owner' | 'stranger' | 'otherCampus';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Call = (who: Student | null, method: Method, url: string, body?: object) => Promise<unknown>;

/** Every student shares one password, so a route asking for it gets the right one. */
export const PASSWORD = 'matrix-password-1';

/** A browser's push subscription at a push service the server believes (ADR 058). */
export const PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-device',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

export interface World {
  /** Every kind but the guest: `owner` owns the resources, `member` takes part in them. */
  students: Record<SignedInKind, Student>;
  /** The owner's top-level post, with a comment by the member (which notifies the owner). */
  post(): Promise<{ id: string; commentId: string }>;
  /** The chat the owner started with the member, with one message from each. */
  chat(): Promise<{ id: string; ownerMessageId: string; memberMessageId: string }>;
  /** A meetup the owner suggested in the chat, two days ahead (ADR 026). */
  meetup(): Promise<{ id: string }>;
  /** The owner's listing that the member asked about in their chat, sold to the member (ADR 052). */
  sale(): Promise<{ id: string; listingId: string }>;
  /** The pair's chat, started by the owner from the member's $40 listing (pinned, ADR 051). */
  deal(): Promise<{ id: string; listingId: string }>;
  /** A $30 offer the owner (the buyer) made in that chat. */
  offer(): Promise<{ id: string }>;
  /** The owner's saved search ("Alert me"). */
  savedSearch(): Promise<{ id: string }>;
  /** A search of the owner's recent searches. */
  recentSearch(): Promise<{ id: string }>;
  /** A device of the owner's that gets pushes (ADR 058), at `PUSH_ENDPOINT`. */
  pushDevice(): Promise<{ id: string; endpoint: string }>;
  /** A photo the owner uploaded and no post took yet. */
  upload(): Promise<{ id: string; url: string }>;
  /** A video the owner uploaded and no post took yet (for its poster frame, ADR 060). */
  video(): Promise<{ id: string }>;
  /** A new e-mail address for register, magic links and e-mail changes. */
  freshEmail(): string;
  /**
   * Asks for a payout account for the viewer, as the payments page does
   * (refused unless verified); `onboarded` then marks it as the provider's
   * webhook would once onboarding is done.
   */
  payoutAccount(viewer: Student | null, onboarded?: boolean): Promise<void>;
}

/** A tiny PNG as the browser would upload it, for /api/uploads and /api/me/avatar. */
export async function photoBody(): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const data = await solidImage(8, 8, 'png');
  return {
    body: multipart([{ filename: 'photo.png', type: 'image/png', data }]),
    headers: { 'content-type': MULTIPART_TYPE },
  };
}

/** A tiny MP4 the owner uploaded and no post took yet. */
async function uploadVideo(
  app: App,
  cookie: string,
  remoteAddress: string,
): Promise<{ id: string }> {
  const res = await api(app, {
    method: 'POST',
    url: '/api/uploads',
    cookie,
    remoteAddress,
    payload: multipart([
      { filename: 'clip.mp4', type: 'video/mp4', data: videoBytes('isom', 4096) },
    ]),
    headers: { 'content-type': MULTIPART_TYPE },
  });
  if (res.statusCode !== 201) throw new Error(`video: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

let emails = 0;

/** Builds worlds on one app; `passwordHash` is the hash of PASSWORD that every student gets. */
export function worldBuilder(app: App, passwordHash: string) {
  const nextIp = addressSequence('198.20');
  const call: Call = async (who, method, url, body) => {
    const res: LightMyRequestResponse = await api(app, {
      method,
      url,
      remoteAddress: nextIp(),
      ...(who ? { cookie: who.cookie } : {}),
      ...(body ? { payload: body } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? null : res.json();
  };
  const student = async (campus_id: string, verified: boolean, school_verified: boolean) => {
    const user = await buildUser(app.deps.db, {
      campus_id,
      verified,
      school_verified,
      password_hash: passwordHash,
    });
    return { user, cookie: await loginAs(app, user) };
  };
  return async function build(): Promise<World> {
    const [unverified, verified, member, owner, stranger, otherCampus] = await Promise.all([
      student('ou', false, false),
      student('ou', true, false),
      student('ou', true, true),
      student('ou', true, true),
      student('ou', true, true),
      student('ut', true, true),
    ]);
    const students = { unverified, verified, member, owner, stranger, otherCampus };
    return { students, ...resources(app, call, students) };
  };
}

/** Addresses for the resources' own requests, so per-IP rate limits stay out of the way. */
const nextIp = addressSequence('198.22');

const once = <T>(build: () => Promise<T>) => {
  let built: Promise<T> | undefined;
  return () => (built ??= build());
};

/** The owner's listing that the member asked about in their chat, sold to the member (ADR 052). */
async function soldToMember(
  app: App,
  call: Call,
  { owner, member }: World['students'],
  chat: () => Promise<{ id: string }>,
) {
  const { id: chatId } = await chat();
  const listing = await buildPost(app.deps.db, owner.user, { text: 'Desk lamp', price: 10 });
  // The member asked about it in their chat (its "About" marker), without moving
  // the chat's pin: the pair's one chat stays about the member's listing (deal).
  await app.deps.db.kysely
    .updateTable('messages')
    .set({ about_post_id: listing.id })
    .where('chat_id', '=', chatId)
    .where('sender_id', '=', member.user.id)
    .execute();
  const sale = (await call(owner, 'PUT', `/api/posts/${listing.id}/sale`, {
    buyerId: member.user.id,
  })) as { id: string };
  return { id: sale.id, listingId: listing.id };
}

/** The chat about the member's listing and the owner's offer in it (ADR 051). */
function dealResources(app: App, call: Call, { owner, member }: World['students']) {
  const deal = once(async () => {
    const listing = await buildPost(app.deps.db, member.user, { price: 40 });
    const { chat } = (await call(owner, 'POST', '/api/chats', {
      userId: member.user.id,
      listingId: listing.id,
    })) as { chat: { id: string } };
    return { id: chat.id, listingId: listing.id };
  });
  const offer = once(async () => {
    const { id } = await deal();
    const message = (await call(owner, 'POST', `/api/chats/${id}/offers`, { amount: 30 })) as {
      offer: { id: string };
    };
    return { id: message.offer.id };
  });
  return { deal, offer };
}

/** The resources of one world, each built the first time a cell asks for it. */
function resources(app: App, call: Call, students: World['students']): Omit<World, 'students'> {
  const { owner, member } = students;
  const chat = once(async () => {
    const { chat } = (await call(owner, 'POST', '/api/chats', { userId: member.user.id })) as {
      chat: { id: string };
    };
    const send = (who: Student, text: string) =>
      call(who, 'POST', `/api/chats/${chat.id}/messages`, { text }) as Promise<{ id: string }>;
    const ownerMessage = await send(owner, 'Hi! Is the desk lamp still for sale?');
    const memberMessage = await send(member, 'Yes, $10.');
    return { id: chat.id, ownerMessageId: ownerMessage.id, memberMessageId: memberMessage.id };
  });
  return {
    ...dealResources(app, call, students),
    post: once(async () => {
      // A listing (ADR 023, 029): its seller may change, bump and renew it.
      const post = await buildPost(app.deps.db, owner.user, { price: 40 });
      const comment = (await call(member, 'POST', '/api/posts', {
        text: 'Is it still available?',
        parentId: post.id,
      })) as { id: string };
      return { id: post.id, commentId: comment.id };
    }),
    chat,
    meetup: once(async () => {
      const { id } = await chat();
      const message = (await call(owner, 'POST', `/api/chats/${id}/meetups`, {
        spotId: 'oupd-lobby',
        at: Date.now() + 2 * 24 * 60 * 60 * 1000,
      })) as { meetup: { id: string } };
      return { id: message.meetup.id };
    }),
    sale: once(() => soldToMember(app, call, students, chat)),
    savedSearch: once(async () => {
      const body = { query: 'desk lamp' };
      return (await call(owner, 'POST', '/api/me/saved-searches', body)) as { id: string };
    }),
    recentSearch: once(async () => {
      const { search } = (await call(owner, 'POST', '/api/me/searches', {
        text: 'mini fridge',
      })) as { search: { id: string } };
      return search;
    }),
    // A new device of the owner each time: the routes that remove one must find it there.
    pushDevice: async () =>
      (await call(owner, 'PUT', '/api/me/push-devices', {
        ...PUSH_SUBSCRIPTION,
        endpoint: `${PUSH_SUBSCRIPTION.endpoint}-${randomUUID()}`,
      })) as { id: string; endpoint: string },
    upload: once(async () => {
      const { body, headers } = await photoBody();
      const res = await api(app, {
        method: 'POST',
        url: '/api/uploads',
        cookie: owner.cookie,
        remoteAddress: nextIp(),
        payload: body,
        headers,
      });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
      return res.json() as { id: string; url: string };
    }),
    video: once(() => uploadVideo(app, owner.cookie, nextIp())),
    payoutAccount: async (viewer, onboarded = false) => {
      if (!viewer) return;
      await api(app, {
        method: 'POST',
        url: '/api/payments/account',
        cookie: viewer.cookie,
        remoteAddress: nextIp(),
      });
      if (!onboarded) return;
      await app.deps.db.kysely
        .updateTable('users')
        .set({ stripe_onboarding_complete: true, payouts_enabled: true, charges_enabled: true })
        .where('id', '=', viewer.user.id)
        .where('stripe_account_id', 'is not', null)
        .execute();
    },
    freshEmail: () => `matrix-${process.pid}-${Date.now().toString(36)}-${emails++}@example.com`,
  };
}
