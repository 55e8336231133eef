import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { addressSequence, api } from '../../test/auth';
import { type OpenApiDocument, responseValidator } from '../../test/openapi';
import { startFakeStripe, type FakeStripe } from '../../test/stripe-api';
import {
  EXCLUDED,
  KINDS,
  type Kind,
  PAGES,
  ROUTES,
  type Row,
  routeKey,
  STRIPE_WEBHOOK_SECRET,
  WEB_BUILD,
} from './authorization-matrix.table';
import { PASSWORD, type Student, type World, worldBuilder } from './authorization-matrix.world';

/**
 * The authorization matrix (ADR 015): every route the app registers × every
 * kind of viewer, against one table (authorization-matrix.table.ts). Each cell
 * runs in a world of its own (fresh students, fresh resources), so that one
 * cell's writes (a delete, a sign-out) never decide another's status.
 */

let t: TestContext;
let stripe: FakeStripe;
let dist: string;
let newWorld: () => Promise<World>;
let document: OpenApiDocument;
let checkAnswer: ReturnType<typeof responseValidator>;
const nextIp = addressSequence('198.19');

beforeAll(async () => {
  stripe = await startFakeStripe();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-matrix-web-'));
  for (const [file, text] of Object.entries(WEB_BUILD)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  }
  t = await createTestApp({
    env: {
      WEB_DIST: dist,
      STRIPE_SECRET_KEY: 'sk_test_matrix',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  // One registration through the API gives the hash of PASSWORD that every student gets.
  const email = `matrix-${process.pid}@example.com`;
  const res = await api(t.app, {
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { name: 'Matrix Student', email, password: PASSWORD, terms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { password_hash } = await t.db.kysely
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  newWorld = worldBuilder(t.app, password_hash!);
  document = t.app.swagger() as unknown as OpenApiDocument;
  checkAnswer = responseValidator(document);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The app's routes as the table names them, HEAD routes derived from a GET left out (see EXCLUDED). */
function registeredRoutes(): string[] {
  const keys = t.app.routeList.map((r) => routeKey(r.method, r.url));
  const gets = new Set(keys.filter((k) => k.startsWith('GET ')).map((k) => k.slice(4)));
  return [...new Set(keys.filter((k) => !(k.startsWith('HEAD ') && gets.has(k.slice(5)))))].sort();
}

describe('the table', () => {
  it('has a row for every route of the app and no row for a route that is gone', () => {
    const routes = registeredRoutes();
    const known = new Set([...Object.keys(ROUTES), ...Object.keys(EXCLUDED)]);
    const missing = routes.filter((r) => !known.has(r));
    const gone = [...known].filter((r) => !routes.includes(r));
    expect(
      missing.map(
        (r) => `${r}: a route without a row in server/src/http/authorization-matrix.table.ts`,
      ),
    ).toEqual([]);
    expect(gone.map((r) => `${r}: a row for a route the app no longer has`)).toEqual([]);
  });
});

/** Sends one cell's request; a WebSocket's outcome is 101 (open) or its close code minus 4000. */
async function send(row: Row, key: string, world: World, viewer: Student | null) {
  const [method, pattern] = key.split(' ') as [string, string];
  const request = (await row.send?.(world, viewer)) ?? {};
  const url = request.url ?? pattern;
  const headers = {
    host: `${request.campus ?? 'ou'}.localhost:3000`,
    ...(request.csrf === false ? {} : { 'x-quad-csrf': '1' }),
    ...(viewer ? { cookie: viewer.cookie } : {}),
    ...request.headers,
  };
  if (row.websocket) return { status: await socketOutcome(url, headers), body: undefined };
  const res: LightMyRequestResponse = await t.app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: request.remoteAddress ?? nextIp(),
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
  return { status: res.statusCode, body: res.body, type: String(res.headers['content-type']) };
}

async function socketOutcome(url: string, headers: Record<string, string>): Promise<number> {
  const socket: WebSocket = await t.app.injectWS(url, { headers });
  // A refused socket is closed by the handler at once, before it could answer a ping.
  const outcome = await new Promise<number>((resolve) => {
    socket.once('close', (code) => resolve(code - 4000));
    socket.once('pong', () => resolve(101));
    socket.ping();
  });
  socket.terminate();
  return outcome;
}

const ERROR_STATUSES = new Set([401, 403, 404]);

/** The error body every 401, 403 and 404 of the API carries: `{ error: { code, message } }`. */
function checkErrorBody(cell: string, status: number, body: string | undefined, type?: string) {
  if (!ERROR_STATUSES.has(status) || body === undefined || !type?.includes('json')) return [];
  const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
  const ok =
    typeof parsed.error?.code === 'string' &&
    typeof parsed.error.message === 'string' &&
    parsed.error.message.length > 0;
  return ok ? [] : [`${cell}: ${status} without { error: { code, message } }: ${body}`];
}

/** A documented route's answer is one the OpenAPI document declares, body and all (ADR 028). */
function checkAgainstDocument(
  cell: string,
  key: string,
  status: number,
  body?: string,
  type?: string,
) {
  const [method = '', pattern = ''] = key.split(' ');
  const path = pattern.replace(/:(\w+)/g, '{$1}');
  if (body === undefined || !document.paths[path]?.[method.toLowerCase()]) return [];
  const contentType = type === 'undefined' ? null : (type ?? null);
  return checkAnswer({ method, path, status, contentType, body }).map((p) => `${cell}: ${p}`);
}

/** One cell: a fresh world, the viewer of that kind, the request; what came back and what is wrong. */
async function runCell(key: string, row: Row, kind: Kind) {
  const world = await newWorld();
  const viewer = kind === 'guest' ? null : world.students[kind];
  const { status, body, type } = await send(row, key, world, viewer);
  const problems = [
    ...checkErrorBody(`${key} as ${kind}`, status, body, type),
    ...checkAgainstDocument(`${key} as ${kind}`, key, status, body, type),
  ];
  if (ERROR_STATUSES.has(status) && row.html !== true && !type?.includes('json') && body)
    problems.push(`${key} as ${kind}: ${status} answered ${type}, not JSON`);
  return { kind, status, problems };
}

async function runRow(key: string, row: Row) {
  // The cells share nothing, so they run at once (the database is what they wait on).
  const cells = await Promise.all(KINDS.map((kind) => runCell(key, row, kind)));
  const observed = Object.fromEntries(cells.map((c) => [c.kind, c.status]));
  expect({ route: key, statuses: observed }).toEqual({ route: key, statuses: row.expect });
  expect(cells.flatMap((c) => c.problems)).toEqual([]);
}

describe.each(Object.keys(ROUTES))('%s', (key) => {
  it('answers each kind of viewer as the table says', () => runRow(key, ROUTES[key]!));
});

describe.each(Object.keys(PAGES))('page %s (the not-found handler)', (key) => {
  it('answers each kind of viewer as the table says', () => runRow(key, PAGES[key]!));
});
