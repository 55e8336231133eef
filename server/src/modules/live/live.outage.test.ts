import type { LiveEvent } from '@common/schemas/live';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { App } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { serversBehindRedisProxy } from '../../../test/outage-proxy';
import { testRedisUrl } from '../../../test/redis';
import { RESYNC } from './live.routes';

/**
 * Live sockets through a Redis restart (ADR 021): what was published while
 * the bus was away is lost, so once it is back every socket of a server is
 * closed with 4503 ("try again"); its client reconnects, refetches what it
 * shows (web/src/lib/use-live.ts), and hears new events from other servers.
 */

const redisUrl = testRedisUrl();
// Rate limits are per address and shared through Redis with the other test files.
const nextIp = addressSequence('198.63');
const cluster = serversBehindRedisProxy(redisUrl);

function collect(socket: WebSocket): LiveEvent[] {
  const events: LiveEvent[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
  return events;
}

const closeCode = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

describe.skipIf(!redisUrl)('live sockets through a Redis restart', () => {
  it('are told to resync once it is over, and hear the other server again after reconnecting', async () => {
    const [a, b] = [await cluster.server(), await cluster.server()];
    const school = { verified: true, school_verified: true, campus_id: 'ut' };
    const [reader, writer] = [
      await buildUser(cluster.db, school),
      await buildUser(cluster.db, school),
    ];
    const [readerCookie, writerCookie] = [await loginAs(b, reader), await loginAs(a, writer)];
    const connect = (app: App) =>
      app.injectWS('/api/live', { headers: { cookie: readerCookie, host: 'ut.localhost:3000' } });
    const post = async (text: string) => {
      const res = await api(a, {
        method: 'POST',
        url: '/api/posts',
        cookie: writerCookie,
        campus: 'ut',
        remoteAddress: nextIp(),
        payload: { text },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    /** A post written on server a reaches the socket on server b (its subscription settles just after the upgrade). */
    const reaches = async (events: LiveEvent[], text: string) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const id = await post(text);
      await expect
        .poll(() => events.some((e) => e.type === 'post.created' && e.postId === id), {
          timeout: 3000,
          interval: 20,
        })
        .toBe(true);
    };

    const socket = await connect(b);
    const events = collect(socket);
    // Listened for from the start, so that no close is missed.
    const closed = closeCode(socket);
    try {
      await reaches(events, 'Bike for sale');

      await cluster.proxy.down();
      try {
        // Written on a while Redis is away: its event is lost, or late if a's
        // publisher gets it through before giving up; either way b cannot know.
        await post('Desk lamp');
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(socket.readyState).toBe(socket.OPEN);
      } finally {
        await cluster.proxy.up();
      }
      expect(await closed).toBe(RESYNC);
    } finally {
      socket.terminate();
    }

    // The client reconnects (and refetches, which shows the lamp); new posts reach it again.
    const again = await connect(b);
    try {
      await reaches(collect(again), 'Winter coat');
    } finally {
      again.terminate();
    }
  });
});
