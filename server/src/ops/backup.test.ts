import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MediaDto, PostDto } from '@common/schemas/posts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp } from '../../test/app';
import { addressSequence, api, sessionCookie } from '../../test/auth';
import { type TestDb, testDialect } from '../../test/db';
import { buildUser } from '../../test/factories';
import { solidImage } from '../../test/media-fixtures';
import { multipart, MULTIPART_TYPE } from '../../test/multipart';
import { type Env, loadConfig } from '../config';
import { openDatabase } from '../db/kysely';
import { migrateToLatest } from '../db/migrate';
import { hashPassword } from '../modules/auth/passwords';
import { backup, type Manifest, OpsError, restore } from './backup';

/**
 * `npm run backup` and `npm run restore` (ADR 053, docs/operating.md, Backups):
 * a snapshot taken while students post restores into an empty folder as a
 * server that serves the same accounts, posts and photos.
 */

const PASSWORD = 'correct-horse-battery';
const nextIp = addressSequence('198.51');
const temps: string[] = [];
const closers: (() => Promise<void>)[] = [];

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quad-${name}-`));
  temps.push(dir);
  return dir;
};

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

const adminUrl = () => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** An empty database for the restore: a new PostgreSQL database, or none yet on SQLite. */
async function emptyDatabaseEnv(): Promise<Partial<Env>> {
  if (testDialect === 'sqlite') return {};
  const name = `quad_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  closers.push(async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl() });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

/** The real app on a database file (SQLite) or database (PostgreSQL) that a backup can reach. */
async function serverOn(dataDir: string, env: Partial<Env>): Promise<{ app: App; db: TestDb }> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const db: TestDb = {
    ...openDatabase(config.database),
    url: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'quad.db')}`,
  };
  await migrateToLatest(db);
  const app = await buildTestApp(db, dataDir, { env: { ...env, DATA_DIR: dataDir } });
  closers.push(async () => {
    await app.close();
    await db.close();
  });
  return { app, db };
}

async function upload(app: App, cookie: string, colour: string): Promise<MediaDto> {
  const png = await solidImage(48, 32, 'png', colour);
  const response = await api(app, {
    method: 'POST',
    url: '/api/uploads',
    payload: multipart([{ filename: 'photo.png', type: 'image/png', data: png }]),
    headers: { 'content-type': MULTIPART_TYPE },
    cookie,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function post(app: App, cookie: string, text: string, mediaIds: string[] = []) {
  return api(app, {
    method: 'POST',
    url: '/api/posts',
    payload: { text, mediaIds },
    cookie,
    remoteAddress: nextIp(),
  });
}

function login(app: App, email: string, password = PASSWORD) {
  return api(app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  });
}

async function mediaBytes(app: App, media: MediaDto): Promise<Buffer> {
  const response = await api(app, { method: 'GET', url: new URL(media.url, 'http://x').pathname });
  expect(response.statusCode, media.url).toBe(200);
  return response.rawPayload;
}

/** Students with passwords and a post with a photo each, made through the API. */
async function students(app: App, db: TestDb) {
  const passwordHash = await hashPassword(PASSWORD, 10);
  const made: { email: string; cookie: string; post: PostDto }[] = [];
  for (const colour of ['#ff0000', '#00ff00', '#0000ff']) {
    const user = await buildUser(db, {
      password_hash: passwordHash,
      verified: true,
      school_verified: true,
    });
    const signedIn = await login(app, user.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sessionCookie(signedIn);
    const photo = await upload(app, cookie, colour);
    const created = await post(app, cookie, `Desk lamp in ${colour}`, [photo.id]);
    expect(created.statusCode, created.body).toBe(201);
    made.push({ email: user.email, cookie, post: created.json() });
  }
  return made;
}

/** Posts (every third with a photo) in a loop until `stop` is set; returns the ids it wrote. */
async function writeLoad(app: App, cookies: string[], state: { stop: boolean }) {
  const ids: string[] = [];
  for (let i = 0; !state.stop; i++) {
    const cookie = cookies[i % cookies.length]!;
    const mediaIds = i % 3 === 0 ? [(await upload(app, cookie, '#123456')).id] : [];
    const response = await post(app, cookie, `Load post ${i}`, mediaIds);
    if (response.statusCode === 201) ids.push(response.json().id);
    else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return ids;
}

describe(`backup and restore (${testDialect})`, () => {
  it('snapshots a serving app under writes and restores it whole into an empty folder', async () => {
    const sourceDir = tempDir('source');
    const { app, db } = await serverOn(
      sourceDir,
      testDialect === 'sqlite' ? {} : await emptyDatabaseEnv(),
    );
    const before = await students(app, db);

    const state = { stop: false };
    const load = writeLoad(
      app,
      before.map((s) => s.cookie),
      state,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const snapshotDir = path.join(tempDir('snapshot'), 'quad-backup');
    const sourceConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: sourceDir, ...envOf(db) });
    const manifest: Manifest = await backup(sourceConfig, snapshotDir);
    await new Promise((resolve) => setTimeout(resolve, 150));
    state.stop = true;
    const loaded = await load;
    expect(loaded.length, 'posts were written while the backup ran').toBeGreaterThan(2);

    expect(manifest).toMatchObject({ database: testDialect, media: 'disk', missingMedia: [] });
    expect(manifest.quadVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.migration.last).toMatch(/^\d{4}-/);

    // A restore refuses a folder that already holds something.
    const busyDir = tempDir('busy');
    fs.writeFileSync(path.join(busyDir, 'notes.txt'), 'mine');
    await expect(
      restore(loadConfig({ DATA_DIR: busyDir, ...envOf(db) }), snapshotDir),
    ).rejects.toThrow(/is not empty \(notes\.txt\): choose a new or empty folder/);
    expect(fs.readdirSync(busyDir)).toEqual(['notes.txt']);

    const restoredDir = path.join(tempDir('restored'), 'data');
    const targetEnv = await emptyDatabaseEnv();
    await restore(loadConfig({ DATA_DIR: restoredDir, ...targetEnv }), snapshotDir);
    const restored = await serverOn(restoredDir, targetEnv);
    await checkRestored(restored, { app, before, loaded, manifest });
  }, 30_000);
});

/** The database URL a backup of `db` needs: none on SQLite (DATA_DIR's quad.db). */
function envOf(db: TestDb): Partial<Env> {
  return testDialect === 'postgres' ? { DATABASE_URL: db.url } : {};
}

async function checkRestored(
  restored: { app: App; db: TestDb },
  source: {
    app: App;
    before: { email: string; post: PostDto }[];
    loaded: string[];
    manifest: Manifest;
  },
) {
  const { app, db } = restored;
  // Accounts sign in; the posts before the backup are there with their photos' bytes.
  for (const student of source.before) {
    const signedIn = await login(app, student.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await login(app, student.email, 'wrong-password-123')).statusCode).toBe(401);
    const page = await api(app, {
      method: 'GET',
      url: `/api/posts/${student.post.id}`,
      cookie: sessionCookie(signedIn),
    });
    expect(page.statusCode, page.body).toBe(200);
    const restoredPost: PostDto = page.json().post;
    expect(restoredPost.text).toBe(student.post.text);
    expect(restoredPost.media.map((m) => m.id)).toEqual(student.post.media.map((m) => m.id));
    for (const media of restoredPost.media)
      expect((await mediaBytes(app, media)).equals(await mediaBytes(source.app, media))).toBe(true);
  }
  // The snapshot is one moment: the posts it holds are those its manifest counted,
  // each load post it holds was written, and every photo row has its file.
  const posts = await db.kysely.selectFrom('posts').select('id').execute();
  expect(posts.length).toBe(source.manifest.counts.posts);
  const loadedInSnapshot = posts.map((p) => p.id).filter((id) => source.loaded.includes(id));
  expect(posts.length).toBe(source.before.length + loadedInSnapshot.length);
  const rows = await db.kysely
    .selectFrom('post_media')
    .select(['id', 'post_id', 'key'])
    .where('post_id', 'is not', null)
    .execute();
  expect(rows.length).toBeGreaterThanOrEqual(source.before.length);
  for (const row of rows)
    expect(fs.existsSync(path.join(app.deps.config.dataDir, 'media', row.key)), row.key).toBe(true);
}

describe('restore refuses', () => {
  it('a folder that is not a backup, with a clear message', async () => {
    const dir = tempDir('not-a-backup');
    const error = await restore(loadConfig({ DATA_DIR: path.join(dir, 'data') }), dir).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpsError);
    expect((error as Error).message).toBe(
      `${dir} is not a Quad backup: it has no readable manifest.json.`,
    );
  });
});
