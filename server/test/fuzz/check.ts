import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { App } from '../../src/app';
import { addressSequence, loginAs } from '../auth';
import { fingerprint } from './fingerprint';
import type { FuzzRequest } from './routes';
import { buildWorld, type World } from './world';

/** A failure prints the seed and path to replay it: QUAD_FUZZ_SEED=… */
export const fuzzSettings = {
  seed: Number(process.env.QUAD_FUZZ_SEED ?? 20_260_613),
  numRuns: Number(process.env.QUAD_FUZZ_RUNS ?? 20),
};

/** The one error body of the API, nothing more and nothing less. */
const errorBody = z
  .object({
    error: z
      .object({
        code: z.string().min(1),
        message: z.string().min(1),
        messages: z.array(z.string()).optional(),
      })
      .strict(),
  })
  .strict();

const nextAddress = addressSequence('198.51');

/** Sends one fuzzed request as its identity (each from a new address, past the rate limits). */
export function send(app: App, request: FuzzRequest, cookie: string | undefined) {
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    remoteAddress: nextAddress(),
    headers: {
      host: 'ou.localhost:3000',
      'x-quad-csrf': '1',
      ...(cookie ? { cookie } : {}),
      ...request.headers,
    },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** What a route's runs carry from one to the next: sessions, and the database as last seen. */
export interface RunState {
  cookies: Partial<Record<'owner' | 'other', string>>;
  /** The fingerprint after the last refused request: nothing has written since. */
  known?: string;
}

/**
 * The properties of every answer: never a 5xx; a 4xx has the one error body
 * and left the database as it was; nothing polluted Object.prototype.
 */
export async function survives(
  app: App,
  world: World,
  state: RunState,
  request: FuzzRequest,
): Promise<void> {
  const cookie = await cookieFor(app, world, state, request.who);
  // A page records a signed-in student's view whatever its status (analytics, ADR 016):
  // its answer is checked, not the database, which is not read for it.
  const before = request.page ? undefined : (state.known ?? (await fingerprint(app.deps.db)));
  state.known = undefined;
  const response = await send(app, request, cookie);
  // Work a request leaves for after its answer (saved-search alerts, analytics
  // events) lands before the database is compared, not in the next request's window.
  await Promise.all([app.services.savedSearchAlerts.idle(), app.services.analytics.idle()]);
  const where = `${request.method} ${request.url.slice(0, 200)} as ${request.who}`;
  if (response.statusCode >= 500)
    throw new Error(`${where}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  if ('admin' in {}) throw new Error(`${where}: Object.prototype was polluted`);
  if (response.statusCode < 400) {
    // It may have ended a session (log out, a new password) or changed anything else.
    state.cookies = {};
    return;
  }
  const html = String(response.headers['content-type']).startsWith('text/html');
  if (request.method !== 'HEAD') {
    if (request.page && html) expectPage(response, where);
    else expectErrorBody(response, where);
  }
  if (before === undefined) return;
  const after = await fingerprint(app.deps.db);
  if (after !== before)
    throw new Error(`${where}: ${response.statusCode} changed the database\n${before}\n${after}`);
  state.known = after;
}

/** A session for the identity; a world whose student deleted their account is built again. */
async function cookieFor(app: App, world: World, state: RunState, who: FuzzRequest['who']) {
  if (who === 'guest') return undefined;
  const cached = state.cookies[who];
  if (cached) return cached;
  state.known = undefined;
  const { db } = app.deps;
  const exists = await db.kysely.selectFrom('users').select('id').where('id', '=', world[who].id);
  if (!(await exists.executeTakeFirst())) Object.assign(world, await buildWorld(app));
  const cookie = await loginAs(app, world[who]);
  state.cookies[who] = cookie;
  return cookie;
}

function expectErrorBody(response: LightMyRequestResponse, where: string): void {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new Error(
      `${where}: ${response.statusCode} without a JSON body: ${response.body.slice(0, 200)}`,
    );
  }
  const parsed = errorBody.safeParse(body);
  if (!parsed.success)
    throw new Error(`${where}: ${response.statusCode} error body ${response.body.slice(0, 300)}`);
}

/** A page's answer is the app's page (its boot data written in), whatever its status. */
function expectPage(response: LightMyRequestResponse, where: string): void {
  if (!response.body.includes('id="quad-boot"'))
    throw new Error(`${where}: ${response.statusCode} page ${response.body.slice(0, 300)}`);
}

/** Runs the property with the suite's seed and run count. */
export function fuzz(app: App, world: World, requests: fc.Arbitrary<FuzzRequest>) {
  const state: RunState = { cookies: {} };
  return fc.assert(
    fc.asyncProperty(requests, (request) => survives(app, world, state, request)),
    { ...fuzzSettings, endOnFailure: true },
  );
}
