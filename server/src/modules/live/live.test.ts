import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, userWithSession } from '../../../test/auth';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function nextMessage(socket: WebSocket, timeout = 3000): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no live message')), timeout);
    socket.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)) as Record<string, unknown>);
    });
  });
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

describe('GET /api/live', () => {
  it("delivers a new post of the campus to another member's socket", async () => {
    const reader = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'ut',
    });
    const writer = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'ut',
    });
    const socket = await t.app.injectWS('/api/live', {
      headers: { cookie: reader.cookie, host: 'ut.localhost:3000' },
    });
    try {
      const message = nextMessage(socket);
      const res = await api(t.app, {
        method: 'POST',
        url: '/api/posts',
        cookie: writer.cookie,
        campus: 'ut',
        payload: { text: 'Bike for sale' },
      });
      expect(res.statusCode).toBe(201);
      expect(await message).toEqual({
        type: 'post.created',
        postId: res.json().id,
        authorId: writer.user.id,
      });
    } finally {
      socket.terminate();
    }
  });

  it("does not deliver another campus's posts", async () => {
    const reader = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'ou',
    });
    const writer = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'smu',
    });
    const socket = await t.app.injectWS('/api/live', {
      headers: { cookie: reader.cookie, host: 'ou.localhost:3000' },
    });
    try {
      const message = nextMessage(socket, 500);
      await api(t.app, {
        method: 'POST',
        url: '/api/posts',
        cookie: writer.cookie,
        campus: 'smu',
        payload: { text: 'Lamp' },
      });
      await expect(message).rejects.toThrow('no live message');
    } finally {
      socket.terminate();
    }
  });

  it('closes the socket of a guest or of another site', async () => {
    const guest = await t.app.injectWS('/api/live', { headers: { host: 'ut.localhost:3000' } });
    expect(await closed(guest)).toBe(4401);
    const member = await userWithSession(t.app, { verified: true });
    const foreign = await t.app.injectWS('/api/live', {
      headers: { cookie: member.cookie, host: 'ou.localhost:3000', origin: 'https://evil.example' },
    });
    expect(await closed(foreign)).toBe(4403);
  });

  it('closes the socket of an unverified account and of a student of another campus', async () => {
    const unverified = await userWithSession(t.app, { verified: false, campus_id: 'ut' });
    const fresh = await t.app.injectWS('/api/live', {
      headers: { cookie: unverified.cookie, host: 'ut.localhost:3000' },
    });
    expect(await closed(fresh)).toBe(4403);
    const outsider = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'smu',
    });
    const other = await t.app.injectWS('/api/live', {
      headers: { cookie: outsider.cookie, host: 'ut.localhost:3000' },
    });
    expect(await closed(other)).toBe(4403);
  });
});
