import { CAMPUSES } from '@common/campuses';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { CHAT_MESSAGES } from '@common/schemas/chats';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { POST_MESSAGES } from '@common/schemas/posts';
import { REVIEW_WINDOW_MS, SALE_MESSAGES } from '@common/schemas/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { buildPost, buildUser } from '../../../test/factories';
import type { PostRow, UserRow } from '../../db/schema';
import { HttpError } from '../errors';
import * as campusPolicy from './campus';
import * as chatPolicy from './chat';
import * as meetupPolicy from './meetup';
import * as offerPolicy from './offer';
import * as peoplePolicy from './people';
import * as moderationPolicy from './moderation';
import * as postPolicy from './post';
import * as salePolicy from './sale';
import * as savedSearchPolicy from './saved-search';

/**
 * Who may do what on a campus and with its posts, one row per kind of
 * viewer. Users and posts are read back from the
 * database, so the policies see what each dialect returns (SQLite: 0/1).
 */

type Viewer =
  | 'guest'
  | 'unverified member'
  | 'verified member'
  | 'school-verified member'
  | 'owner'
  | 'student of another campus';

const VIEWERS: Viewer[] = [
  'guest',
  'unverified member',
  'verified member',
  'school-verified member',
  'owner',
  'student of another campus',
];

type Outcome = 'ok' | [status: number, code: string, message: string];

const SIGNED_OUT: Outcome = [401, 'signed_out', AUTH_MESSAGES.signInRequired];
const NOT_VERIFIED: Outcome = [403, 'not_verified', AUTH_MESSAGES.verifyRequired];
const NOT_SCHOOL: Outcome = [403, 'not_school_verified', AUTH_MESSAGES.schoolVerifyRequired];
const PRIVATE: Outcome = [403, 'other_campus', MESSAGES.privateCommunity];
const OWN_CAMPUS: Outcome = [403, 'other_campus', POST_MESSAGES.ownCampusOnly];
const NOT_OWNER: Outcome = [403, 'not_owner', POST_MESSAGES.notYours];
const GONE: Outcome = [404, 'post_not_found', POST_MESSAGES.postDeletedMissing];
const NO_CHAT: Outcome = [404, 'chat_not_found', CHAT_MESSAGES.missingChat];
const NO_SEARCH: Outcome = [404, 'saved_search_not_found', savedSearchPolicy.SAVED_SEARCH_MISSING];
const OWN_CHAT: Outcome = [400, 'own_chat', CHAT_MESSAGES.notYourself];
const NO_MODERATION: Outcome = [404, 'not_found', MODERATION_MESSAGES.notFound];
/** Listed for OU: the owner, the unverified member, and the UT student (by the e-mail alone). */
const moderators = () => ({
  ou: [
    users.owner!.email,
    users['unverified member']!.email,
    users['student of another campus']!.email.toUpperCase(),
  ].map((e) => e.toLowerCase()),
  ut: [users['school-verified member']!.email],
});

const ou = CAMPUSES.ou;

let db: TestDb;
const users = {} as Record<Viewer, UserRow | null>;
let post: PostRow;
let utPost: PostRow;
/** The pair of a chat between the owner and the school-verified member. */
const chat = () => {
  const [a, b] = [users.owner!.id, users['school-verified member']!.id].sort();
  return { user_low: a!, user_high: b! };
};

const NO_SALE: Outcome = [404, 'sale_not_found', SALE_MESSAGES.notAParty];
const CLOSED: Outcome = [403, 'review_closed', SALE_MESSAGES.windowClosed];
/** The owner's listing sold to the school-verified member (ADR 052), `ago` ms ago. */
const sale = (ago = 0): salePolicy.SaleFacts => ({
  campusId: 'ou',
  sellerId: users.owner!.id,
  buyerId: users['school-verified member']!.id,
  createdAt: Date.now() - ago,
});

/** Each policy applied to an OU post by the owner, and what each viewer gets. */
const TABLE: Record<string, { check: (user: UserRow | null) => void; expected: Outcome[] }> = {
  'campus.canRead': {
    check: (user) => campusPolicy.canRead(user, ou),
    expected: [SIGNED_OUT, NOT_VERIFIED, 'ok', 'ok', 'ok', PRIVATE],
  },
  'campus.canContribute': {
    check: (user) => campusPolicy.canContribute(user, ou),
    expected: [SIGNED_OUT, NOT_VERIFIED, NOT_SCHOOL, 'ok', 'ok', OWN_CAMPUS],
  },
  'post.canRead': {
    check: (user) => postPolicy.canRead(user, ou, post),
    expected: [SIGNED_OUT, NOT_VERIFIED, 'ok', 'ok', 'ok', PRIVATE],
  },
  'post.canRead (a post that is gone)': {
    check: (user) => postPolicy.canRead(user, ou, undefined),
    expected: [SIGNED_OUT, NOT_VERIFIED, GONE, GONE, GONE, PRIVATE],
  },
  'post.canRead (a post of another campus, asked on this one)': {
    check: (user) => postPolicy.canRead(user, ou, utPost),
    expected: [SIGNED_OUT, NOT_VERIFIED, GONE, GONE, GONE, PRIVATE],
  },
  'post.canCreate': {
    check: (user) => postPolicy.canCreate(user, ou),
    expected: [SIGNED_OUT, NOT_VERIFIED, NOT_SCHOOL, 'ok', 'ok', OWN_CAMPUS],
  },
  'post.canDelete': {
    check: (user) => postPolicy.canDelete(user, ou, post),
    expected: [SIGNED_OUT, NOT_VERIFIED, NOT_OWNER, NOT_OWNER, 'ok', PRIVATE],
  },
  'sale.canReview (the owner sold to the school-verified member)': {
    check: (user) => salePolicy.canReview(user, ou, sale(), { reviewed: false, now: Date.now() }),
    expected: [SIGNED_OUT, NOT_VERIFIED, NO_SALE, 'ok', 'ok', PRIVATE],
  },
  'sale.canReview (14 days after the sale)': {
    check: (user) =>
      salePolicy.canReview(user, ou, sale(REVIEW_WINDOW_MS), { reviewed: false, now: Date.now() }),
    expected: [SIGNED_OUT, NOT_VERIFIED, NO_SALE, CLOSED, CLOSED, PRIVATE],
  },
  'chat.canRead (the owner and the school-verified member talk)': {
    check: (user) => chatPolicy.canRead(user, ou, chat()),
    expected: [SIGNED_OUT, NOT_VERIFIED, NO_CHAT, 'ok', 'ok', PRIVATE],
  },
  'chat.canWrite': {
    check: (user) => chatPolicy.canWrite(user, ou, chat()),
    expected: [SIGNED_OUT, NOT_VERIFIED, NO_CHAT, 'ok', 'ok', PRIVATE],
  },
  'chat.canStart (with the owner)': {
    check: (user) => chatPolicy.canStart(user, ou, users.owner),
    expected: [SIGNED_OUT, NOT_VERIFIED, NOT_SCHOOL, 'ok', OWN_CHAT, PRIVATE],
  },
  'post.canLike': {
    check: (user) => postPolicy.canLike(user, ou, post),
    expected: [SIGNED_OUT, NOT_VERIFIED, NOT_SCHOOL, 'ok', 'ok', PRIVATE],
  },
  'savedSearch.canKeep': {
    check: (user) => savedSearchPolicy.canKeep(user, ou),
    expected: [SIGNED_OUT, NOT_VERIFIED, NOT_SCHOOL, 'ok', 'ok', OWN_CAMPUS],
  },
  "savedSearch.canChange (the owner's search)": {
    check: (user) =>
      savedSearchPolicy.canChange(user, ou, { user_id: users.owner!.id, campus_id: 'ou' }),
    expected: [SIGNED_OUT, NOT_VERIFIED, NOT_SCHOOL, NO_SEARCH, 'ok', OWN_CAMPUS],
  },
  'moderation.canModerate (verified accounts listed for the campus)': {
    check: (user) => moderationPolicy.canModerate(user, ou, moderators()),
    expected: [NO_MODERATION, NO_MODERATION, NO_MODERATION, NO_MODERATION, 'ok', 'ok'],
  },
  'moderation.canModerate (nobody listed)': {
    check: (user) => moderationPolicy.canModerate(user, ou, {}),
    expected: [
      NO_MODERATION,
      NO_MODERATION,
      NO_MODERATION,
      NO_MODERATION,
      NO_MODERATION,
      NO_MODERATION,
    ],
  },
};

beforeAll(async () => {
  db = await createTestDb();
  const built: Record<string, Awaited<ReturnType<typeof buildUser>>> = {};
  const read = async (overrides: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(db, overrides);
    built[user.id] = user;
    return db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
  };
  const school = { verified: true, school_verified: true };
  users.guest = null;
  users['unverified member'] = await read({ campus_id: 'ou', verified: false });
  users['verified member'] = await read({ campus_id: 'ou', verified: true });
  users['school-verified member'] = await read({ campus_id: 'ou', ...school });
  users.owner = await read({ campus_id: 'ou', ...school });
  users['student of another campus'] = await read({ campus_id: 'ut', ...school });
  const readPost = async (id: string) =>
    db.kysely.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  post = await readPost((await buildPost(db, built[users.owner.id]!)).id);
  utPost = await readPost((await buildPost(db, built[users['student of another campus'].id]!)).id);
});

afterAll(async () => {
  await db?.close();
});

function outcome(check: () => void): Outcome {
  try {
    check();
    return 'ok';
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return [error.statusCode, error.code, error.message];
  }
}

describe.each(Object.keys(TABLE))('%s', (name) => {
  const { check, expected } = TABLE[name]!;
  it.each(VIEWERS.map((viewer, i) => [viewer, expected[i]!] as const))(
    'for a %s',
    (viewer, want) => {
      expect(outcome(() => check(users[viewer]))).toEqual(want);
    },
  );
});

/**
 * What a post, a profile and a chat say each kind of viewer may do (ADR 044);
 * authorization-matrix.can.test.ts checks the same against the routes.
 */
describe('can', () => {
  const viewer = (over: Partial<postPolicy.PostViewer> = {}): postPolicy.PostViewer => ({
    id: 'viewer',
    verified: true,
    schoolVerified: true,
    campusId: 'ou',
    hidden: new Set(),
    ...over,
  });
  const listing = {
    authorId: 'seller',
    campusId: 'ou',
    parentId: null,
    price: 40,
    status: 'available',
  };
  const on = (can: Record<string, boolean>) =>
    Object.keys(can)
      .filter((k) => can[k])
      .sort();

  it.each([
    ['a guest', null, []],
    ['an unverified account', viewer({ verified: false, schoolVerified: false }), []],
    ['a member without a school e-mail', viewer({ schoolVerified: false }), ['report']],
    ['a school-verified member', viewer(), ['comment', 'message', 'report', 'save']],
    [
      'the seller',
      viewer({ id: 'seller' }),
      ['comment', 'delete', 'edit', 'markSold', 'renew', 'save'],
    ],
    [
      'the seller, moved to another campus',
      viewer({ id: 'seller', campusId: 'ut' }),
      ['delete', 'edit', 'markSold', 'renew'],
    ],
    ['a student of another campus', viewer({ campusId: 'ut' }), []],
    [
      'a member across a block from the seller',
      viewer({ hidden: new Set(['seller']) }),
      ['report', 'save'],
    ],
  ] as const)('of a listing, for %s', (_, who, expected) => {
    expect(on(postPolicy.postCan(who, listing))).toEqual([...expected].sort());
  });

  it('of a comment and of a sold listing, for their author: no listing actions', () => {
    const author = viewer({ id: 'seller' });
    expect(on(postPolicy.postCan(author, { ...listing, parentId: 'p' }))).toEqual([
      'comment',
      'delete',
      'save',
    ]);
    expect(on(postPolicy.postCan(author, { ...listing, status: 'sold' }))).toEqual([
      'comment',
      'delete',
      'edit',
      'save',
    ]);
  });

  it('writes the same JSON as the object, for every viewer', () => {
    for (const who of [null, viewer(), viewer({ id: 'seller' })])
      expect(JSON.parse(postPolicy.postCanJson(who, listing))).toEqual(
        postPolicy.postCan(who, listing),
      );
  });

  it("of a profile: edit one's own; message, block and report another", () => {
    const jane = { id: 'jane', campusId: 'ou', schoolVerified: true };
    expect(on(peoplePolicy.profileCan(viewer({ id: 'jane' }), jane))).toEqual(['edit']);
    expect(on(peoplePolicy.profileCan(viewer(), jane))).toEqual(['block', 'message', 'report']);
    expect(on(peoplePolicy.profileCan(viewer({ hidden: new Set(['jane']) }), jane))).toEqual([
      'block',
      'report',
    ]);
    expect(on(peoplePolicy.profileCan(viewer(), { ...jane, schoolVerified: false }))).toEqual([
      'block',
      'report',
    ]);
  });

  it("of a message: heart while writing in the chat, report only the other's", () => {
    expect(chatPolicy.messageCan(viewer(), 'other', 'other')).toEqual({
      heart: true,
      report: true,
    });
    expect(chatPolicy.messageCan(viewer(), 'viewer', 'other')).toEqual({
      heart: true,
      report: false,
    });
    const blocked = viewer({ schoolVerified: false });
    expect(chatPolicy.messageCan(blocked, 'other', 'other')).toEqual({
      heart: false,
      report: true,
    });
  });

  it('of a meetup: the other answers it while open and ahead, its proposer cancels it', () => {
    const now = 1_000;
    const open = { proposer_id: 'other', status: 'proposed', at: now + 1 };
    expect(meetupPolicy.meetupCan(viewer(), open, 'other', now)).toEqual({
      accept: true,
      decline: true,
      cancel: false,
    });
    const nothing = { accept: false, decline: false, cancel: false };
    expect(meetupPolicy.meetupCan(viewer(), { ...open, at: now }, 'other', now)).toEqual(nothing);
    const across = viewer({ hidden: new Set(['other']) });
    expect(meetupPolicy.meetupCan(across, open, 'other', now)).toEqual(nothing);
    const mine = { ...open, proposer_id: 'viewer', status: 'accepted' };
    expect(meetupPolicy.meetupCan(across, mine, 'other', now)).toEqual({
      ...nothing,
      cancel: true,
    });
    expect(meetupPolicy.meetupCan(viewer(), { ...mine, status: 'declined' }, 'other', now)).toEqual(
      nothing,
    );
  });

  it('of an offer: whom it was made to answers it, only the seller counters, the buyer withdraws', () => {
    const now = 1_000;
    const open = {
      buyer_id: 'viewer',
      seller_id: 'other',
      from_id: 'viewer',
      status: 'open',
      expires_at: now + 1,
    };
    const nothing = { accept: false, decline: false, counter: false, withdraw: false };
    expect(offerPolicy.offerCan(viewer(), open, 'other', now)).toEqual({
      ...nothing,
      withdraw: true,
    });
    const toSeller = { ...open, buyer_id: 'other', seller_id: 'viewer', from_id: 'other' };
    expect(offerPolicy.offerCan(viewer(), toSeller, 'other', now)).toEqual({
      accept: true,
      decline: true,
      counter: true,
      withdraw: false,
    });
    const counter = { ...open, from_id: 'other' };
    expect(offerPolicy.offerCan(viewer(), counter, 'other', now)).toEqual({
      ...nothing,
      accept: true,
      decline: true,
    });
    expect(offerPolicy.offerCan(viewer(), { ...open, expires_at: now }, 'other', now)).toEqual(
      nothing,
    );
    const across = viewer({ hidden: new Set(['other']) });
    expect(offerPolicy.offerCan(across, toSeller, 'other', now)).toEqual(nothing);
  });

  it('of a chat: send and suggest meetups, not across a block', () => {
    expect(chatPolicy.chatCan(viewer(), 'other')).toEqual({ send: true, proposeMeetup: true });
    const blocked = viewer({ hidden: new Set(['other']) });
    expect(chatPolicy.chatCan(blocked, 'other')).toEqual({ send: false, proposeMeetup: false });
  });
});
