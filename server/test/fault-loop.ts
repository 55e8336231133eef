import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATEGORIES } from '@common/categories';
import { openDatabase } from '../src/db/kysely';
import { migrateToLatest } from '../src/db/migrate';
import { createSessionService } from '../src/modules/auth/sessions.service';
import { mediaRepository } from '../src/modules/media/media.repository';
import { createMediaService } from '../src/modules/media/media.service';
import { createDevTransport, createMailWorker, enqueueMail } from '../src/platform/mail';
import { createDiskStore } from '../src/platform/storage/disk-store';
import { buildUser } from './factories';
import { solidImage } from './media-fixtures';
import { multipart, MULTIPART_TYPE } from './multipart';
import { freePort } from './free-port';

/**
 * The crash loop (ADR 020): the real server in a child process, students
 * posting with photos, commenting, saving and messaging, SIGKILL at a random
 * moment, and after each kill the database and the media folder checked for
 * what a crash may leave half done. `npm test` runs a few kills; `npm run bench
 * -- --only faults` runs many.
 */
export interface FaultLoopOptions {
  database: { kind: 'sqlite' } | { kind: 'postgres'; url: string };
  kills: number;
  /** How long the students act before each kill, drawn between these (ms). */
  runMs: [number, number];
  students: number;
  log?: (line: string) => void;
}

export interface FaultLoopResult {
  kills: number;
  /** Acts the server answered 2xx, by kind. */
  acts: Record<string, number>;
  /** Files the sweep removed after the kills: rows never written, writes cut off. */
  orphansSwept: number;
  partsSwept: number;
  /** Upload temp files a kill left in the server's temp folder, removed by the same sweep. */
  tempSwept: number;
  /** Rows of each kind checked after the last kill. */
  rows: { posts: number; media: number; likes: number; messages: number; mails: number };
  /** Mail a killed server had claimed, sent again once its lease ran out. */
  mailsAfterLease: number;
  /** Time from spawn to /readyz, per start (ms). */
  restartMs: number[];
  /** Every broken invariant, with the kill after which it was seen; empty when all held. */
  problems: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const HOUR = 60 * 60 * 1000;
/** The mail worker's lease (outbox.ts): a claimed row waits this long after a crash. */
const MAIL_LEASE_MS = 5 * 60_000;

export async function runFaultLoop(options: FaultLoopOptions): Promise<FaultLoopResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-faults-'));
  const log = options.log ?? (() => {});
  const databaseUrl =
    options.database.kind === 'sqlite'
      ? `sqlite:${path.join(dataDir, 'quad.db')}`
      : options.database.url;
  const db = openDatabase(
    options.database.kind === 'sqlite'
      ? { kind: 'sqlite', file: path.join(dataDir, 'quad.db') }
      : { kind: 'postgres', url: options.database.url },
  );
  const storage = createDiskStore(path.join(dataDir, 'media'));
  const tmpDir = path.join(dataDir, 'tmp');
  fs.mkdirSync(tmpDir);
  const result: FaultLoopResult = {
    kills: 0,
    acts: {},
    orphansSwept: 0,
    partsSwept: 0,
    tempSwept: 0,
    rows: { posts: 0, media: 0, likes: 0, messages: 0, mails: 0 },
    mailsAfterLease: 0,
    restartMs: [],
    problems: [],
  };
  let server: ChildProcess | undefined;
  try {
    await migrateToLatest(db);
    const sessions = createSessionService(db);
    const students: Student[] = [];
    for (let i = 0; i < options.students; i++) {
      const user = await buildUser(db, { verified: true, school_verified: true });
      const token = await sessions.start(user.id, { userAgent: 'faults', ip: '127.0.0.1' });
      students.push({ id: user.id, cookie: `quad_session=${token}`, ip: `198.18.7.${i + 1}` });
    }
    // Large enough that sharp takes a moment: a kill can land between a file and its row.
    const photo = await solidImage(1600, 1200, 'jpeg');
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      GEO_GATE: 'off',
      TRUST_PROXY: 'on',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      SMTP_URL: '',
      REDIS_URL: '',
      // Uploads arrive in temp files: a folder of its own shows what a kill leaves there.
      TMPDIR: tmpDir,
    };
    const start = async () => {
      const began = Date.now();
      const stderr = fs.openSync(path.join(dataDir, 'server.log'), 'a');
      // One process: tsx's cli runs the server in a child that outlives a SIGKILL of its parent.
      server = spawn(process.execPath, ['--import', tsxLoader, 'server/src/main.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'ignore', stderr],
      });
      fs.closeSync(stderr);
      await waitUntilReady(server, port, dataDir);
      result.restartMs.push(Date.now() - began);
    };

    const known: { posts: string[] } = { posts: [] };
    const count = (act: string) => (result.acts[act] = (result.acts[act] ?? 0) + 1);
    let running = false;
    let uploadStarted: (() => void) | undefined;
    const act = async (student: Student) => {
      const call = (method: string, url: string, body?: Buffer | object, type?: string) =>
        request(port, method, url, student, body, type);
      const upload = async () => {
        uploadStarted?.();
        const res = await call(
          'POST',
          '/api/uploads',
          multipart([{ filename: 'desk.jpg', type: 'image/jpeg', data: photo }]),
          MULTIPART_TYPE,
        );
        if (res.status !== 201) return null;
        count('upload');
        return (JSON.parse(res.body) as { id: string }).id;
      };
      const roll = Math.random();
      if (roll < 0.3 || known.posts.length === 0) {
        const ids = [await upload(), await upload()].filter((id): id is string => id !== null);
        const res = await call('POST', '/api/posts', {
          text: 'Desk lamp, barely used',
          category: CATEGORIES[0],
          mediaIds: ids,
        });
        if (res.status === 201) {
          count('post');
          known.posts.push((JSON.parse(res.body) as { id: string }).id);
        }
      } else if (roll < 0.55) {
        const parentId = pick(known.posts);
        const res = await call('POST', '/api/posts', { text: 'Is it still there?', parentId });
        if (res.status === 201) {
          count('comment');
          known.posts.push((JSON.parse(res.body) as { id: string }).id);
        }
      } else if (roll < 0.75) {
        const res = await call('PUT', `/api/posts/${pick(known.posts)}/like`);
        if (res.status === 200) count('save');
      } else {
        const other = pick(students.filter((s) => s.id !== student.id));
        const chat = await call('POST', '/api/chats', { userId: other.id });
        if (chat.status !== 200) return;
        const chatId = (JSON.parse(chat.body) as { chat: { id: string } }).chat.id;
        const photoId = Math.random() < 0.5 ? await upload() : null;
        const res = await call('POST', `/api/chats/${chatId}/messages`, {
          text: 'Can I pick it up today?',
          mediaIds: photoId ? [photoId] : [],
        });
        if (res.status === 201) count('message');
      }
    };
    const drive = async (student: Student) => {
      while (running) {
        await act(student).catch(() => new Promise((r) => setTimeout(r, 20)));
      }
    };

    // One e-mail already waits when the loop begins, as after a crash: whatever the
    // students' acts queue besides (a loaded machine may fit few in), it must go out.
    await enqueueMail(db.kysely, {
      to: 'waiting@faults.test',
      subject: 'Queued before the first kill',
      html: '<p>Queued before the first kill</p>',
      text: 'Queued before the first kill',
    });
    await start();
    for (let kill = 1; kill <= options.kills; kill++) {
      running = true;
      const clients = students.map(drive);
      const [low, high] = options.runMs;
      await sleep(low + Math.random() * (high - low));
      // A loaded machine may fit no post in the window: the first kill waits (a
      // while at most) for a post and an upload, so the loop always has
      // something to lose and the test does not depend on the machine's speed.
      if (kill === 1) await until(() => Boolean(result.acts.post && result.acts.upload), 30_000);
      // Every other kill lands just after an upload starts, to hit its files before its row.
      if (kill % 2 === 0) {
        await Promise.race([
          new Promise<void>((resolve) => (uploadStarted = resolve)),
          sleep(high),
        ]);
        uploadStarted = undefined;
        await sleep(Math.random() * 60);
      }
      server!.kill('SIGKILL');
      await new Promise((r) => server!.once('exit', r));
      result.kills = kill;
      running = false;
      if (await answers(port)) throw new Error(`the server still answers after kill ${kill}`);
      await Promise.all(clients);
      // The server is dead: what is on disk and in the database is what a restart finds.
      const problems = await checkInvariants(db, storage);
      // As the sweep at start would, once its grace has passed (in the server's temp folder).
      const ownTmp = process.env.TMPDIR;
      process.env.TMPDIR = tmpDir;
      const swept = await createMediaService({
        db,
        storage,
        now: () => Date.now() + 2 * HOUR,
      })
        .sweepOrphanFiles()
        .finally(() => {
          if (ownTmp === undefined) delete process.env.TMPDIR;
          else process.env.TMPDIR = ownTmp;
        });
      result.orphansSwept += swept.orphans;
      result.partsSwept += swept.parts;
      result.tempSwept += swept.temp;
      problems.push(...(await checkFiles(db, storage)));
      const tempLeft = fs.readdirSync(tmpDir).filter((f) => f.startsWith('quad-upload-'));
      if (tempLeft.length > 0) problems.push(`upload temp files left: ${tempLeft.join(', ')}`);
      result.problems.push(...problems.map((p) => `after kill ${kill}: ${p}`));
      log(
        `kill ${kill}: ${JSON.stringify(result.acts)}, swept ${swept.orphans} orphan(s), ${swept.parts} .part and ${swept.temp} temp file(s)` +
          (problems.length ? `, problems: ${problems.join('; ')}` : ''),
      );
      await start();
    }

    // Every queued e-mail goes out: the restarted server sends what is due...
    const unsent = () =>
      db.kysely
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', Date.now())
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const deadline = Date.now() + 20_000;
    while ((await unsent()) > 0 && Date.now() < deadline) await sleep(200);
    server!.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
    server = undefined;
    // ...and what a killed server had claimed once its lease has run out.
    const worker = createMailWorker({
      db,
      transport: createDevTransport(() => {}, 'http://localhost/dev/mailbox'),
      logger: { warn() {}, error() {} },
      now: () => Date.now() + MAIL_LEASE_MS + 1000,
    });
    result.mailsAfterLease = await worker.runOnce();
    const left = await db.kysely
      .selectFrom('mail_outbox')
      .select(['id', 'attempts', 'last_error'])
      .where('sent_at', 'is', null)
      .execute();
    if (left.length > 0)
      result.problems.push(
        `${left.length} queued e-mail(s) never sent: ${JSON.stringify(left[0])}`,
      );
    result.rows = await rowCounts(db);
    return result;
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Db = ReturnType<typeof openDatabase>;
interface Student {
  id: string;
  cookie: string;
  ip: string;
}

/** Rows a crash must never leave half written, and counters equal to their rows. */
async function checkInvariants(db: Db, storage: ReturnType<typeof createDiskStore>) {
  const problems: string[] = [];
  const k = db.kysely;
  const posts = await k
    .selectFrom('posts')
    .select([
      'id',
      'parent_id',
      'root_id',
      'author_id',
      'media_count',
      'like_count',
      'comment_count',
    ])
    .execute();
  const ids = new Set(posts.map((p) => p.id));
  const parentOf = new Map(posts.map((p) => [p.id, p.parent_id]));
  const descendants = new Map(posts.map((p) => [p.id, 0]));
  for (const p of posts) {
    if (p.parent_id && !ids.has(p.parent_id)) problems.push(`comment ${p.id} on a missing post`);
    if (p.root_id && !ids.has(p.root_id)) problems.push(`comment ${p.id} in a missing thread`);
    for (let up = p.parent_id; up && descendants.has(up); up = parentOf.get(up) ?? null)
      descendants.set(up, descendants.get(up)! + 1);
  }
  const postMedia = await k.selectFrom('post_media').selectAll().execute();
  const messageMedia = await k.selectFrom('message_media').selectAll().execute();
  const likes = await k.selectFrom('likes').select('post_id').execute();
  const tally = (values: (string | null)[]) => {
    const m = new Map<string, number>();
    for (const v of values) if (v) m.set(v, (m.get(v) ?? 0) + 1);
    return m;
  };
  const mediaOf = tally(postMedia.map((m) => m.post_id));
  const likesOf = tally(likes.map((l) => l.post_id));
  for (const p of posts) {
    if (p.media_count !== (mediaOf.get(p.id) ?? 0))
      problems.push(`post ${p.id} says ${p.media_count} photo(s), has ${mediaOf.get(p.id) ?? 0}`);
    if (p.like_count !== (likesOf.get(p.id) ?? 0))
      problems.push(`post ${p.id} says ${p.like_count} save(s), has ${likesOf.get(p.id) ?? 0}`);
    if (p.comment_count !== descendants.get(p.id))
      problems.push(
        `post ${p.id} says ${p.comment_count} comment(s), has ${descendants.get(p.id)}`,
      );
  }
  const topLevel = tally(posts.filter((p) => !p.parent_id).map((p) => p.author_id));
  for (const u of await k.selectFrom('users').select(['id', 'total_posts']).execute())
    if (u.total_posts !== (topLevel.get(u.id) ?? 0))
      problems.push(`user ${u.id} says ${u.total_posts} post(s), has ${topLevel.get(u.id) ?? 0}`);
  const messages = await k.selectFrom('messages').select(['id', 'media_count']).execute();
  const photosOf = tally(messageMedia.map((m) => m.message_id));
  for (const m of messages)
    if (m.media_count !== (photosOf.get(m.id) ?? 0))
      problems.push(
        `message ${m.id} says ${m.media_count} photo(s), has ${photosOf.get(m.id) ?? 0}`,
      );
  // Files are written before their row: every row's every file is there.
  for (const key of mediaRepository.keysOf([...postMedia, ...messageMedia]))
    if (!(await storage.get(key).then((s) => (s?.destroy(), s !== null))))
      problems.push(`a media row points at a missing file ${key}`);
  return problems;
}

/** After the sweep: every file belongs to a row, and no write is left half done. */
async function checkFiles(db: Db, storage: ReturnType<typeof createDiskStore>) {
  const problems: string[] = [];
  const k = db.kysely;
  const referenced = new Set(
    mediaRepository.keysOf([
      ...(await k.selectFrom('post_media').selectAll().execute()),
      ...(await k.selectFrom('message_media').selectAll().execute()),
    ]),
  );
  for await (const page of storage.list())
    for (const { key } of page) {
      if (key.endsWith('.part')) problems.push(`half-written file ${key}`);
      else if (!referenced.has(key)) problems.push(`orphan file ${key}`);
    }
  return problems;
}

async function rowCounts(db: Db): Promise<FaultLoopResult['rows']> {
  const n = async (table: 'posts' | 'post_media' | 'likes' | 'messages' | 'mail_outbox') =>
    Number(
      (
        await db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    posts: await n('posts'),
    media: await n('post_media'),
    likes: await n('likes'),
    messages: await n('messages'),
    mails: await n('mail_outbox'),
  };
}

function request(
  port: number,
  method: string,
  url: string,
  who: { cookie: string; ip: string },
  body?: Buffer | object,
  type = 'application/json',
): Promise<{ status: number; body: string }> {
  const payload =
    body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          host: `ou.localhost:${port}`,
          cookie: who.cookie,
          'x-quad-csrf': '1',
          'x-forwarded-for': who.ip,
          ...(payload ? { 'content-type': type, 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

/** Whether anything answers /readyz on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/readyz' }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}

async function waitUntilReady(server: ChildProcess, port: number, dataDir: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (await answers(port)) return;
    if (server.exitCode !== null || Date.now() > deadline) {
      const logged = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-2000);
      throw new Error(`the server did not start: ${logged}`);
    }
    await sleep(100);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` holds, checking every 50 ms, for `ms` at most. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const stop = Date.now() + ms;
  while (!done() && Date.now() < stop) await sleep(50);
}
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
