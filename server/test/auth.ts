import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import { buildUser } from './factories';

type NewUser = Awaited<ReturnType<typeof buildUser>>;

/** A session cookie for the user, as if they had signed in. */
export async function loginAs(app: App, user: { id: string }): Promise<string> {
  const token = await app.services.sessions.start(user.id, {
    userAgent: 'vitest',
    ip: '127.0.0.1',
  });
  return `quad_session=${token}`;
}

/** The session cookie a response set, ready to send back. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'quad_session');
  if (!cookie)
    throw new Error(`no session cookie in the response (${response.statusCode}: ${response.body})`);
  return `quad_session=${cookie.value}`;
}

/**
 * `app.inject` as this site's own scripts call the API: JSON, the CSRF header,
 * a campus host, and optionally a signed-in user's cookie.
 */
export function api(
  app: App,
  options: InjectOptions & { cookie?: string; campus?: string },
): Promise<LightMyRequestResponse> {
  const { cookie, campus = 'ou', headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: {
      host: `${campus}.localhost:3000`,
      'x-quad-csrf': '1',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
}

/** A user at each permission level (docs/product/README.md, Roles), with a session. */
export async function userWithSession(
  app: App,
  overrides: Partial<NewUser> = {},
): Promise<{ user: NewUser; cookie: string }> {
  const user = await buildUser(app.deps.db, overrides);
  return { user, cookie: await loginAs(app, user) };
}

/**
 * Client addresses from a test range, a new one per call, so the per-IP rate
 * limits of one test do not spill into the next.
 */
export function addressSequence(block = '198.18'): () => string {
  let n = 0;
  return () => `${block}.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
}

/**
 * `api` as a student (or a guest, `null`) of one campus, each call from a new
 * test address so rate limits stay out of the way: `call(who, 'GET', url)`.
 */
export function callerOn(app: App, campus: string, block: string) {
  const nextIp = addressSequence(block);
  return (
    who: { cookie: string } | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    api(app, {
      method,
      url,
      campus,
      remoteAddress: nextIp(),
      ...(who ? { cookie: who.cookie } : {}),
      ...(payload ? { payload } : {}),
    });
}
