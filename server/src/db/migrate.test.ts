import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { buildPost, buildUser } from '../../test/factories';
import { migrateToLatest } from './migrate';

const TABLES = [
  'auth_tokens',
  'chat_unread',
  'chats',
  'events',
  'likes',
  'mail_outbox',
  'message_hearts',
  'message_media',
  'messages',
  'notifications',
  'post_media',
  'posts',
  'reports',
  'searches',
  'sessions',
  'user_searches',
  'users',
  'verification_codes',
  'oauth_states',
];

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe(`migrations (${process.env.QUAD_TEST_DB ?? 'sqlite'})`, () => {
  it('create every table of the data model', async () => {
    const tables = (await db.kysely.introspection.getTables())
      .map((t) => t.name)
      .filter((n) => !n.includes('fts') && !n.startsWith('kysely_'));
    expect(tables.sort()).toEqual(expect.arrayContaining(TABLES));
  });

  it('are idempotent', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('apply the defaults of a new user', async () => {
    const now = Date.now();
    await db.kysely
      .insertInto('users')
      .values({
        id: 'u-defaults',
        campus_id: 'ou',
        email: 'jane@example.com',
        username: 'janedoe',
        first_name: 'Jane',
        last_name: 'Doe',
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const user = await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'u-defaults')
      .executeTakeFirstOrThrow();
    expect(Boolean(user.email_notifications)).toBe(true);
    expect(user.type).toBe('individual');
    expect(Boolean(user.verified)).toBe(false);
    expect(Boolean(user.school_verified)).toBe(false);
    expect(user.total_posts).toBe(0);
    expect(typeof user.created_at).toBe('number');
  });

  it('enforce unique e-mails, usernames and school e-mails', async () => {
    const sam = await buildUser(db, { school_email: 'sam@ou.edu' });
    await expect(buildUser(db, { email: sam.email })).rejects.toThrow();
    await expect(buildUser(db, { username: sam.username })).rejects.toThrow();
    await expect(buildUser(db, { school_email: 'sam@ou.edu' })).rejects.toThrow();
    // One mailbox, one student (ADR 040): the same mailbox written another way.
    await expect(buildUser(db, { school_email: 'Sam+2@alumni.ou.edu' })).rejects.toThrow();
  });

  it('cascade a post delete to its comments and likes', async () => {
    const ana = await buildUser(db);
    const root = await buildPost(db, ana, { text: 'Desk lamp, $10' });
    const reply = await buildPost(db, ana, {
      parent_id: root.id,
      root_id: root.id,
      depth: 1,
      text: 'Still available?',
    });
    await db.kysely
      .insertInto('likes')
      .values({ post_id: root.id, user_id: ana.id, created_at: Date.now() })
      .execute();
    await db.kysely.deleteFrom('posts').where('id', '=', root.id).execute();
    expect(
      await db.kysely
        .selectFrom('posts')
        .select('id')
        .where('id', 'in', [root.id, reply.id])
        .execute(),
    ).toEqual([]);
    expect(
      await db.kysely
        .selectFrom('likes')
        .select('post_id')
        .where('post_id', '=', root.id)
        .execute(),
    ).toEqual([]);
  });

  it('index post text, category and people for full-text search, accents ignored', async () => {
    const maria = await buildUser(db, {
      first_name: 'Maria',
      last_name: 'Gonzalez',
      username: 'mariagonzalez',
    });
    const post = await buildPost(db, maria, { text: 'Selling two mini fridges, café table' });
    if (db.dialect === 'sqlite') {
      const match = (q: string) =>
        sql<{
          id: string;
        }>`select p.id from posts_search f join posts p on p.rowid = f.rowid where posts_search match ${q}`
          .execute(db.kysely)
          .then((r) => r.rows.map((row) => row.id));
      expect(await match('fridge*')).toEqual([post.id]);
      expect(await match('cafe AND campus_id : ou')).toEqual([post.id]);
      expect(await match('cafe AND campus_id : ut')).toEqual([]);
      const people = await sql<{
        id: string;
      }>`select u.id from users_fts f join users u on u.rowid = f.rowid where users_fts match ${'gonz*'}`.execute(
        db.kysely,
      );
      expect(people.rows.map((r) => r.id)).toEqual([maria.id]);
      const vocab = await sql<{
        term: string;
      }>`select term from posts_search_vocab where term = ${'fridges'}`.execute(db.kysely);
      expect(vocab.rows).toHaveLength(1);
      await db.kysely
        .updateTable('posts')
        .set({ text: 'Selling a futon' })
        .where('id', '=', post.id)
        .execute();
      expect(await match('fridge*')).toEqual([]);
      expect(await match('futon')).toEqual([post.id]);
    } else {
      const posts = await sql<{
        id: string;
      }>`select id from posts where search @@ to_tsquery('quad', ${'fridge & cafe'})`.execute(
        db.kysely,
      );
      expect(posts.rows.map((r) => r.id)).toEqual([post.id]);
      const words = await sql<{
        word: string;
      }>`select word from search_words where word % ${'fridgse'}`.execute(db.kysely);
      expect(words.rows.map((r) => r.word)).toContain('fridges');
      const people = await sql<{
        id: string;
      }>`select id from users where (first_name || ' ' || last_name || ' ' || username) % ${'Gonzales'}`.execute(
        db.kysely,
      );
      expect(people.rows.map((r) => r.id)).toEqual([maria.id]);
    }
  });
});
