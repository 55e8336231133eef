import { randomUUID } from 'node:crypto';
import type { ChatDto } from '@common/schemas/chats';
import type { NotificationDto } from '@common/schemas/notifications';
import type { AuthorDto, PostDto, PostList, PostPage } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';

/**
 * The "Verified student" badge (ADR 049): every author line says whether the
 * student proved a school e-mail of their campus (`verified`), not whether
 * they confirmed their account e-mail; and a student who becomes
 * school-verified shows the badge at once on the campus's cached pages.
 */

let t: TestContext;
let onUt: ReturnType<typeof callerOn>;
let onSmu: ReturnType<typeof callerOn>;

beforeAll(async () => {
  // A long cache, so that a page read before the verification would still be served after it.
  t = await createTestApp({ env: { POSTS_CACHE_MS: '60000' } });
  onUt = callerOn(t.app, 'ut', '198.77');
  onSmu = callerOn(t.app, 'smu', '198.78');
});
afterAll(() => t.close());

type Campus = 'ut' | 'smu';
type Student = Awaited<ReturnType<typeof userWithSession>> & { campus: Campus };
const make = async (campus: Campus, first_name: string, school_verified: boolean) => ({
  campus,
  ...(await userWithSession(t.app, {
    verified: true,
    school_verified,
    campus_id: campus,
    first_name,
  })),
});
const schoolVerified = (first_name: string, campus: Campus = 'ut') =>
  make(campus, first_name, true);
/** Account e-mail confirmed, school e-mail not (yet): no badge. */
const accountOnly = (first_name: string, campus: Campus = 'ut') => make(campus, first_name, false);

/** `api` as the student, on their campus's site. */
const call = (
  who: Student,
  ...rest: Parameters<typeof onUt> extends [unknown, ...infer R] ? R : never
) => (who.campus === 'ut' ? onUt : onSmu)(who, ...rest);

async function get<T>(who: Student, url: string): Promise<T> {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const badgeIn = (list: PostList, id: string) =>
  list.items.find((p: PostDto) => p.id === id)?.author.verified;

/** Verifies an SMU school e-mail through the real pages, the code read from the outbox. */
async function verifySchool(who: Student) {
  const schoolEmail = `badge${randomUUID().slice(0, 8)}@smu.edu`;
  const sent = await call(who, 'POST', '/api/me/school-email', { schoolEmail });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await t.db.kysely
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_address', '=', schoolEmail)
    .executeTakeFirstOrThrow();
  const res = await call(who, 'POST', '/api/verification/verify', {
    code: mail.subject.slice(0, 4),
    email: schoolEmail,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().viewer.schoolVerified).toBe(true);
}

describe('the verified badge', () => {
  it('marks school-verified authors on the feed, the post page, comments, likers, chats and notifications', async () => {
    const seller = await schoolVerified('Sam');
    const buyer = await schoolVerified('Bea');
    const newcomer = await accountOnly('Nia');
    const desk = await call(seller, 'POST', '/api/posts', { text: 'Oak desk', price: 60 });
    expect(desk.statusCode, desk.body).toBe(201);
    const deskId = (desk.json() as PostDto).id;
    const lamp = await buildPost(t.db, newcomer.user, { text: 'Desk lamp', price: 5 });
    const comment = await call(buyer, 'POST', '/api/posts', {
      text: 'Still there?',
      parentId: deskId,
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await call(buyer, 'PUT', `/api/posts/${deskId}/like`)).statusCode).toBe(200);

    const feed = await get<PostList>(buyer, '/api/feed');
    expect(badgeIn(feed, deskId)).toBe(true);
    expect(badgeIn(feed, lamp.id)).toBe(false);
    const page = await get<PostPage>(buyer, `/api/posts/${deskId}`);
    expect(page.post.author.verified).toBe(true);
    expect(page.comments[0]!.author).toMatchObject({ firstName: 'Bea', verified: true });
    expect((await get<PostPage>(buyer, `/api/posts/${lamp.id}`)).post.author.verified).toBe(false);

    const likers = await get<{ items: AuthorDto[] }>(seller, `/api/posts/${deskId}/likes`);
    expect(likers.items.map((l) => [l.firstName, l.verified])).toEqual([['Bea', true]]);
    const notes = await get<{ items: NotificationDto[] }>(seller, '/api/notifications');
    expect(notes.items.map((n) => n.from?.verified)).toContain(true);

    const started = await call(seller, 'POST', '/api/chats', { userId: buyer.user.id });
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as { chat: ChatDto }).chat.other.verified).toBe(true);
    const chats = await get<{ items: ChatDto[] }>(seller, '/api/chats');
    expect(chats.items.map((c) => c.other.verified)).toEqual([true]);
  });

  it('shows on the cached feed, post page and profile once the student verifies a school e-mail', async () => {
    // Its own campus, whose cached feed no other test has filled.
    const reader = await schoolVerified('Rae', 'smu');
    const newcomer = await accountOnly('Noa', 'smu');
    const post = await buildPost(t.db, newcomer.user, { text: 'Mini fridge', price: 40 });
    const profileUrl = `/api/users/${newcomer.user.username}`;

    expect(badgeIn(await get<PostList>(reader, '/api/feed'), post.id)).toBe(false);
    expect((await get<PostPage>(reader, `/api/posts/${post.id}`)).post.author.verified).toBe(false);
    expect((await get<{ schoolVerified: boolean }>(reader, profileUrl)).schoolVerified).toBe(false);

    await verifySchool(newcomer);

    expect(badgeIn(await get<PostList>(reader, '/api/feed'), post.id)).toBe(true);
    expect((await get<PostPage>(reader, `/api/posts/${post.id}`)).post.author.verified).toBe(true);
    expect((await get<{ schoolVerified: boolean }>(reader, profileUrl)).schoolVerified).toBe(true);
  });
});
