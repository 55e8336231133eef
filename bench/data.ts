/**
 * The bench's data set: one campus with 100k top-level posts (comments,
 * saves, photos) and one 200-comment thread, from a fixed seed.
 */
import { CATEGORIES } from '@common/categories';
import { type Insertable, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { type Db } from '../server/src/db/kysely';
import type { Database, LikesTable, PostMediaTable, PostsTable } from '../server/src/db/schema';
import { feedScore } from '../server/src/modules/posts/posts.service';
import { type UserInsertRow, userRow } from '../server/src/modules/users/users.rows';
import { rng } from '../server/src/seed/rng';
import { CAMPUS, CONNECTIONS, THREAD_COMMENTS, TOP_LEVEL_POSTS } from './settings';

const USERS = 2_000;
const BATCH = 1_000;
/** SQLite's default limit on the values one statement binds. */
const MAX_BOUND_VALUES = 32_766;
const SPAN_MS = 365 * 86_400_000;

const TEXTS = [
  'Selling my calculus textbook, 8th edition. Some highlighting. Pick up near the library.',
  'Mini fridge, works great, $60. Need it gone before move-out.',
  'Two tickets for Saturday, student section. DM me!',
  'IKEA desk and chair, $50 for both. You pick up.',
  'Nintendo Switch with two games, $230 obo.',
  'Summer sublease, 1BR, walk to campus, utilities included.',
];

type Row<T> = Insertable<T>;
type Rng = ReturnType<typeof rng>;
type UserDraft = UserInsertRow;
type PostRow = Row<PostsTable> & {
  id: string;
  created_at: number;
  updated_at: number;
  comment_count: number;
  like_count: number;
  depth: number;
};

/** The rows of the data set, built in memory before any is inserted. */
interface Rows {
  top: PostRow[];
  replies: PostRow[];
  media: Array<Row<PostMediaTable>>;
  likes: Array<Row<LikesTable>>;
}

export interface DataSet {
  /** The students whose sessions load the routes, one per connection. */
  viewers: string[];
  threadId: string;
  counts: Record<string, number>;
  seconds: number;
}

export async function insertAll<T extends 'users' | 'posts' | 'post_media' | 'likes'>(
  db: Db,
  table: T,
  rows: Array<Row<Database[T]>>,
) {
  // Multi-row INSERTs, a thousand rows each (fewer when that would bind more
  // values than SQLite takes in one statement), all in one transaction.
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const batch = Math.min(BATCH, Math.floor(MAX_BOUND_VALUES / columns));
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) {
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + batch) as never)
        .execute();
    }
  });
}

/** 100k top-level posts with comments, saves and photos on one campus, plus one 200-comment thread. */
export async function generate(db: Db): Promise<DataSet> {
  const started = Date.now();
  const r = rng(42);
  const now = Date.now();
  const users = makeUsers(now);
  const viewers = users.slice(0, CONNECTIONS).map((u) => u.id);
  const reply = replyMaker(r, users);
  const rows: Rows = { top: [], replies: [], media: [], likes: [] };
  const threadIndex = Math.floor(TOP_LEVEL_POSTS / 2);
  for (let i = 0; i < TOP_LEVEL_POSTS; i++)
    addTopLevelPost(rows, { r, reply, users, viewer: viewers[0]!, now, i, threadIndex });
  const thread = rows.top[threadIndex]!;
  addThread(rows, r, reply, thread);
  for (const p of rows.top) p.feed_score = feedScore(p.like_count, p.comment_count, p.created_at);

  await insertAll(db, 'users', users);
  await insertAll(db, 'posts', rows.top);
  await insertAll(
    db,
    'posts',
    rows.replies.sort((a, b) => a.depth - b.depth),
  );
  await insertAll(db, 'post_media', rows.media);
  await insertAll(db, 'likes', rows.likes);
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
  return {
    viewers,
    threadId: thread.id,
    counts: {
      users: users.length,
      topLevel: rows.top.length,
      comments: rows.replies.length,
      media: rows.media.length,
      likes: rows.likes.length,
    },
    seconds: (Date.now() - started) / 1000,
  };
}

/** `count` school-verified students of the bench's campus, all with set-up profiles. */
export function makeUsers(now: number, count = USERS): UserDraft[] {
  const users: UserDraft[] = [];
  for (let i = 0; i < count; i++) {
    const at = now - 400 * 86_400_000 + i * 1000;
    users.push(
      userRow({
        id: uuidv7(),
        campus_id: CAMPUS,
        email: `bench${i}@utexas.edu`,
        username: `bench${i}`,
        first_name: `Student${i}`,
        last_name: 'Bench',
        school_email: `bench${i}@utexas.edu`,
        profile_set_up: true,
        getting_started: false,
        verified: true,
        school_verified: true,
        created_at: at,
        updated_at: at,
      }),
    );
  }
  return users;
}

type Reply = (rootPost: PostRow, parent: PostRow, at: number) => PostRow;

/** A comment by a random student; it draws from `r`, so calls must keep their order. */
function replyMaker(r: Rng, users: UserDraft[]): Reply {
  return (rootPost, parent, at) => ({
    id: uuidv7(),
    campus_id: CAMPUS,
    author_id: users[r.int(0, USERS - 1)]!.id,
    parent_id: parent.id,
    root_id: rootPost.id,
    depth: parent.depth + 1,
    text: 'Is this still available? I can pick it up today.',
    category: null,
    media_count: 0,
    like_count: 0,
    comment_count: 0,
    feed_score: feedScore(0, 0, at),
    created_at: at,
    updated_at: at,
  });
}

/** Counts a new comment at `at` on every post of its chain. */
function bump(chain: PostRow[], at: number) {
  for (const p of chain) {
    p.comment_count += 1;
    if (at > p.updated_at) p.updated_at = at;
  }
}

interface PostContext {
  r: Rng;
  reply: Reply;
  users: UserDraft[];
  viewer: string;
  now: number;
  i: number;
  /** The post that gets the 200-comment thread instead of a short one. */
  threadIndex: number;
}

/** Listings' share of the posts, and how long an untouched one stays in the feed. */
const LISTING_SHARE = 0.7;
const LISTING_LIFE_MS = 60 * 86_400_000;

/** A listing's price (a fifth of them free) and expiry, or nothing for a plain post. */
function listing(r: Rng, at: number): { price: number | null; expires_at: number | null } {
  if (r.next() >= LISTING_SHARE) return { price: null, expires_at: null };
  return { price: r.next() < 0.2 ? 0 : r.int(5, 400), expires_at: at + LISTING_LIFE_MS };
}

/** Top-level post `i`, with its photos, maybe a short thread, and its saves. */
function addTopLevelPost(
  rows: Rows,
  { r, reply, users, viewer, now, i, threadIndex }: PostContext,
) {
  const at = now - SPAN_MS + Math.floor((i / TOP_LEVEL_POSTS) * SPAN_MS);
  const author = users[r.int(0, USERS - 1)]!;
  const photos = r.next() < 0.6 ? r.int(1, 3) : 0;
  const post: PostRow = {
    id: uuidv7(),
    campus_id: CAMPUS,
    author_id: author.id,
    parent_id: null,
    root_id: null,
    depth: 0,
    text: TEXTS[i % TEXTS.length]!,
    category: CATEGORIES[i % CATEGORIES.length]!,
    media_count: photos,
    like_count: 0,
    comment_count: 0,
    feed_score: 0,
    // Most posts are listings (ADR 023): a price, gone from the feed 60 days on (ADR 029).
    ...listing(r, at),
    created_at: at,
    updated_at: at,
  };
  author.total_posts = (author.total_posts ?? 0) + 1;
  rows.top.push(post);
  for (let p = 0; p < photos; p++) rows.media.push(photo(post, author.id, p, at));
  // About 40% of posts have a short thread (one to three comments, some with a reply).
  if (r.next() < 0.4 && i !== threadIndex) {
    const n = r.int(1, 3);
    let t = at;
    for (let c = 0; c < n; c++) {
      t += r.int(1, 3600) * 1000;
      const comment = reply(post, post, t);
      rows.replies.push(comment);
      bump([post], t);
      if (r.next() < 0.3) {
        t += r.int(1, 600) * 1000;
        rows.replies.push(reply(post, comment, t));
        bump([comment, post], t);
      }
    }
  }
  // Saves: zero to four distinct users; the viewer saves every third post.
  const savers = new Set<string>();
  const n = r.int(0, 4);
  while (savers.size < n) savers.add(users[r.int(1, USERS - 1)]!.id);
  if (i % 3 === 0) savers.add(viewer);
  for (const userId of savers)
    rows.likes.push({ post_id: post.id, user_id: userId, created_at: at + 1000 });
  post.like_count = savers.size;
}

function photo(post: PostRow, ownerId: string, position: number, at: number): Row<PostMediaTable> {
  const id = uuidv7();
  const variant = (name: string, w: number, h: number) => ({
    key: `media/${id}/${name}.webp`,
    width: w,
    height: h,
  });
  return {
    id,
    post_id: post.id,
    owner_id: ownerId,
    position,
    key: `media/${id}/original.webp`,
    kind: 'image',
    mime: 'image/webp',
    width: 1600,
    height: 1200,
    bytes: 250_000,
    variants: JSON.stringify({
      thumb: variant('thumb', 267, 200),
      feed: variant('feed', 1080, 810),
      original: variant('original', 1600, 1200),
    }),
    created_at: at,
  };
}

/** The 200-comment thread: 80 comments, 70 replies to them, 50 replies to replies (depth 3). */
function addThread(rows: Rows, r: Rng, reply: Reply, thread: PostRow) {
  let t = thread.created_at;
  const level1: PostRow[] = [];
  const level2: PostRow[] = [];
  for (let c = 0; c < THREAD_COMMENTS; c++) {
    t += 60_000;
    let row: PostRow;
    if (c < 80 || level1.length === 0) {
      row = reply(thread, thread, t);
      level1.push(row);
      bump([thread], t);
    } else if (c < 150 || level2.length === 0) {
      const parent = level1[r.int(0, level1.length - 1)]!;
      row = reply(thread, parent, t);
      level2.push(row);
      bump([parent, thread], t);
    } else {
      const parent = level2[r.int(0, level2.length - 1)]!;
      const grand = level1.find((p) => p.id === parent.parent_id)!;
      row = reply(thread, parent, t);
      bump([parent, grand, thread], t);
    }
    rows.replies.push(row);
  }
}
