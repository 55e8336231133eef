import type { LiveEvent } from '@common/schemas/live';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { EventBus } from '../../platform/bus';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { createRedisBus } from '../../platform/bus/redis-bus';
import { type App, type QueryCounter, sharedDatabaseServers } from '../../../test/app';
import { api, loginAs } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { testRedisUrl } from '../../../test/redis';

/**
 * Live chats (docs/product/messages-and-meetups.md, Chats): the other
 * participant's open tab hears a message, a read, a heart and a delete, on the
 * same server or, through Redis, on another one.
 */

const redisUrl = testRedisUrl();
const servers = sharedDatabaseServers({ count: 0 } satisfies QueryCounter);

function collect(socket: WebSocket): LiveEvent[] {
  const events: LiveEvent[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
  return events;
}

const waitFor = (events: LiveEvent[], type: LiveEvent['type']) =>
  expect
    .poll(() => events.find((e) => e.type === type), { timeout: 3000, interval: 20 })
    .toBeTruthy();

async function conversation(a: App, b: App) {
  const school = { verified: true, school_verified: true, campus_id: 'ut' };
  const [ana, ben] = [
    await buildUser(servers.db, { ...school, first_name: 'Ana' }),
    await buildUser(servers.db, school),
  ];
  const [anaCookie, benCookie] = [await loginAs(a, ana), await loginAs(b, ben)];
  const benSocket = await b.injectWS('/api/live', {
    headers: { cookie: benCookie, host: 'ut.localhost:3000' },
  });
  const anaSocket = await a.injectWS('/api/live', {
    headers: { cookie: anaCookie, host: 'ut.localhost:3000' },
  });
  // The sockets' bus subscriptions settle just after the upgrade.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const asAna = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    api(a, { method, url, cookie: anaCookie, campus: 'ut', ...(payload ? { payload } : {}) });
  const asBen = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    api(b, { method, url, cookie: benCookie, campus: 'ut', ...(payload ? { payload } : {}) });
  const chat = (await asAna('POST', '/api/chats', { userId: ben.id })).json().chat;
  return {
    chat,
    asAna,
    asBen,
    anaEvents: collect(anaSocket),
    benEvents: collect(benSocket),
    close: () => {
      anaSocket.terminate();
      benSocket.terminate();
    },
  };
}

async function talk(a: App, b: App) {
  const c = await conversation(a, b);
  try {
    const sent = await c.asAna('POST', `/api/chats/${c.chat.id}/messages`, { text: 'Hi Ben' });
    expect(sent.statusCode, sent.body).toBe(201);
    await waitFor(c.benEvents, 'message.created');
    expect(c.benEvents.find((e) => e.type === 'message.created')).toMatchObject({
      chatId: c.chat.id,
      message: { text: 'Hi Ben', id: sent.json().id },
    });
    await waitFor(c.benEvents, 'unread.changed');

    // A scam-like message: the recipient's copy carries the warning, the sender's does not.
    const code = 'send me the 6-digit code Google texted you';
    const scam = await c.asAna('POST', `/api/chats/${c.chat.id}/messages`, { text: code });
    expect(scam.json().warnings).toEqual([]);
    const copyOf = (events: LiveEvent[]) =>
      events.find((e) => e.type === 'message.created' && e.message.text === code);
    await expect.poll(() => copyOf(c.benEvents), { timeout: 3000, interval: 20 }).toBeTruthy();
    await expect.poll(() => copyOf(c.anaEvents), { timeout: 3000, interval: 20 }).toBeTruthy();
    expect(copyOf(c.benEvents)).toMatchObject({
      message: { warnings: [{ code: 'verification_code' }] },
    });
    expect(copyOf(c.anaEvents)).toMatchObject({ message: { warnings: [] } });

    await c.asBen('POST', `/api/chats/${c.chat.id}/read`);
    await waitFor(c.anaEvents, 'chat.read');

    await c.asBen('PUT', `/api/messages/${sent.json().id}/heart`);
    await waitFor(c.anaEvents, 'message.hearted');

    await c.asBen('DELETE', `/api/chats/${c.chat.id}`);
    await waitFor(c.anaEvents, 'chat.deleted');
  } finally {
    c.close();
  }
}

describe('live chats', () => {
  it('reach the other participant on the same server', async () => {
    const app = await servers.server(createMemoryBus(), {});
    await talk(app, app);
  });

  it.runIf(redisUrl)('reach a socket on another server through Redis', async () => {
    const buses: EventBus[] = [createRedisBus(redisUrl), createRedisBus(redisUrl)];
    try {
      const a = await servers.server(buses[0]!, {});
      const b = await servers.server(buses[1]!, {});
      await talk(a, b);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
