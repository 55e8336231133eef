import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { api } from '../../test/auth';
import { PASSWORD, type Student, type World, worldBuilder } from './authorization-matrix.world';

/**
 * The authorization matrix's other half (ADR 044): what a post, a comment, a
 * profile, a liked-by name, a chat, a message and a meetup say the viewer may
 * do (`can`) and what the route of each action answers that viewer agree. For every kind of
 * viewer, in a world of its own per action: when `can.X` is true the route
 * of X is not refused (2xx, or 409 for a state such as "renewed this week");
 * when false it is refused (400, 401, 403 or 404). A viewer who may not read
 * the resource at all (a guest, an unverified account, another campus) is
 * refused every action.
 */

/** The table's kinds, and a student who blocked the owner (ADR 024). */
const KINDS = [
  'guest',
  'unverified',
  'verified',
  'member',
  'owner',
  'stranger',
  'otherCampus',
  'blocked',
] as const;
type Kind = (typeof KINDS)[number];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Request {
  method: Method;
  url: string;
  body?: object;
}

/** One resource: how to read it (and its `can`) in a world, and the route of each of its actions. */
interface Resource {
  read(w: World): Promise<{ url: string; can(body: unknown): Record<string, boolean> }>;
  actions: Record<string, (w: World) => Promise<Request>>;
  /** Actions whose refusal the route cannot show (PATCH /api/me edits only the viewer's own profile). */
  onlyWhenAllowed?: readonly string[];
}

const postActions = (target: (w: World) => Promise<{ id: string; type: 'post' | 'comment' }>) => ({
  edit: async (w: World) => ({
    method: 'PATCH' as const,
    url: `/api/posts/${(await target(w)).id}`,
    body: { price: 35 },
  }),
  delete: async (w: World) => ({
    method: 'DELETE' as const,
    url: `/api/posts/${(await target(w)).id}`,
  }),
  markSold: async (w: World) => ({
    method: 'PATCH' as const,
    url: `/api/posts/${(await target(w)).id}`,
    body: { status: 'sold' },
  }),
  renew: async (w: World) => ({
    method: 'POST' as const,
    url: `/api/posts/${(await target(w)).id}/renew`,
  }),
  save: async (w: World) => ({
    method: 'PUT' as const,
    url: `/api/posts/${(await target(w)).id}/like`,
  }),
  comment: async (w: World) => ({
    method: 'POST' as const,
    url: '/api/posts',
    body: { text: 'Still there?', parentId: (await target(w)).id },
  }),
  message: async (w: World) => {
    const { id } = await target(w);
    const author = id === (await w.post()).id ? w.students.owner : w.students.member;
    return { method: 'POST' as const, url: '/api/chats', body: { userId: author.user.id } };
  },
  report: async (w: World) => {
    const { id, type } = await target(w);
    return {
      method: 'POST' as const,
      url: '/api/reports',
      body: { targetType: type, targetId: id, reason: 'spam' },
    };
  },
});

const post = async (w: World) => ({ id: (await w.post()).id, type: 'post' as const });
const comment = async (w: World) => ({ id: (await w.post()).commentId, type: 'comment' as const });
const canOf = (body: unknown) => (body as { can: Record<string, boolean> }).can;
const postCanOf = (body: unknown) => canOf((body as { post: unknown }).post);
const itemOf = (body: unknown, id: string) =>
  (body as { items: { id: string }[] }).items.find((item) => item.id === id);

const RESOURCES: Record<string, Resource> = {
  "the owner's listing": {
    read: async (w) => ({ url: `/api/posts/${(await post(w)).id}`, can: postCanOf }),
    actions: postActions(post),
  },
  "the member's comment on it": {
    read: async (w) => ({ url: `/api/posts/${(await comment(w)).id}`, can: postCanOf }),
    actions: postActions(comment),
  },
  "the owner's profile": {
    read: async (w) => ({ url: `/api/users/${w.students.owner.user.username}`, can: canOf }),
    actions: {
      edit: async () => ({ method: 'PATCH', url: '/api/me', body: { bio: 'Selling lamps.' } }),
      message: async (w) => ({
        method: 'POST',
        url: '/api/chats',
        body: { userId: w.students.owner.user.id },
      }),
      block: async (w) => ({
        method: 'PUT',
        url: `/api/users/${w.students.owner.user.username}/block`,
      }),
      report: async (w) => ({
        method: 'POST',
        url: `/api/users/${w.students.owner.user.username}/report`,
        body: { reason: 'spam' },
      }),
    },
    onlyWhenAllowed: ['edit'],
  },
  'the owner among those who saved the comment': {
    read: async (w) => ({
      url: `/api/posts/${(await comment(w)).id}/likes`,
      can: (body) => canOf((body as { items: unknown[] }).items[0]),
    }),
    actions: {
      message: async (w) => ({
        method: 'POST',
        url: '/api/chats',
        body: { userId: w.students.owner.user.id },
      }),
    },
  },
  "the member's message in their chat with the owner": {
    read: async (w) => {
      const { id, memberMessageId } = await w.chat();
      return {
        url: `/api/chats/${id}/messages`,
        can: (body) => canOf(itemOf(body, memberMessageId)),
      };
    },
    actions: {
      heart: async (w) => ({
        method: 'PUT',
        url: `/api/messages/${(await w.chat()).memberMessageId}/heart`,
      }),
      report: async (w) => ({
        method: 'POST',
        url: '/api/reports',
        body: { targetType: 'message', targetId: (await w.chat()).memberMessageId, reason: 'spam' },
      }),
    },
  },
  'the meetup the owner suggested in the chat': {
    read: async (w) => {
      const [{ id }, meetup] = await Promise.all([w.chat(), w.meetup()]);
      const can = (body: unknown) =>
        canOf(
          (body as { items: { meetup: { id: string } | null }[] }).items.find(
            (m) => m.meetup?.id === meetup.id,
          )!.meetup,
        );
      return { url: `/api/chats/${id}/messages`, can };
    },
    actions: Object.fromEntries(
      (['accept', 'decline', 'cancel'] as const).map((answer) => [
        answer,
        async (w: World) => ({
          method: 'POST' as const,
          url: `/api/meetups/${(await w.meetup()).id}/${answer}`,
        }),
      ]),
    ),
  },
  "the owner's listing sold to the member": {
    read: async (w) => ({
      url: `/api/posts/${(await w.sale()).listingId}/sale`,
      can: (body) =>
        (body as { sale: { can: Record<string, boolean> } | null }).sale?.can ?? { review: false },
    }),
    actions: {
      review: async (w) => ({
        method: 'POST',
        url: `/api/sales/${(await w.sale()).id}/reviews`,
        body: { stars: 5 },
      }),
    },
  },
  "the owner's offer on the member's listing": {
    read: async (w) => {
      const [{ id }, offer] = await Promise.all([w.deal(), w.offer()]);
      const can = (body: unknown) =>
        canOf(
          (body as { items: { offer?: { id: string } | null }[] }).items.find(
            (m) => m.offer?.id === offer.id,
          )!.offer,
        );
      return { url: `/api/chats/${id}/messages`, can };
    },
    actions: Object.fromEntries(
      (['accept', 'decline', 'counter', 'withdraw'] as const).map((answer) => [
        answer,
        async (w: World) => ({
          method: 'POST' as const,
          url: `/api/offers/${(await w.offer()).id}/${answer}`,
          ...(answer === 'counter' ? { body: { amount: 35 } } : {}),
        }),
      ]),
    ),
  },
  "the chat about the member's listing": {
    read: async (w) => ({ url: `/api/chats/${(await w.deal()).id}`, can: canOf }),
    actions: {
      makeOffer: async (w) => ({
        method: 'POST',
        url: `/api/chats/${(await w.deal()).id}/offers`,
        body: { amount: 30 },
      }),
    },
  },
  'the chat of the owner and the member': {
    read: async (w) => ({ url: `/api/chats/${(await w.chat()).id}`, can: canOf }),
    actions: {
      send: async (w) => ({
        method: 'POST',
        url: `/api/chats/${(await w.chat()).id}/messages`,
        body: { text: 'See you there.' },
      }),
      proposeMeetup: async (w) => ({
        method: 'POST',
        url: `/api/chats/${(await w.chat()).id}/meetups`,
        body: { spotId: 'oupd-lobby', at: Date.now() + 2 * 24 * 60 * 60 * 1000 },
      }),
    },
  },
};

let t: TestContext;
let newWorld: () => Promise<World>;
let addresses = 0;
const nextIp = () => `198.23.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  const email = `matrix-can-${process.pid}@example.com`;
  const res = await api(t.app, {
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { name: 'Matrix Student', email, password: PASSWORD, terms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { password_hash } = await t.db.kysely
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  newWorld = worldBuilder(t.app, password_hash!);
});

afterAll(async () => {
  await t?.close();
});

function send(viewer: Student | null, { method, url, body }: Request) {
  return api(t.app, {
    method,
    url,
    remoteAddress: nextIp(),
    ...(viewer ? { cookie: viewer.cookie } : {}),
    ...(body ? { payload: body } : {}),
  }) as Promise<LightMyRequestResponse>;
}

/**
 * The viewer of a kind in a fresh world; the blocked one is the member, who
 * blocked the owner once their chat, its meetup and the comment existed. The owner saves the
 * member's comment, so that they are among those who saved it.
 */
async function viewerIn(w: World, kind: Kind): Promise<Student | null> {
  const { id } = await comment(w);
  const saved = await send(w.students.owner, { method: 'PUT', url: `/api/posts/${id}/like` });
  expect(saved.statusCode, saved.body).toBe(200);
  if (kind === 'guest') return null;
  if (kind !== 'blocked') return w.students[kind];
  await Promise.all([w.chat(), w.meetup(), w.sale(), w.offer()]);
  const url = `/api/users/${w.students.owner.user.username}/block`;
  const blocked = await send(w.students.member, { method: 'PUT', url });
  expect(blocked.statusCode, blocked.body).toBeLessThan(300);
  return w.students.member;
}

const REFUSED = new Set([400, 401, 403, 404]);
const allowedStatus = (status: number) => status < 300 || status === 409;

/**
 * What `can` said of one action and what its route answered, for one kind of
 * viewer. A resource the viewer may not read says nothing; the table of
 * routes (authorization-matrix.table.ts) holds what its routes answer them.
 */
async function cell(resource: Resource, action: string, kind: Kind) {
  const w = await newWorld();
  const viewer = await viewerIn(w, kind);
  const { url, can } = await resource.read(w);
  const read = await send(viewer, { method: 'GET', url });
  if (read.statusCode !== 200) return { kind, said: null, problem: null };
  const said = can(read.json())[action];
  if (said === undefined) return { kind, said, problem: `no can.${action} in ${read.body}` };
  if (!said && resource.onlyWhenAllowed?.includes(action)) return { kind, said, problem: null };
  const res = await send(viewer, await resource.actions[action]!(w));
  const agrees = said ? allowedStatus(res.statusCode) : REFUSED.has(res.statusCode);
  const problem = agrees ? null : `can.${action} ${said}, the route ${res.statusCode} ${res.body}`;
  return { kind, said, problem };
}

describe.each(Object.keys(RESOURCES))('%s', (name) => {
  const resource = RESOURCES[name]!;
  it.each(Object.keys(resource.actions))(
    'says can.%s as its route answers, to every kind of viewer',
    async (action) => {
      const cells = await Promise.all(KINDS.map((kind) => cell(resource, action, kind)));
      expect(cells.filter((c) => c.problem).map((c) => `${c.kind}: ${c.problem}`)).toEqual([]);
      // Some viewer reads every resource, so no row passes for want of a `can` to check.
      expect(cells.some((c) => c.said !== null)).toBe(true);
    },
  );
});
