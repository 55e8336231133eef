import { formatBytes, UPLOAD_MESSAGES } from '@common/messages';
import { type MediaDto, POST_MESSAGES } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { videoBytes } from '../../../test/media-fixtures';
import { multipart, MULTIPART_TYPE } from '../../../test/multipart';

/**
 * Each student's upload limit by bytes (ADR 039): 1 MB a day here
 * (UPLOAD_MB_PER_DAY), counted per student, whatever became of the uploads.
 */

const KB = 1024;
const LIMIT = 1024 * KB;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestContext;
const nextIp = addressSequence('198.19');

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MB_PER_DAY: '1' } });
});

afterAll(async () => {
  await t?.close();
});

async function student() {
  const user = await buildUser(t.db, { verified: true, school_verified: true });
  return { id: user.id, cookie: await loginAs(t.app, user) };
}

const upload = (cookie: string, data: Buffer) =>
  api(t.app, {
    method: 'POST',
    url: '/api/uploads',
    payload: multipart([{ filename: 'clip.mp4', type: 'video/mp4', data }]),
    remoteAddress: nextIp(),
    headers: { 'content-type': MULTIPART_TYPE },
    cookie,
  });

async function storedBytesOf(userId: string): Promise<number> {
  const rows = await t.db.kysely
    .selectFrom('post_media')
    .select('bytes')
    .where('owner_id', '=', userId)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.bytes), 0);
}

function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error: { code: 'upload_limit', message } });
}

describe('the daily upload limit', () => {
  it('takes files up to the limit, then says how much is left and when there is more', async () => {
    const me = await student();
    for (let i = 0; i < 2; i++)
      expect((await upload(me.cookie, videoBytes('isom', 400 * KB))).statusCode).toBe(201);

    // 224 KB left: a 400 KB file is refused as it crosses, a 200 KB one still fits.
    expectRefused(
      await upload(me.cookie, videoBytes('isom', 400 * KB)),
      413,
      UPLOAD_MESSAGES.fileOverDailyLimit('224 KB', '1 MB'),
    );
    expect((await upload(me.cookie, videoBytes('isom', 200 * KB))).statusCode).toBe(201);
    expectRefused(
      await upload(me.cookie, videoBytes('isom', 100 * KB)),
      413,
      UPLOAD_MESSAGES.fileOverDailyLimit('24 KB', '1 MB'),
    );
    expect((await upload(me.cookie, videoBytes('isom', 24 * KB))).statusCode).toBe(201);
    expect(await storedBytesOf(me.id)).toBe(LIMIT);

    // At the limit, even a file that is not media is refused before it is read.
    const full = await upload(me.cookie, Buffer.from('not even a video'));
    expectRefused(full, 429, UPLOAD_MESSAGES.dailyLimitReached('1 MB', 24));

    // The first uploads stop counting a day after they were made.
    const usage = await t.db.kysely
      .selectFrom('upload_usage')
      .select(['id', 'bytes'])
      .where('user_id', '=', me.id)
      .orderBy('id')
      .execute();
    expect(usage.map((u) => Number(u.bytes))).toEqual([400 * KB, 400 * KB, 200 * KB, 24 * KB]);
    await t.db.kysely
      .updateTable('upload_usage')
      .set({ created_at: Date.now() - DAY + 3.5 * HOUR })
      .where('id', '=', usage[0]!.id)
      .execute();
    expectRefused(
      await upload(me.cookie, videoBytes('isom', 10 * KB)),
      429,
      UPLOAD_MESSAGES.dailyLimitReached('1 MB', 4),
    );
    await t.db.kysely
      .updateTable('upload_usage')
      .set({ created_at: Date.now() - DAY - 1000 })
      .where('id', '=', usage[0]!.id)
      .execute();
    expect((await upload(me.cookie, videoBytes('isom', 300 * KB))).statusCode).toBe(201);

    // Another student's limit is their own.
    const other = await student();
    expect((await upload(other.cookie, videoBytes('isom', 900 * KB))).statusCode).toBe(201);
  });

  it('still counts an upload that was deleted, so deleting does not make room', async () => {
    const me = await student();
    const media = (await upload(me.cookie, videoBytes('isom', 800 * KB))).json<MediaDto>();
    await t.db.kysely.deleteFrom('post_media').where('id', '=', media.id).execute();
    expectRefused(
      await upload(me.cookie, videoBytes('isom', 300 * KB)),
      413,
      UPLOAD_MESSAGES.fileOverDailyLimit('224 KB', '1 MB'),
    );
  });

  it('lets no burst of uploads side by side pass the limit', async () => {
    const me = await student();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => upload(me.cookie, videoBytes('isom', 300 * KB))),
    );
    // Uploads that cross the limit together may all be refused; never do more than three pass.
    const accepted = responses.filter((r) => r.statusCode === 201);
    expect(accepted.length).toBeLessThanOrEqual(3);
    for (const refused of responses.filter((r) => r.statusCode !== 201)) {
      expect([413, 429]).toContain(refused.statusCode);
      expect(refused.json().error.code).toBe('upload_limit');
    }
    expect(await storedBytesOf(me.id)).toBe(accepted.length * 300 * KB);
    expect(await storedBytesOf(me.id)).toBeLessThanOrEqual(LIMIT);
    const counted = await t.db.kysely
      .selectFrom('upload_usage')
      .select('bytes')
      .where('user_id', '=', me.id)
      .execute();
    expect(counted.reduce((sum, r) => sum + Number(r.bytes), 0)).toBe(accepted.length * 300 * KB);
    // What was refused was taken back: what is left can still be uploaded.
    const left = LIMIT - accepted.length * 300 * KB;
    expect((await upload(me.cookie, videoBytes('isom', left))).statusCode).toBe(201);
    expect(await storedBytesOf(me.id)).toBe(LIMIT);
  });

  it('does not count a refused file', async () => {
    const me = await student();
    const broken = Buffer.concat([videoBytes('isom', 600 * KB), Buffer.from('trail')]);
    expect((await upload(me.cookie, broken)).json().error.message).toBe(
      POST_MESSAGES.onlyPhotosVideos,
    );
    expect((await upload(me.cookie, videoBytes('isom', 1000 * KB))).statusCode).toBe(201);
  });

  it('forgets usage older than a day in its hourly sweep', async () => {
    const me = await student();
    await upload(me.cookie, videoBytes('isom', 10 * KB));
    await t.db.kysely
      .updateTable('upload_usage')
      .set({ created_at: Date.now() - DAY - 1 })
      .where('user_id', '=', me.id)
      .execute();
    expect(await t.app.services.media.sweepUsage()).toBeGreaterThanOrEqual(1);
    const left = await t.db.kysely
      .selectFrom('upload_usage')
      .select('id')
      .where('user_id', '=', me.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('formatBytes', () => {
  it('says sizes in whole units', () => {
    expect(formatBytes(1024 * 1024 * 1024)).toBe('1 GB');
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1536 MB');
    expect(formatBytes(250 * 1024 * 1024 + 5)).toBe('250 MB');
    expect(formatBytes(224 * 1024)).toBe('224 KB');
  });
});
