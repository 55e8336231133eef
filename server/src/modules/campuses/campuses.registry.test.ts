import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAMPUS_IDS, CAMPUSES } from '@common/campuses';
import { MEETUP_SPOTS } from '@common/meetup-spots';
import { CAMPUS_MESSAGES } from '@common/schemas/campus';
import { spotRef } from '@common/schemas/meetups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, createTestApp, type TestContext } from '../../../test/app';
import { createTestDb, type TestDb } from '../../../test/db';
import { testRedisUrl } from '../../../test/redis';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { createRedisBus } from '../../platform/bus/redis-bus';
import type { EventBus } from '../../platform/bus';
import { CampusAdminError, createCampusAdmin } from './campuses.admin';
import { createCampusRegistry } from './campuses.registry';
import { runCampusCommand } from './campuses.cli';
import { contrastRatio, validateCampus } from './campuses.validation';

/** Campuses as data (ADR 054): the registry, `npm run campus`, its rules and retiring. */

const redisUrl = testRedisUrl();

/** A campus as an operator's JSON file describes it. */
const mit = (changes: Record<string, unknown> = {}) => ({
  id: 'mit',
  name: 'MIT',
  schoolName: 'Massachusetts Institute of Technology',
  city: 'Cambridge, Massachusetts',
  state: 'MA',
  emailDomains: ['mit.edu', 'alum.mit.edu'],
  theme: { primary: '#a31f34', accent: '#8a8b8c' },
  instagram: 'mitbuysell',
  supportEmail: 'mit@quadcampus.app',
  spots: [
    { id: 'police-lobby', name: 'MIT Police lobby', description: 'Staffed and on camera.' },
    {
      id: 'stratton-center',
      name: 'Stratton Student Center, main entrance',
      description: 'Inside the main doors, by the information desk.',
      hours: 'While the Student Center is open',
    },
  ],
  ...changes,
});

const campusOf = async (app: App, host: string) =>
  (await app.inject({ url: '/api/campus', headers: { host } })).json<{ id: string }>().id;

/** Waits until `app` serves `host` as campus `id` (a registry reloads on the bus's event). */
async function served(app: App, host: string, id: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await campusOf(app, host)) === id) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${host} never served ${id}`);
}

describe('the campus registry', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('resolves each seeded campus host, in any case and with a port, else the default (OU)', async () => {
    for (const id of CAMPUS_IDS) expect(await campusOf(t.app, `${id}.localhost:3000`)).toBe(id);
    expect(await campusOf(t.app, 'UT.LOCALHOST')).toBe('ut');
    for (const host of ['localhost', 'mit.localhost', 'ut.example.com'])
      expect(await campusOf(t.app, host)).toBe('ou');
    expect(t.app.services.campuses.getOrDefault(undefined)).toMatchObject({
      id: 'ou',
      isDefault: true,
    });
  });

  it('holds the eight campuses as the compiled list defined them, spots and feed order too', () => {
    const registry = t.app.services.campuses;
    expect(registry.all().map((c) => c.id)).toEqual([...CAMPUS_IDS]);
    for (const id of CAMPUS_IDS) {
      const { status, isDefault, rankedFeed, logoMediaId, spots, ...campus } = registry.get(id)!;
      expect(campus).toEqual(CAMPUSES[id]);
      expect(spots).toEqual(MEETUP_SPOTS[id]);
      expect({ status, isDefault, rankedFeed, logoMediaId }).toEqual({
        status: 'active',
        isDefault: id === 'ou',
        rankedFeed: id === 'ou',
        logoMediaId: null,
      });
    }
  });
});

describe('campus rules', () => {
  const seeded = CAMPUS_IDS.map((id) => ({
    ...CAMPUSES[id],
    status: 'active' as const,
    isDefault: false,
    rankedFeed: false,
    logoMediaId: null,
    spots: MEETUP_SPOTS[id],
  }));
  const problems = (input: unknown) => {
    try {
      validateCampus(input, seeded);
      return [];
    } catch (error) {
      return (error as Error).message.split('\n').slice(1);
    }
  };

  it('takes a valid campus, white text on its primary colour by default', () => {
    const campus = validateCampus(mit(), seeded);
    expect(campus).toMatchObject({
      id: 'mit',
      productName: 'MIT Buy / Sell',
      theme: { primary: '#a31f34', onPrimary: '#ffffff' },
      status: 'active',
      privacy: 'private',
    });
    expect(contrastRatio('#ffffff', '#bf5700')).toBeGreaterThanOrEqual(4.5);
  });

  it('refuses a bad id, a taken id and an unknown field, each in words', () => {
    expect(problems(mit({ id: 'MIT!' }))).toEqual([
      '  - id must be 2 to 20 lowercase letters or digits, like "mit".',
    ]);
    expect(problems(mit({ id: 'm' }))).toHaveLength(1);
    expect(problems(mit({ id: 'a'.repeat(21) }))).toHaveLength(1);
    expect(problems(mit({ id: 'ut', emailDomains: ['mit.edu'] }))).toEqual([
      '  - Campus id "ut" is taken: ut.{domain} already serves UT.',
    ]);
    expect(problems(mit({ colour: 'red' }))).toEqual(['  - Unknown field: colour.']);
  });

  it('refuses a school e-mail domain another campus has', () => {
    expect(problems(mit({ emailDomains: ['mit.edu', 'ou.edu'] }))).toEqual([
      '  - E-mail domain ou.edu already belongs to campus ou (OU).',
    ]);
  });

  it('refuses a primary colour white text cannot be read on (WCAG AA, 4.5:1)', () => {
    expect(problems(mit({ theme: { primary: '#ffcc00', accent: '#000000' } }))).toEqual([
      '  - theme.primary #ffcc00 gives white text a contrast of 1.51:1; WCAG AA needs at least 4.5:1. Choose a darker primary colour.',
    ]);
    expect(problems(mit({ theme: { primary: 'red', accent: '#000000' } }))).toEqual([
      '  - theme.primary must be a colour like #841617.',
    ]);
  });

  it('refuses fewer than two meetup spots', () => {
    expect(problems(mit({ spots: [mit().spots[0]] }))).toEqual([
      '  - A campus needs at least 2 meetup spots; this one has 1.',
    ]);
  });
});

describe('npm run campus', () => {
  let db: TestDb;
  let dataDir: string;
  const buses: EventBus[] = [];
  const apps: App[] = [];
  beforeAll(async () => {
    db = await createTestDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-campus-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await Promise.all(buses.map((b) => b.close()));
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const file = (name: string, value: unknown) => {
    const at = path.join(dataDir, name);
    fs.writeFileSync(at, JSON.stringify(value));
    return at;
  };

  it('adds a campus from a JSON file that a running server serves at once, and lists it', async () => {
    const bus = createMemoryBus();
    buses.push(bus);
    const app = await buildTestApp(db, dataDir, { bus });
    apps.push(app);
    expect(await campusOf(app, 'mit.localhost')).toBe('ou');
    const admin = createCampusAdmin({ db, bus });
    expect(await runCampusCommand(admin, ['add', '--file', file('mit.json', mit())])).toEqual([
      'Added mit: MIT Buy / Sell.',
    ]);
    await served(app, 'mit.localhost:3000', 'mit');
    // Its meetup spots are the ones listings and meetups name.
    const campus = await app.inject({ url: '/api/campus', headers: { host: 'mit.localhost' } });
    expect(campus.json()).toMatchObject({ spots: mit().spots });
    expect(spotRef('mit', 'stratton-center')).toEqual({
      id: 'stratton-center',
      name: 'Stratton Student Center, main entrance',
    });
    const listed = await runCampusCommand(admin, ['list']);
    expect(listed.at(-1)).toMatch(/^mit +active +MIT Buy \/ Sell \(mit\.edu, alum\.mit\.edu\)$/);
  });

  it('adds an array of campuses all or none, and says why not', async () => {
    const admin = createCampusAdmin({ db, bus: createMemoryBus() });
    const both = [mit({ id: 'bu', name: 'BU', emailDomains: ['bu.edu'] }), mit({ id: 'x' })];
    await expect(admin.add(both)).rejects.toThrow(
      'Campus x is not valid:\n  - id must be 2 to 20 lowercase letters or digits, like "mit".',
    );
    expect((await admin.list()).some((c) => c.id === 'bu')).toBe(false);
    await expect(runCampusCommand(admin, ['add'])).rejects.toThrow('--file is required.');
    await expect(
      runCampusCommand(admin, ['edit', 'ou', '--file', file('id.json', { id: 'oo' })]),
    ).rejects.toThrow('A campus id never changes: ou stays ou.');
  });

  it('without an event (no Redis), a server sees a change at its next check of the table', async () => {
    const registry = await createCampusRegistry({
      db,
      bus: createMemoryBus(),
      baseDomain: 'localhost',
      log: () => undefined,
      checkEveryMs: 20,
    });
    try {
      // The CLI's bus is its own: its event reaches no server.
      await createCampusAdmin({ db, bus: createMemoryBus() }).add(
        mit({ id: 'yale', name: 'Yale', emailDomains: ['yale.edu'] }),
      );
      for (let i = 0; i < 100 && registry.forHost('yale.localhost').id !== 'yale'; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(registry.forHost('yale.localhost').id).toBe('yale');
    } finally {
      await registry.close();
    }
  });

  it.skipIf(!redisUrl)(
    'on two servers sharing a Redis bus, a campus added on neither serves on both without a restart',
    async () => {
      const [busA, busB, cliBus] = [0, 1, 2].map(() => createRedisBus(redisUrl));
      buses.push(busA!, busB!, cliBus!);
      const a = await buildTestApp(db, dataDir, { bus: busA });
      const b = await buildTestApp(db, dataDir, { bus: busB });
      apps.push(a, b);
      const ids = (await createCampusAdmin({ db, bus: cliBus! }).list()).map((c) => c.id);
      const id = ids.includes('bc') ? 'bc2' : 'bc';
      expect(await campusOf(b, `${id}.localhost`)).toBe('ou');
      await createCampusAdmin({ db, bus: cliBus! }).add(
        mit({ id, name: 'BC', emailDomains: [`${id}.edu`] }),
      );
      await served(a, `${id}.localhost`, id);
      await served(b, `${id}.localhost`, id);
    },
  );

  it('retires a campus: read-only refuses writes in words, then closed answers nothing', async () => {
    const bus = createMemoryBus();
    buses.push(bus);
    const app = await buildTestApp(db, dataDir, { bus });
    apps.push(app);
    const admin = createCampusAdmin({ db, bus });
    await admin.add(mit({ id: 'tufts', name: 'Tufts', emailDomains: ['tufts.edu'] }));
    expect(await runCampusCommand(admin, ['retire', 'tufts'])).toEqual([
      'Campus tufts is read-only: students read, nothing new is written. Retire it again to close it.',
    ]);
    const host = 'tufts.localhost';
    for (let i = 0; i < 100 && app.services.campuses.get('tufts')?.status !== 'read_only'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await app.inject({ url: '/api/campus', headers: { host } })).statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { host, origin: `http://${host}` },
      payload: { text: 'Desk for sale' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      error: { code: 'campus_read_only', message: CAMPUS_MESSAGES.readOnly },
    });
    expect(await runCampusCommand(admin, ['retire', 'tufts'])).toEqual(['Campus tufts is closed.']);
    for (let i = 0; i < 100 && app.services.campuses.get('tufts')?.status !== 'closed'; i++)
      await new Promise((r) => setTimeout(r, 20));
    const closed = await app.inject({ url: '/api/campus', headers: { host } });
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toMatchObject({ error: { message: CAMPUS_MESSAGES.closed } });
    await expect(admin.retire('tufts')).rejects.toThrow('Campus tufts is already closed.');
    await expect(admin.retire('ou')).rejects.toBeInstanceOf(CampusAdminError);
    expect((await admin.list()).find((c) => c.id === 'tufts')?.status).toBe('closed');
  });
});
