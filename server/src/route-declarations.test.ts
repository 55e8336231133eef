import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { type Fact, FACTS, type FactSubscriber } from './core/facts';
import { SESSION_CACHE_FACTS } from './modules/auth/sessions.cache';
import { POST_CACHE_FACTS } from './modules/posts/posts.cache';
import { ACCESS_LEVELS } from './http/access';
import type { RouteEntry } from './http/route-list';

/**
 * Every route declares who may call it and, when it changes state, what it
 * changes (ADR 043): the access hook enforces the one, the caches hear the
 * other. These checks walk every route the app registers (`app.routeList`).
 */

const SUBSCRIBERS: readonly FactSubscriber[] = [SESSION_CACHE_FACTS, POST_CACHE_FACTS];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What is wrong with the routes' declarations, one line a problem. */
function declarationProblems(
  routes: readonly RouteEntry[],
  subscribers: readonly FactSubscriber[],
): string[] {
  const heard = new Set(subscribers.flatMap((s) => s.facts));
  const problems: string[] = [];
  for (const { method, url, config } of routes) {
    const route = `${method} ${url}`;
    if (!config.access) problems.push(`${route}: no access declared (config.access)`);
    else if (!ACCESS_LEVELS.includes(config.access))
      problems.push(`${route}: unknown access '${String(config.access)}'`);
    if (STATE_CHANGING.has(method) && !Array.isArray(config.changes))
      problems.push(`${route}: a state-changing route without config.changes ([] if none)`);
    for (const fact of config.changes ?? []) {
      if (!Object.hasOwn(FACTS, fact)) problems.push(`${route}: unknown fact '${fact}'`);
      else if (!heard.has(fact)) problems.push(`${route}: no cache subscribes to '${fact}'`);
    }
  }
  return problems;
}

let t: TestContext;
let dist: string;

beforeAll(async () => {
  // A web build, so that the routes of its files are registered too.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-declarations-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('route declarations', () => {
  it('walks the routes of every kind: API, pages, files, docs, dev and WebSocket', () => {
    const urls = new Set(t.app.routeList.map((r) => r.url));
    for (const url of ['/api/posts', '/', '/assets/app.js', '/api/docs/json', '/dev/mailbox'])
      expect(urls).toContain(url);
    expect(urls).toContain('/api/live');
  });

  it('every route declares its access, and every state-changing route what it changes', () => {
    expect(declarationProblems(t.app.routeList, SUBSCRIBERS)).toEqual([]);
  });

  it('every fact of the vocabulary has a cache that subscribes to it', () => {
    const heard = new Set(SUBSCRIBERS.flatMap((s) => s.facts));
    expect((Object.keys(FACTS) as Fact[]).filter((fact) => !heard.has(fact))).toEqual([]);
  });

  it('names a route without access, a write without changes, and a fact nobody hears', () => {
    const routes: RouteEntry[] = [
      { method: 'GET', url: '/api/open', config: {} },
      { method: 'POST', url: '/api/write', config: { access: 'session' } },
      { method: 'PUT', url: '/api/save', config: { access: 'session', changes: ['saves'] } },
      { method: 'DELETE', url: '/api/none', config: { access: 'session', changes: [] } },
    ];
    expect(declarationProblems(routes, [SESSION_CACHE_FACTS])).toEqual([
      'GET /api/open: no access declared (config.access)',
      'POST /api/write: a state-changing route without config.changes ([] if none)',
      "PUT /api/save: no cache subscribes to 'saves'",
    ]);
  });

  it('drops the caller’s cached session only after a route that changes `viewer`', () => {
    const viewerRoutes = t.app.routeList.filter((r) => r.config.changes?.includes('viewer'));
    const keeping = t.app.routeList
      .filter((r) => STATE_CHANGING.has(r.method) && !r.config.changes?.includes('viewer'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(viewerRoutes.length).toBeGreaterThan(0);
    // The busiest writes, which never change their caller's own row (ADR 032),
    // and the operators' campus changes (ADR 056, 064), which change no student's.
    expect(keeping).toEqual([
      'DELETE /api/admin/campuses/:id/logo',
      'DELETE /api/posts/:id/like',
      'PATCH /api/admin/campuses/:id',
      'POST /api/admin/campuses',
      'POST /api/admin/campuses/:id/retire',
      'POST /api/chats/:id/messages',
      'POST /api/posts',
      'POST /api/uploads',
      'POST /api/uploads/:id/poster',
      'PUT /api/admin/campuses/:id/logo',
      'PUT /api/posts/:id/like',
    ]);
  });
});
