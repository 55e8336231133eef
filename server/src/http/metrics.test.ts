import { afterEach, describe, expect, it } from 'vitest';
import { api, userWithSession } from '../../test/auth';
import { createTestApp, type TestContext } from '../../test/app';
import { testDialect } from '../../test/db';
import { buildPost } from '../../test/factories';
import { enqueueMail } from '../platform/mail/outbox';
import { bearerMatches } from './metrics';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const ON = { METRICS: 'on', METRICS_TOKEN: TOKEN } as const;

/** One sample's value from Prometheus text, by metric name and exact labels; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([k, v]) => found[k] === v))
      return Number(match[3]);
  }
  return 0;
}

/** Every line is a comment or `name{labels} value`: the text format Prometheus parses (its parser reads NaN in any case; prom-client writes "Nan"). */
function expectPrometheusText(text: string): void {
  for (const line of text.split('\n').filter(Boolean)) {
    expect(line).toMatch(
      /^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf))$/,
    );
  }
}

describe('/metrics', () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const scrape = async (authorization?: string) =>
    t!.app.inject({
      url: '/metrics',
      headers: { host: 'ou.localhost:3000', ...(authorization ? { authorization } : {}) },
    });

  it('does not exist while METRICS is off', async () => {
    t = await createTestApp();
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('quad_');
  });

  it('refuses a scrape without the token or with a wrong one', async () => {
    t = await createTestApp({ env: ON });
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const response = await scrape(header);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({
        error: { code: 'metrics_token', message: 'A valid metrics token is required.' },
      });
    }
  });

  it('counts requests by route pattern and cache hits, and reports the outbox and runtime', async () => {
    t = await createTestApp({ env: ON });
    const { user, cookie } = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
    });
    const post = await buildPost(t.db, user);
    const feed = { route: '/api/feed', method: 'GET', status_class: '2xx' };
    const thread = { route: '/api/posts/:id', method: 'GET', status_class: '2xx' };
    const hits = { cache: 'posts_campus', result: 'hit' };

    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(before, 'quad_http_request_duration_seconds_count', feed)).toBe(0);
    expect((await api(t.app, { url: '/api/feed', cookie })).statusCode).toBe(200);
    expect((await api(t.app, { url: '/api/feed', cookie })).statusCode).toBe(200);
    expect((await api(t.app, { url: `/api/posts/${post.id}`, cookie })).statusCode).toBe(200);
    await enqueueMail(t.db.kysely, {
      to: 'someone@example.com',
      subject: 'Waiting',
      html: '<p>Waiting</p>',
      text: 'Waiting',
    });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expectPrometheusText(text);
    expect(sample(text, 'quad_http_request_duration_seconds_count', feed)).toBe(2);
    expect(sample(text, 'quad_http_request_duration_seconds_count', thread)).toBe(1);
    // Routes are patterns: no raw URL with an id ever becomes a label.
    expect(text).not.toContain(post.id);
    expect(sample(text, 'quad_cache_lookups_total', hits)).toBeGreaterThan(
      sample(before, 'quad_cache_lookups_total', hits),
    );
    expect(
      sample(text, 'quad_cache_lookups_total', { cache: 'posts_campus', result: 'miss' }),
    ).toBeGreaterThan(0);
    // loginAs started the session in the database; the first request read it from there.
    expect(sample(text, 'quad_cache_lookups_total', { cache: 'sessions', result: 'miss' })).toBe(1);
    expect(sample(text, 'quad_cache_lookups_total', { cache: 'sessions', result: 'hit' })).toBe(2);
    expect(sample(text, 'quad_mail_outbox_depth')).toBe(1);
    expect(sample(text, 'quad_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'quad_live_sockets')).toBe(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    if (testDialect === 'postgres') {
      expect(sample(text, 'quad_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(text).toContain('quad_db_pool_connections{state="waiting"}');
    } else {
      expect(text).not.toContain('quad_db_pool_connections');
    }
  });

  it('counts the live sockets connected, and forgets them when they close', async () => {
    t = await createTestApp({ env: ON });
    const { cookie } = await userWithSession(t.app, { verified: true, school_verified: true });
    const sockets = async () => sample((await scrape(`Bearer ${TOKEN}`)).body, 'quad_live_sockets');
    const open = () =>
      t!.app.injectWS('/api/live', { headers: { cookie, host: 'ou.localhost:3000' } });
    const first = await open();
    const second = await open();
    await expect.poll(sockets).toBe(2);
    first.terminate();
    await expect.poll(sockets).toBe(1);
    second.terminate();
    await expect.poll(sockets).toBe(0);
  });

  it('labels what matched no route as unmatched, never by its path', async () => {
    t = await createTestApp({ env: ON });
    await api(t.app, { url: '/api/no-such-thing/12345' });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(
      sample(text, 'quad_http_request_duration_seconds_count', {
        route: '(unmatched)',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(text).not.toContain('no-such-thing');
  });
});

describe('bearerMatches', () => {
  it('accepts exactly the token, in a Bearer header', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});
