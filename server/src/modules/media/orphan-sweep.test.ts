import fs from 'node:fs';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { buildPost, buildUser } from '../../../test/factories';
import { createMediaService, ORPHAN_FILE_GRACE_MS } from './media.service';

/**
 * The sweep of files no row points at (ADR 020): what a crash between a
 * file and its row, or in the middle of a write, leaves in the media folder.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;

// Uploads arrive in os.tmpdir(): a folder of our own, so no other test's upload is swept.
let tempDir: string;
beforeEach(() => {
  tempDir = fs.mkdtempSync(path.join(t.dataDir, 'tmp-'));
  vi.stubEnv('TMPDIR', tempDir);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the sweep of orphan files', () => {
  it('removes old files without a row and old .part files, and keeps the rest', async () => {
    const storage = t.app.deps.storage;
    const root = path.join(t.dataDir, 'media');
    const owner = await buildUser(t.db, { verified: true, school_verified: true });
    const other = await buildUser(t.db, { verified: true, school_verified: true });
    const post = await buildPost(t.db, owner, { media_count: 1 });
    const now = Date.now();

    // A post's photo and a message's photo, each in three sizes, with their rows.
    const variantsOf = (id: string) => ({
      thumb: { key: `media/${id}/thumb.webp`, width: 1, height: 1 },
      feed: { key: `media/${id}/feed.webp`, width: 1, height: 1 },
      original: { key: `media/${id}/original.webp`, width: 1, height: 1 },
    });
    const mediaRow = (id: string) => ({
      id,
      owner_id: owner.id,
      position: 0,
      key: `media/${id}/original.webp`,
      kind: 'image',
      mime: 'image/webp',
      width: 1,
      height: 1,
      bytes: 3,
      variants: JSON.stringify(variantsOf(id)),
      created_at: now,
    });
    const postMedia = uuidv7();
    await t.db.kysely
      .insertInto('post_media')
      .values({ ...mediaRow(postMedia), post_id: post.id })
      .execute();
    const [low, high] = [owner.id, other.id].sort() as [string, string];
    const chatId = uuidv7();
    const messageId = uuidv7();
    await t.db.kysely
      .insertInto('chats')
      .values({
        id: chatId,
        user_low: low,
        user_high: high,
        started_by: owner.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.db.kysely
      .insertInto('messages')
      .values({
        id: messageId,
        chat_id: chatId,
        sender_id: owner.id,
        text: '',
        media_count: 1,
        created_at: now,
      })
      .execute();
    const messageMedia = uuidv7();
    await t.db.kysely
      .insertInto('message_media')
      .values({ ...mediaRow(messageMedia), message_id: messageId })
      .execute();
    const avatar = `avatars/${owner.id}/${uuidv7()}.webp`;
    await t.db.kysely
      .updateTable('users')
      .set({ avatar_key: avatar })
      .where('id', '=', owner.id)
      .execute();

    const orphan = uuidv7();
    const kept = [
      ...Object.values(variantsOf(postMedia)).map((v) => v.key),
      ...Object.values(variantsOf(messageMedia)).map((v) => v.key),
      avatar,
    ];
    const removed = [
      ...Object.values(variantsOf(orphan)).map((v) => v.key),
      `avatars/${owner.id}/${uuidv7()}.webp`,
    ];
    for (const key of [...kept, ...removed]) await storage.put(key, Buffer.from('x'), 'image/webp');
    // A write killed half-way, and one still going on.
    const oldPart = `media/${orphan}/feed.webp.4242.${now}.part`;
    const youngPart = `media/${uuidv7()}/feed.webp.4243.${now}.part`;
    // An upload in flight: its files are written, its row not yet.
    const inFlight = `media/${uuidv7()}/original.webp`;
    const unknown = 'exports/report.csv';
    for (const key of [oldPart, youngPart, inFlight, unknown]) {
      fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
      fs.writeFileSync(path.join(root, key), 'x');
    }
    const aged = (key: string, at: number) =>
      fs.utimesSync(path.join(root, key), at / 1000, at / 1000);
    for (const key of [...kept, ...removed, oldPart, unknown]) aged(key, now - 2 * HOUR);
    aged(youngPart, now - ORPHAN_FILE_GRACE_MS + 5 * 60 * 1000);
    aged(inFlight, now - ORPHAN_FILE_GRACE_MS + 5 * 60 * 1000);

    // The temp file of an upload whose server was killed, and one still arriving.
    const deadUpload = path.join(tempDir, 'quad-upload-dead');
    const liveUpload = path.join(tempDir, 'quad-upload-live');
    fs.writeFileSync(deadUpload, 'x');
    fs.writeFileSync(liveUpload, 'x');
    fs.utimesSync(deadUpload, (now - 2 * HOUR) / 1000, (now - 2 * HOUR) / 1000);

    const media = createMediaService({ db: t.db, storage, now: () => now });
    expect(await media.sweepOrphanFiles()).toEqual({ orphans: removed.length, parts: 1, temp: 1 });
    expect(fs.readdirSync(tempDir)).toEqual(['quad-upload-live']);

    const left: string[] = [];
    for await (const page of storage.list()) left.push(...page.map((e) => e.key));
    expect(left.sort()).toEqual([...kept, youngPart, inFlight, unknown].sort());
    expect(await media.sweepOrphanFiles()).toEqual({ orphans: 0, parts: 0, temp: 0 });

    // Once the grace has passed, the upload that never got its row goes too.
    const later = createMediaService({ db: t.db, storage, now: () => now + 2 * HOUR });
    expect(await later.sweepOrphanFiles()).toEqual({ orphans: 1, parts: 1, temp: 1 });
  });

  it('asks the database a fixed number of times per page of files, however many', async () => {
    const storage = t.app.deps.storage;
    const keys = Array.from({ length: 300 }, () => `media/${uuidv7()}/thumb.webp`);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(
        keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from('x'), 'image/webp')),
      );
    let queries = 0;
    const counting = {
      ...t.db,
      kysely: t.db.kysely.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      }),
    };
    const media = createMediaService({
      db: counting,
      storage,
      now: () => Date.now() + 2 * HOUR,
    });
    const swept = await media.sweepOrphanFiles();
    expect(swept.orphans).toBeGreaterThanOrEqual(keys.length);
    expect(queries).toBeLessThanOrEqual(3);
  });
});
