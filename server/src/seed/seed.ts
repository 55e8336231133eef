/**
 * `npm run seed`: a believable community on every campus but the generic one,
 * in the configured database (DATA_DIR or DATABASE_URL) and blob store.
 * Runs the migrations first. Idempotent: a marker user says the seed is there;
 * `npm run seed -- --reset` removes the previous seed data and seeds again.
 */
import {
  CAMPUS_IDS,
  CAMPUSES,
  GENERIC_CAMPUS_ID,
  type SeededCampusId,
  mailboxOf,
} from '@common/campuses';
import { CATEGORIES, type Category } from '@common/categories';
import { countPostCharacters, firstFreeUsername, usernameBase } from '@common/text';
import type { Insertable } from 'kysely';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { loadConfig } from '../config';
import { loadDotEnv } from '../env-file';
import { type Db, openDatabase } from '../db/kysely';
import { migrateToLatest } from '../db/migrate';
import type { LikesTable, PostMediaTable, PostsTable, UsersTable } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { feedScore } from '../modules/posts/posts.service';
import { userRow } from '../modules/users/users.rows';
import { processImage, type ProcessedImage } from '../platform/images';
import { createStorage } from '../platform/index';
import type { BlobStore } from '../platform/storage/blob-store';
import { demoInbox, type Inbox, type InboxSource } from './inbox';
import { type DemoSaleSource, demoSales } from './sales';
import { type Rng, rng } from './rng';
import {
  BUYER_REPLIES,
  CATALOG,
  type CatalogItem,
  CLOSERS,
  COMMENTS,
  DEMO_EXTRAS,
  FIRST_NAMES,
  LAST_NAMES,
  OPENERS,
  SELLER_REPLIES,
} from './catalog';
import { illustrationSvg, ITEM_ART } from './illustrations';
import { type DemoListing, demoListing } from './listings';

const STUDENTS_PER_CAMPUS = 30;
const LISTINGS_PER_CAMPUS = 40;
/** The demo login sells this many of each campus's listings, and a buyer writes about each. */
const DEMO_LISTINGS = 2;
const PASSWORD_COST = 10;
export const SEED_MARKER_EMAIL = 'seed-marker@quadcampus.app';
const DAY = 24 * 60 * 60 * 1000;

const campusesToSeed = CAMPUS_IDS.filter((id) => id !== GENERIC_CAMPUS_ID);
const demoPassword = (campus: SeededCampusId) => `quad-demo-${campus}`;

/** The students of a campus: names, e-mails on the campus domain, usernames by the app's rule. */
function studentsOf(
  campus: SeededCampusId,
  r: Rng,
  now: number,
): Array<
  Insertable<UsersTable> & { id: string; email: string; first_name: string; last_name: string }
> {
  const domain = CAMPUSES[campus].emailDomains[0]!;
  const names = new Set<string>();
  const out: Array<
    Insertable<UsersTable> & { id: string; email: string; first_name: string; last_name: string }
  > = [];
  while (out.length < STUDENTS_PER_CAMPUS) {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    if (names.has(first + last)) continue;
    names.add(first + last);
    const created = now - r.int(60, 400) * DAY;
    const email = `${first}.${last}`.toLowerCase() + `@${domain}`;
    out.push({
      id: uuidv7(),
      campus_id: campus,
      email,
      username: '',
      first_name: first,
      last_name: last,
      school_email: email,
      grad_year: new Date(now).getFullYear() + r.int(0, 4),
      bio: r.chance(0.5)
        ? `${r.pick(['Junior', 'Senior', 'Sophomore', 'Freshman', 'Grad student'])} · ${r.pick(['Finance', 'Computer Science', 'Biology', 'Marketing', 'Nursing', 'Mechanical Engineering', 'Psychology', 'Economics'])}`
        : '',
      profile_set_up: true,
      getting_started: false,
      verified: true,
      school_verified: true,
      created_at: created,
      updated_at: created,
    });
  }
  return out;
}

/** A listing's photo: a drawing of the item on a wall and floor, no words on it (illustrations.ts). */
function productSvg(item: CatalogItem, variant: number): string {
  return illustrationSvg(ITEM_ART[item.name] ?? 'box', variant, 800, variant % 2 === 0 ? 600 : 800);
}

/** Closers that say nothing of a price or a payment, for what is given away. */
const FREE_CLOSERS = CLOSERS.filter((c) => !/Price|Venmo/.test(c));

/**
 * A listing's words: the price, condition and status are its fields (ADR 023),
 * shown beside the text, so the text names the item and its details only.
 * Draws as many numbers for a free listing as for any other.
 */
function listingText(item: CatalogItem, listing: DemoListing, r: Rng): string {
  const opener = r.pick(OPENERS);
  const closer = r.pick(listing.price === 0 ? FREE_CLOSERS : CLOSERS);
  const lines = [`${opener} ${item.name}`, '', ...item.details, '', closer];
  const text = lines.join('\n');
  return countPostCharacters(text) <= 500 ? text : `${opener} ${item.name}`;
}

/** What a campus's listings are drawn from: the catalogue and the demo's own extras. */
const itemsOf = (category: Category): CatalogItem[] => [
  ...CATALOG[category],
  ...(DEMO_EXTRAS[category] ?? []),
];
/** Comments with no offer in them, under what is given away. */
const FREE_COMMENTS = COMMENTS.filter((c) => !c.includes('{offer}'));
const FREE_SELLER_REPLIES = SELLER_REPLIES.filter((c) => !c.includes('{offer}'));

function roundPrice(n: number): number {
  if (n >= 1000) return Math.round(n / 100) * 100;
  if (n >= 100) return Math.round(n / 10) * 10;
  return Math.round(n / 5) * 5 || n;
}

async function insertMany<T extends keyof Tables>(
  db: Db,
  table: T,
  rows: Tables[T][],
  size = 200,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.kysely
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}
interface Tables {
  users: Insertable<UsersTable>;
  posts: Insertable<PostsTable>;
  post_media: Insertable<PostMediaTable>;
  likes: Insertable<LikesTable>;
  notifications: Inbox['notifications'][number];
  chats: Inbox['chats'][number];
  messages: Inbox['messages'][number];
  chat_unread: Inbox['chatUnread'][number];
  sales: ReturnType<typeof demoSales>['sales'][number];
  reviews: ReturnType<typeof demoSales>['reviews'][number];
  offers: Inbox['offers'][number];
}

/** Deletes a previous seed: its users (posts, saves and sessions cascade) and their files. */
async function removeSeed(db: Db, storage: BlobStore): Promise<number> {
  const marker = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', SEED_MARKER_EMAIL)
    .executeTakeFirst();
  if (!marker) return 0;
  const users = (await seedRecord(db))?.users ?? [];
  let removed = 0;
  for (let i = 0; i < users.length; i += 200) {
    const ids = users.slice(i, i + 200);
    const media = await db.kysely
      .selectFrom('post_media')
      .select('key')
      .select('variants')
      .where('owner_id', 'in', ids)
      .execute();
    const keys = media.flatMap((m) => {
      try {
        return Object.values(JSON.parse(m.variants) as Record<string, { key: string }>).map(
          (v) => v.key,
        );
      } catch {
        return [m.key];
      }
    });
    await storage.delete(keys).catch(() => undefined);
    await db.kysely
      .deleteFrom('likes')
      .where((eb) =>
        eb.or([
          eb('user_id', 'in', ids),
          eb('post_id', 'in', eb.selectFrom('posts').select('id').where('author_id', 'in', ids)),
        ]),
      )
      .execute();
    await db.kysely.deleteFrom('post_media').where('owner_id', 'in', ids).execute();
    // Replies first, deepest first, so no foreign key is left dangling on either database.
    for (const depth of [3, 2, 1, 0])
      await db.kysely
        .deleteFrom('posts')
        .where('author_id', 'in', ids)
        .where('depth', '>=', depth)
        .execute();
    await db.kysely.deleteFrom('sessions').where('user_id', 'in', ids).execute();
    await db.kysely.deleteFrom('users').where('id', 'in', ids).execute();
    removed += ids.length;
  }
  await db.kysely.deleteFrom('users').where('id', '=', marker.id).execute();
  return removed;
}

/** What the demo data is written for: all campuses but the generic one, with photos, by default. */
export interface DemoOptions {
  campuses?: readonly SeededCampusId[];
  /** Draw the listings' photos (the tests of the data itself go without). */
  photos?: boolean;
}

/** What `writeDemo` wrote, for the summary line. */
export interface DemoWritten {
  users: number;
  listings: number;
  comments: number;
  saves: number;
  conversations: number;
  photos: number;
  images: number;
  files: number;
  imagesMs: number;
  demo: Array<{ campus: SeededCampusId; email: string; password: string }>;
}

/**
 * Writes the demo community into `db` and `storage`: students, listings with
 * their prices and photos, threads, saves and the demo login's inbox, in one
 * transaction once the files are stored. The caller checks for an earlier seed.
 */
export async function writeDemo(
  db: Db,
  storage: BlobStore,
  { campuses = campusesToSeed, photos: withPhotos = true }: DemoOptions = {},
): Promise<DemoWritten> {
  const started = Date.now();
  const now = Date.now();
  const runId = now.toString(36);
  const r = rng(20261122);
  const imageCache = new Map<string, Promise<ProcessedImage>>();
  const processed = (item: CatalogItem, variant: number): Promise<ProcessedImage> => {
    const key = `${item.name}#${variant}`;
    let hit = imageCache.get(key);
    if (!hit) {
      const svg = productSvg(item, variant);
      hit = sharp(Buffer.from(svg))
        .png()
        .toBuffer()
        .then((png) => processImage(png));
      imageCache.set(key, hit);
    }
    return hit;
  };

  const users: Tables['users'][] = [];
  const posts: Array<
    Insertable<PostsTable> & {
      id: string;
      created_at: number;
      updated_at: number;
      like_count: number;
      comment_count: number;
    }
  > = [];
  const media: Tables['post_media'][] = [];
  const likes: Tables['likes'][] = [];
  const files: Array<{ key: string; data: Buffer }> = [];
  const notifications: Inbox['notifications'] = [];
  const chats: Inbox['chats'] = [];
  const messages: Inbox['messages'] = [];
  const chatUnread: Inbox['chatUnread'] = [];
  const demoSold: ReturnType<typeof demoSales> = { sales: [], reviews: [] };
  const offers: Inbox['offers'] = [];
  const mediaJobs: Array<Promise<void>> = [];
  const demo: Array<{ campus: SeededCampusId; email: string; password: string }> = [];

  // Usernames already taken in the database (a real user may have one of our names).
  const takenRows = await db.kysely.selectFrom('users').select('username').execute();
  const taken = new Set(takenRows.map((u) => u.username));

  for (const campus of campuses) {
    const password = demoPassword(campus);
    const students = studentsOf(campus, r, now);
    // A student's address is taken when it reaches the mailbox of an account's address (ADR 040).
    const mailboxes = students.map((s) => mailboxOf(s.email));
    const holders = await db.kysely
      .selectFrom('users')
      .select(['email', 'email_mailbox', 'school_mailbox'])
      .where((eb) =>
        eb.or([
          eb(
            'email',
            'in',
            students.map((s) => s.email),
          ),
          eb('email_mailbox', 'in', mailboxes),
          eb('school_mailbox', 'in', mailboxes),
        ]),
      )
      .execute();
    const takenMailboxes = new Set(
      holders.flatMap((u) => [mailboxOf(u.email), u.email_mailbox, u.school_mailbox]),
    );
    const hashes = await Promise.all(students.map(() => hashPassword(password, PASSWORD_COST)));
    students.forEach((s, i) => {
      if (takenMailboxes.has(mailboxOf(s.email)))
        s.email = s.school_email = s.email.replace('@', `.${runId}@`);
      s.username = firstFreeUsername(usernameBase(s.first_name, s.last_name), taken);
      taken.add(s.username);
      s.password_hash = hashes[i]!;
    });
    users.push(...students);
    demo.push({ campus, email: students[0]!.email, password });

    const categories: Category[] = [...CATEGORIES];
    // The listings' prices, conditions and statuses draw from a generator of their own, so
    // the seed's other draws (students, photos, threads) stay as they were.
    const fields = rng(20261126 + campusesToSeed.indexOf(campus));
    const asked: InboxSource['asked'] = [];
    const askedListings: NonNullable<InboxSource['askedListings']> = [];
    for (let n = 0; n < LISTINGS_PER_CAMPUS; n++) {
      const category = n < categories.length ? categories[n]! : r.pick(categories);
      const item = r.pick(itemsOf(category));
      const picked = r.pick(students);
      // The demo login sells the campus's first listings: their inbox has something in it.
      const seller = n < DEMO_LISTINGS ? students[0]! : picked;
      const created = now - r.int(1, 30 * 24 * 60) * 60 * 1000;
      const price = roundPrice(item.price[0] + r.next() * (item.price[1] - item.price[0]));
      const own = n < DEMO_LISTINGS;
      const listing = demoListing(item, category, price, own, created, now, fields);
      const post = {
        id: uuidv7(),
        campus_id: campus,
        author_id: seller.id,
        parent_id: null,
        root_id: null,
        depth: 0,
        text: listingText(item, listing, r),
        category,
        ...listing,
        media_count: 0,
        like_count: 0,
        comment_count: 0,
        feed_score: 0,
        created_at: created,
        updated_at: created,
      };
      posts.push(post);
      seller.total_posts = (seller.total_posts ?? 0) + 1;
      if (n < DEMO_LISTINGS) asked.push(item.name);
      if (n < DEMO_LISTINGS) askedListings.push(post);

      // Photos: most listings have one to three.
      const drawn = r.chance(0.85) ? r.int(1, 3) : 0;
      const photos = withPhotos ? drawn : 0;
      post.media_count = photos;
      for (let position = 0; position < photos; position++) {
        const id = uuidv7();
        mediaJobs.push(
          processed(item, position).then((image) => {
            const planned = (['thumb', 'feed', 'original'] as const).map((name) => ({
              name,
              variant: image.variants[name],
              key: `media/${id}/${name}.${image.variants[name].ext}`,
            }));
            for (const p of planned) files.push({ key: p.key, data: p.variant.data });
            const v = Object.fromEntries(
              planned.map((p) => [
                p.name,
                { key: p.key, width: p.variant.width, height: p.variant.height },
              ]),
            );
            media.push({
              id,
              post_id: post.id,
              owner_id: seller.id,
              position,
              key: planned[2]!.key,
              kind: 'image',
              mime: image.variants.original.mime,
              width: image.variants.original.width,
              height: image.variants.original.height,
              bytes: planned.reduce((sum, p) => sum + p.variant.data.length, 0),
              variants: JSON.stringify(v),
              created_at: created,
            });
          }),
        );
      }

      // A comment thread, up to three levels: a question, the seller's answer, the buyer's reply.
      const threadSize = r.chance(0.7) ? r.int(1, 4) : 0;
      const offer = `$${roundPrice(price * 0.8).toLocaleString('en-US')}`;
      let at = created;
      const chain: typeof posts = [post];
      const bump = (ancestors: typeof posts, time: number) => {
        for (const a of ancestors) {
          a.comment_count += 1;
          a.updated_at = Math.max(a.updated_at, time);
        }
      };
      for (let c = 0; c < threadSize; c++) {
        const buyer = r.pick(students.filter((s) => s.id !== seller.id));
        at = Math.min(now - 60_000, at + r.int(5, 600) * 60 * 1000);
        const comment = reply(
          post,
          post,
          buyer.id,
          r.pick(listing.price === 0 ? FREE_COMMENTS : COMMENTS).replace('{offer}', offer),
          at,
        );
        posts.push(comment);
        bump([post], at);
        chain.push(comment);
        if (r.chance(0.6)) {
          at = Math.min(now - 30_000, at + r.int(2, 120) * 60 * 1000);
          const answer = reply(
            post,
            comment,
            seller.id,
            r
              .pick(listing.price === 0 ? FREE_SELLER_REPLIES : SELLER_REPLIES)
              .replace('{offer}', offer),
            at,
          );
          posts.push(answer);
          bump([comment, post], at);
          if (r.chance(0.5)) {
            at = Math.min(now - 10_000, at + r.int(2, 90) * 60 * 1000);
            const back = reply(post, answer, buyer.id, r.pick(BUYER_REPLIES), at);
            posts.push(back);
            bump([answer, comment, post], at);
          }
        }
      }

      // Saves (likes) by other students of the campus.
      const savers = new Set<string>();
      const wanted = r.chance(0.8) ? r.int(1, 9) : 0;
      while (savers.size < wanted) savers.add(r.pick(students).id);
      savers.delete(seller.id);
      for (const userId of savers)
        likes.push({
          post_id: post.id,
          user_id: userId,
          created_at: Math.min(now, created + r.int(1, 3000) * 60 * 1000),
        });
      post.like_count = savers.size;
      post.feed_score = feedScore(post.like_count, post.comment_count, post.created_at);
    }
    // A generator of its own: the inbox takes none of the seed's draws.
    const inboxRng = rng(20261125 + campusesToSeed.indexOf(campus));
    const inbox = demoInbox({
      demo: students[0]!,
      students,
      posts,
      likes,
      asked,
      askedListings,
      now,
      r: inboxRng,
    });
    notifications.push(...inbox.notifications);
    chats.push(...inbox.chats);
    messages.push(...inbox.messages);
    chatUnread.push(...inbox.chatUnread);
    // Sold listings sold to a student, both sides reviewed (ADR 052); a generator of their own.
    const sold = demoSales({
      sold: posts.filter(
        (p) => p.campus_id === campus && p.depth === 0 && p.status === 'sold',
      ) as DemoSaleSource['sold'],
      students,
      now,
      r: rng(20261127 + campusesToSeed.indexOf(campus)),
    });
    demoSold.sales.push(...sold.sales);
    demoSold.reviews.push(...sold.reviews);
    offers.push(...inbox.offers);
  }
  await Promise.all(mediaJobs);
  const imagesMs = Date.now() - started;

  // Files first (a row never points at a missing file), then every row in one transaction.
  for (let i = 0; i < files.length; i += 32) {
    await Promise.all(files.slice(i, i + 32).map((f) => storage.put(f.key, f.data, 'image/webp')));
  }
  const sorted = [...posts].sort((a, b) => (a.depth ?? 0) - (b.depth ?? 0));
  await db.kysely.transaction().execute(async (trx) => {
    const t = { ...db, kysely: trx } as unknown as Db;
    await insertMany(t, 'users', users.map(userRow));
    await insertMany(t, 'users', [
      userRow({
        id: uuidv7(),
        campus_id: GENERIC_CAMPUS_ID,
        email: SEED_MARKER_EMAIL,
        username: `quad-seed-${runId}`,
        first_name: 'Quad',
        last_name: 'Seed',
        // The marker (on the generic campus, which shows no content) remembers whom the seed created.
        bio: JSON.stringify({ runId, users: users.map((u) => u.id!) } satisfies SeedRecord),
        email_notifications: false,
        created_at: now,
        updated_at: now,
      }),
    ]);
    await insertMany(t, 'posts', sorted);
    await insertMany(t, 'post_media', media);
    await insertMany(t, 'likes', likes);
    await insertMany(t, 'chats', chats);
    await insertMany(t, 'messages', messages);
    await insertMany(t, 'chat_unread', chatUnread);
    await insertMany(t, 'offers', offers);
    await insertMany(t, 'notifications', notifications);
    await insertMany(t, 'sales', demoSold.sales);
    await insertMany(t, 'reviews', demoSold.reviews);
  });

  const listings = posts.filter((p) => p.depth === 0).length;
  return {
    users: users.length,
    listings,
    comments: posts.length - listings,
    saves: likes.length,
    conversations: chats.length,
    photos: media.length,
    images: imageCache.size,
    files: files.length,
    imagesMs,
    demo,
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const reset = process.argv.includes('--reset');
  loadDotEnv();
  const config = loadConfig();
  const db = openDatabase(config.database);
  const storage = createStorage(config);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`Migrated: ${applied.join(', ')}`);
    const where =
      config.database.kind === 'postgres'
        ? 'PostgreSQL (DATABASE_URL)'
        : `SQLite ${config.database.file}`;

    const marker = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', SEED_MARKER_EMAIL)
      .executeTakeFirst();
    if (marker && !reset) {
      console.log(
        `The seed is already in ${where}; nothing to do (npm run seed -- --reset seeds again).`,
      );
      await printLogins(db);
      return;
    }
    if (marker) console.log(`Removed ${await removeSeed(db, storage)} seed users and their posts.`);

    const w = await writeDemo(db, storage);
    console.log(
      `Seeded ${where}: ${w.users} students on ${campusesToSeed.length} campuses, ${w.listings} listings, ` +
        `${w.comments} comments, ${w.saves} saves, ${w.conversations} conversations, ${w.photos} photos (${w.images} distinct images, ${w.files} files) ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s (images ${(w.imagesMs / 1000).toFixed(1)} s).`,
    );
    console.log('\nDemo logins (one per campus):');
    for (const d of w.demo)
      console.log(`  ${d.campus.padEnd(9)} ${d.email.padEnd(36)} ${d.password}`);
  } finally {
    await db.close();
    storage.close?.();
  }
}

function reply(
  root: { id: string; campus_id: string },
  parent: { id: string; depth?: number },
  authorId: string,
  text: string,
  at: number,
) {
  return {
    id: uuidv7(),
    campus_id: root.campus_id,
    author_id: authorId,
    parent_id: parent.id,
    root_id: root.id,
    depth: (parent.depth ?? 0) + 1,
    text,
    category: null,
    // A batch of rows is inserted with the columns of all: a comment states its plain-post fields.
    price: null,
    obo: false,
    condition: null,
    status: 'available',
    ask_sold_at: null,
    expires_at: null,
    media_count: 0,
    like_count: 0,
    comment_count: 0,
    feed_score: feedScore(0, 0, at),
    created_at: at,
    updated_at: at,
  };
}

interface SeedRecord {
  runId: string;
  users: string[];
}

async function seedRecord(db: Db): Promise<SeedRecord | undefined> {
  const marker = await db.kysely
    .selectFrom('users')
    .select('bio')
    .where('email', '=', SEED_MARKER_EMAIL)
    .executeTakeFirst();
  if (!marker) return undefined;
  try {
    return JSON.parse(marker.bio) as SeedRecord;
  } catch {
    return { runId: '', users: [] };
  }
}

/** The demo logins of an existing seed: the first student of each campus. */
async function printLogins(db: Db): Promise<void> {
  const ids = (await seedRecord(db))?.users ?? [];
  const rows = ids.length
    ? await db.kysely
        .selectFrom('users')
        .select(['id', 'campus_id', 'email'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  console.log('\nDemo logins (one per campus):');
  for (const campus of campusesToSeed) {
    const first = rows.find((u) => u.campus_id === campus);
    if (first)
      console.log(`  ${campus.padEnd(9)} ${first.email.padEnd(36)} ${demoPassword(campus)}`);
  }
}

// Run as `npm run seed`, not when a test imports writeDemo.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
