import type { PostPage } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';

/** The seller card of a listing's page: GET /api/posts/:id's `seller` (ADR 048). */

let t: TestContext;
const nextIp = addressSequence('198.19');

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const student = (campus = 'ou', createdAt = Date.now()) =>
  userWithSession(t.app, {
    verified: true,
    school_verified: true,
    campus_id: campus,
    created_at: createdAt,
  });

function get(cookie: string, id: string, campus = 'ou') {
  return api(t.app, {
    method: 'GET',
    url: `/api/posts/${id}`,
    cookie,
    campus,
    remoteAddress: nextIp(),
  });
}

async function pageOf(cookie: string, id: string, campus = 'ou'): Promise<PostPage> {
  const response = await get(cookie, id, campus);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the seller card of a listing', () => {
  it('says since when the seller is a member and how many of their listings on the campus sold', async () => {
    const joined = Date.UTC(2024, 8, 3);
    const seller = await student('ut', joined);
    const reader = await student('ut');
    const db = t.app.deps.db;
    const listing = await buildPost(db, seller.user, { price: 40 });
    await buildPost(db, seller.user, { price: 15, status: 'sold' });
    await buildPost(db, seller.user, { price: 0, status: 'sold' });
    await buildPost(db, seller.user, { price: 30, status: 'pending' });
    // Neither a listing of another campus nor another student's sale counts.
    await buildPost(db, seller.user, { price: 9, status: 'sold', campus_id: 'ou' });
    await buildPost(db, reader.user, { price: 9, status: 'sold' });

    const page = await pageOf(reader.cookie, listing.id, 'ut');
    expect(page.seller).toEqual({ memberSince: joined, soldCount: 2 });
    expect(page.post.author.id).toBe(seller.user.id);
  });

  it('counts a sale at once, though the listing page itself was already read', async () => {
    const seller = await student('duke');
    const reader = await student('duke');
    const listing = await buildPost(t.app.deps.db, seller.user, { price: 120 });
    const other = await buildPost(t.app.deps.db, seller.user, { price: 60 });
    expect((await pageOf(reader.cookie, listing.id, 'duke')).seller?.soldCount).toBe(0);

    const marked = await api(t.app, {
      method: 'PATCH',
      url: `/api/posts/${other.id}`,
      payload: { status: 'sold' },
      cookie: seller.cookie,
      campus: 'duke',
      remoteAddress: nextIp(),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await pageOf(reader.cookie, listing.id, 'duke')).seller?.soldCount).toBe(1);
  });

  it('is null on a plain post and on a comment', async () => {
    const author = await student('ou');
    const reader = await student('ou');
    const plain = await buildPost(t.app.deps.db, author.user, { price: null });
    const listing = await buildPost(t.app.deps.db, author.user, { price: 5 });
    const comment = await buildPost(t.app.deps.db, reader.user, {
      parent_id: listing.id,
      root_id: listing.id,
      depth: 1,
    });
    expect((await pageOf(reader.cookie, plain.id)).seller).toBeNull();
    expect((await pageOf(author.cookie, comment.id)).seller).toBeNull();
    expect((await pageOf(reader.cookie, listing.id)).seller).not.toBeNull();
  });

  it('says nothing of a seller who left the campus, to its readers or to themselves', async () => {
    const seller = await student('stanford');
    const reader = await student('stanford');
    const listing = await buildPost(t.app.deps.db, seller.user, { price: 75, status: 'sold' });
    expect((await pageOf(reader.cookie, listing.id, 'stanford')).seller?.soldCount).toBe(1);

    await t.app.deps.db.kysely
      .updateTable('users')
      .set({ campus_id: 'ucla' })
      .where('id', '=', seller.user.id)
      .execute();
    const page = await pageOf(reader.cookie, listing.id, 'stanford');
    expect(page.seller).toBeNull();
    // Nothing in the answer names the campus they moved to.
    expect(JSON.stringify(page)).not.toContain('ucla');
  });

  it('is not shown across a block or to another campus: the page is missing there', async () => {
    const seller = await student('uf');
    const blocked = await student('uf');
    const outsider = await student('smu');
    const listing = await buildPost(t.app.deps.db, seller.user, { price: 10 });
    const block = await api(t.app, {
      method: 'PUT',
      url: `/api/users/${blocked.user.username}/block`,
      cookie: seller.cookie,
      campus: 'uf',
      remoteAddress: nextIp(),
    });
    expect(block.statusCode, block.body).toBe(200);

    const across = await get(blocked.cookie, listing.id, 'uf');
    expect(across.statusCode).toBe(404);
    expect(across.body).not.toContain('soldCount');
    const elsewhere = await get(outsider.cookie, listing.id, 'smu');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('soldCount');
  });
});
