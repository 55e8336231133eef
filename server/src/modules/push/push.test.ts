import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { NotificationSettingsDto } from '@common/schemas/notification-settings';
import { PUSH_MESSAGES, type PushPayload } from '@common/schemas/push';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, callerOn, loginAs, userWithSession } from '../../../test/auth';
import { deviceLabel, isAllowedPushService, vapidKeysFrom } from './push.keys';

/**
 * Web push (ADR 058, docs/product/installable-app.md): a real push service
 * stands in for the browsers' — a local HTTP server that receives each push
 * as a browser's push service would, checks its VAPID signature and decrypts
 * it (aes128gcm, RFC 8291) with the device's private key.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** How the stand-in answers a path: 201 unless told. */
const answers = new Map<string, number>();
const received: Received[] = [];
let pushService: http.Server;
let origin = '';
let t: TestContext;

beforeAll(async () => {
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { PUSH_SERVICES: origin } });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  answers.clear();
});

const call = callerOn(t0(), 'ou', '198.51');
/** `callerOn` wants the app at once; the app is built in beforeAll. */
function t0() {
  return new Proxy({} as TestContext['app'], {
    get: (_, key) => Reflect.get(t.app, key) as unknown,
  });
}

const school = { verified: true, school_verified: true, campus_id: 'ou' };
const student = (overrides: object = {}) => userWithSession(t.app, { ...school, ...overrides });
type Student = Awaited<ReturnType<typeof student>>;

/** A browser's push subscription: a P-256 key pair and an auth secret of its own. */
function device(path = `/push/${randomBytes(8).toString('hex')}`) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  return {
    keys,
    auth,
    path,
    body: {
      endpoint: `${origin}${path}`,
      keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}
type Device = ReturnType<typeof device>;

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function subscribe(who: Student, d: Device, userAgent = ANDROID) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/me/push-devices',
    headers: {
      host: 'ou.localhost:3000',
      'x-quad-csrf': '1',
      cookie: who.cookie,
      'user-agent': userAgent,
    },
    payload: d.body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; device: string };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The push's plaintext, as the device decrypts it (RFC 8291 over RFC 8188's aes128gcm). */
function decrypt(body: Buffer, keys: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = keys.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.getPublicKey(),
    serverPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(auth, shared), keyInfo).subarray(0, 32);
  const prk = hmac(salt, ikm);
  const info = (label: string) =>
    Buffer.concat([Buffer.from(`Content-Encoding: ${label}\0`), Buffer.from([1])]);
  const cek = hmac(prk, info('aes128gcm')).subarray(0, 16);
  const nonce = hmac(prk, info('nonce')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end], 'the last record ends with the 0x02 delimiter').toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): a JWT for this push service, signed by the server's key. */
async function expectVapid(push: Received) {
  const { publicKey } = (await call(null, 'GET', '/api/push/key')).json() as { publicKey: string };
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization));
  expect(match, String(push.headers.authorization)).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const ok = verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
  expect(JSON.parse(Buffer.from(claims!, 'base64url').toString()).aud).toBe(origin);
}

async function startChat(buyer: Student, seller: Student): Promise<string> {
  const res = await call(buyer, 'POST', '/api/chats', { userId: seller.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().chat.id;
}

async function send(from: Student, chatId: string, text: string) {
  const res = await call(from, 'POST', `/api/chats/${chatId}/messages`, { text });
  expect(res.statusCode, res.body).toBe(201);
}

const pushesTo = (d: Device) => received.filter((r) => r.path === d.path);

describe('a message pushes to the other student’s devices', () => {
  it('reaches the seller as a push the device decrypts, with the campus title and the chat to open', async () => {
    const seller = await student({ first_name: 'Sam' });
    const buyer = await student({ first_name: 'Bea' });
    const phone = device();
    const buyersPhone = device();
    await subscribe(seller, phone);
    await subscribe(buyer, buyersPhone);
    const chatId = await startChat(buyer, seller);
    await t.app.services.push.deliverDue();
    received.length = 0;

    await send(buyer, chatId, 'Is the desk still available?');
    expect(await t.app.services.push.deliverDue()).toBe(1);

    expect(pushesTo(buyersPhone), 'never a push of the student’s own act').toHaveLength(0);
    const [push] = pushesTo(phone);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    await expectVapid(push!);
    const payload = JSON.parse(decrypt(push!.body, phone.keys, phone.auth)) as PushPayload;
    expect(payload).toEqual({
      title: 'OU Buy / Sell',
      body: NOTIFICATION_TEXT.message('Bea', 'Is the desk still available?'),
      icon: 'http://ou.localhost:3000/icon-192.png',
      tag: `chat:${chatId}`,
      url: `http://ou.localhost:3000/messages/${chatId}`,
      chatId,
    });
    // Sent pushes leave nothing behind: their words were the student's.
    expect(await t.db.kysely.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
  });

  it('reaches every device of the student, and none of a student without devices', async () => {
    const seller = await student({ first_name: 'Sol' });
    const buyer = await student({ first_name: 'Bo' });
    const [phone, laptop] = [device(), device()];
    await subscribe(seller, phone);
    await subscribe(
      seller,
      laptop,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Gecko/20100101 Firefox/133.0',
    );
    const chatId = await startChat(buyer, seller);
    await send(buyer, chatId, 'Hi');
    await send(seller, chatId, 'Hello!');
    await t.app.services.push.deliverDue();
    // The new chat and the message, on both devices; Bo's reply-to pushes nothing (no device).
    expect(pushesTo(phone)).toHaveLength(2);
    expect(pushesTo(laptop)).toHaveLength(2);
    expect(received).toHaveLength(4);
  });
});

describe('the student’s notification settings (ADR 059)', () => {
  async function choose(who: Student, change: (s: NotificationSettingsDto) => void) {
    const read = await call(who, 'GET', '/api/me/notification-settings');
    const settings = read.json() as NotificationSettingsDto;
    change(settings);
    const saved = await call(who, 'PUT', '/api/me/notification-settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('pushes no message to a student who turned messages off for push, and still offers', async () => {
    const seller = await student({ first_name: 'Sid' });
    const buyer = await student({ first_name: 'Ben' });
    const phone = device();
    await subscribe(seller, phone);
    const chatId = await startChat(buyer, seller);
    await t.app.services.push.deliverDue();
    received.length = 0;
    await choose(seller, (s) => (s.kinds.messages.push = false));

    await send(buyer, chatId, 'Still there?');
    expect(await t.app.services.push.deliverDue()).toBe(0);
    expect(pushesTo(phone)).toHaveLength(0);

    await choose(seller, (s) => (s.kinds.messages.push = true));
    await send(buyer, chatId, 'Hello?');
    expect(await t.app.services.push.deliverDue()).toBe(1);
  });

  it('holds a push through quiet hours and sends it when they end', async () => {
    const seller = await student({ first_name: 'Sue' });
    const buyer = await student({ first_name: 'Bob' });
    const phone = device();
    await subscribe(seller, phone);
    const chatId = await startChat(buyer, seller);
    await t.app.services.push.deliverDue();
    received.length = 0;
    // Quiet from an hour ago to an hour from now, in UTC.
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const now = Date.now();
    await choose(seller, (s) => {
      s.quietHours = { start: hhmm(now - 3_600_000), end: hhmm(now + 3_600_000), timeZone: 'UTC' };
    });

    await send(buyer, chatId, 'Late question');
    expect(await t.app.services.push.deliverDue()).toBe(0);
    expect(await t.app.services.push.deliverDue(now + 2 * 3_600_000)).toBe(1);
    expect(pushesTo(phone)).toHaveLength(1);
  });
});

describe('what the push service answers', () => {
  it('removes a device its push service says is gone (404 or 410), with its pushes', async () => {
    for (const status of [404, 410]) {
      const seller = await student();
      const buyer = await student();
      const gone = device();
      const kept = device();
      answers.set(gone.path, status);
      await subscribe(seller, gone);
      await subscribe(
        seller,
        kept,
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
      );
      await startChat(buyer, seller);
      await t.app.services.push.deliverDue();
      const devices = (await call(seller, 'GET', '/api/me/push-devices')).json().items as {
        device: string;
      }[];
      expect(devices.map((d) => d.device)).toEqual(['Safari on iOS']);
    }
  });

  it('retries a push its service refused for a while, then keeps the device', async () => {
    const seller = await student();
    const buyer = await student();
    const flaky = device();
    answers.set(flaky.path, 503);
    await subscribe(seller, flaky);
    await startChat(buyer, seller);
    await t.app.services.push.deliverDue();
    expect(pushesTo(flaky)).toHaveLength(1);
    const waiting = await t.db.kysely.selectFrom('push_outbox').selectAll().execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ attempts: 1, last_error: 'HTTP 503' });

    answers.delete(flaky.path);
    await t.app.services.push.deliverDue(Date.now() + 60_000);
    expect(pushesTo(flaky)).toHaveLength(2);
    expect(await t.db.kysely.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
    expect((await call(seller, 'GET', '/api/me/push-devices')).json().items).toHaveLength(1);
  });
});

describe('who may see and change devices', () => {
  it('lists only the student’s own devices, named from the browser', async () => {
    const ana = await student();
    const ben = await student();
    const anas = await subscribe(ana, device());
    await subscribe(ben, device());
    expect(anas.device).toBe('Chrome on Android');
    const list = (await call(ana, 'GET', '/api/me/push-devices')).json().items as { id: string }[];
    expect(list.map((d) => d.id)).toEqual([anas.id]);
  });

  it('answers 404 for another student’s device, by id or endpoint, and keeps it', async () => {
    const ana = await student();
    const ben = await student();
    const bens = device();
    const { id } = await subscribe(ben, bens);
    const byId = await call(ana, 'DELETE', `/api/me/push-devices/${id}`);
    expect(byId.statusCode).toBe(404);
    expect(byId.json().error.message).toBe(PUSH_MESSAGES.notFound);
    const byEndpoint = await call(
      ana,
      'DELETE',
      `/api/me/push-devices?endpoint=${encodeURIComponent(bens.body.endpoint)}`,
    );
    expect(byEndpoint.statusCode).toBe(404);
    expect((await call(ben, 'GET', '/api/me/push-devices')).json().items).toHaveLength(1);

    expect((await call(ben, 'DELETE', `/api/me/push-devices/${id}`)).statusCode).toBe(204);
    expect((await call(ben, 'GET', '/api/me/push-devices')).json().items).toEqual([]);
  });

  it('turns this device off by its endpoint', async () => {
    const ana = await student();
    const mine = device();
    await subscribe(ana, mine);
    const off = await call(
      ana,
      'DELETE',
      `/api/me/push-devices?endpoint=${encodeURIComponent(mine.body.endpoint)}`,
    );
    expect(off.statusCode).toBe(204);
    expect((await call(ana, 'GET', '/api/me/push-devices')).json().items).toEqual([]);
  });

  it('gives a device to the student signed in on it now', async () => {
    const ana = await student();
    const ben = await student();
    const shared = device();
    await subscribe(ana, shared);
    await subscribe(ben, shared);
    expect((await call(ana, 'GET', '/api/me/push-devices')).json().items).toEqual([]);
    expect((await call(ben, 'GET', '/api/me/push-devices')).json().items).toHaveLength(1);
  });

  it('saves one device when the same endpoint is saved by several at once', async () => {
    const students = await Promise.all([student(), student(), student()]);
    const shared = device();
    const saved = await Promise.all(students.map((s) => subscribe(s, shared)));
    expect(new Set(saved.map((d) => d.id)).size).toBe(1);
    const rows = await t.db.kysely
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', shared.body.endpoint)
      .execute();
    expect(rows).toHaveLength(1);
    expect(students.map((s) => s.user.id)).toContain(rows[0]!.user_id);
  });

  it('ends a device’s pushes with the session that turned them on, however it ends (ADR 068)', async () => {
    const ana = await student();
    const laptopCookie = await loginAs(t.app, ana.user);
    const laptop = { user: ana.user, cookie: laptopCookie };
    const [phone, own] = [device(), device()];
    await subscribe(ana, phone);
    await subscribe(laptop, own);
    const endpoints = async () =>
      (
        await t.db.kysely
          .selectFrom('push_subscriptions')
          .select('endpoint')
          .where('user_id', '=', ana.user.id)
          .execute()
      ).map((row) => row.endpoint);
    expect((await endpoints()).sort()).toEqual([phone.body.endpoint, own.body.endpoint].sort());

    // A password change, a reset, an e-mail change or a ban ends the other sessions.
    const laptopToken = laptopCookie.replace('quad_session=', '');
    await t.app.services.sessions.endAllFor(ana.user.id, { except: laptopToken });
    expect(await endpoints()).toEqual([own.body.endpoint]);
    expect((await call(laptop, 'GET', '/api/me/push-devices')).json().items).toHaveLength(1);

    // Signing out ends this device's pushes on the server, whatever the page did first.
    const out = await api(t.app, { method: 'POST', url: '/api/auth/logout', cookie: laptopCookie });
    expect(out.statusCode).toBe(200);
    expect(await endpoints()).toEqual([]);
  });

  it('refuses a guest, an unverified account and a student of another campus', async () => {
    const d = device();
    expect((await call(null, 'PUT', '/api/me/push-devices', d.body)).statusCode).toBe(401);
    const unverified = await userWithSession(t.app, { campus_id: 'ou' });
    expect((await call(unverified, 'PUT', '/api/me/push-devices', d.body)).statusCode).toBe(403);
    const texan = await student({ campus_id: 'ut' });
    expect((await call(texan, 'PUT', '/api/me/push-devices', d.body)).statusCode).toBe(403);
    expect((await call(texan, 'GET', '/api/me/push-devices')).statusCode).toBe(403);
  });

  it('refuses an endpoint that is not a push service the server sends to', async () => {
    const ana = await student();
    for (const endpoint of [
      'https://169.254.169.254/latest',
      'http://127.0.0.1:6379/x',
      `${origin}@evil.example/x`,
    ]) {
      const res = await call(ana, 'PUT', '/api/me/push-devices', { ...device().body, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      if (res.json().error.code === 'bad_endpoint')
        expect(res.json().error.message).toBe(PUSH_MESSAGES.badEndpoint);
    }
    const bad = await call(ana, 'PUT', '/api/me/push-devices', {
      ...device().body,
      endpoint: 'https://attacker.example/push',
    });
    expect(bad.json().error).toEqual({ code: 'bad_endpoint', message: PUSH_MESSAGES.badEndpoint });
  });
});

describe('the keys and names', () => {
  it('derives one VAPID key pair from the secret key, another from another', () => {
    const a = vapidKeysFrom('a'.repeat(64));
    expect(vapidKeysFrom('a'.repeat(64))).toEqual(a);
    expect(vapidKeysFrom('b'.repeat(64)).publicKey).not.toBe(a.publicKey);
    expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(a.privateKey, 'base64url')).toHaveLength(32);
  });

  it('believes only the listed push services', () => {
    const services = ['https://fcm.googleapis.com', 'https://*.push.apple.com'];
    expect(isAllowedPushService('https://fcm.googleapis.com/fcm/send/x', services)).toBe(true);
    expect(isAllowedPushService('https://web.push.apple.com/x', services)).toBe(true);
    expect(isAllowedPushService('https://push.apple.com.evil.example/x', services)).toBe(false);
    expect(isAllowedPushService('http://fcm.googleapis.com/x', services)).toBe(false);
    expect(isAllowedPushService('https://fcm.googleapis.com:8443/x', services)).toBe(false);
  });

  it('names devices from their user agent', () => {
    expect(deviceLabel(ANDROID)).toBe('Chrome on Android');
    expect(deviceLabel(undefined)).toBe('A browser');
  });
});

describe('the installable app', () => {
  it('serves each campus its manifest, with icons rendered as PNG', async () => {
    const res = await call(null, 'GET', '/manifest.webmanifest');
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'OU Buy / Sell',
      short_name: 'OU',
      start_url: '/home',
      display: 'standalone',
      theme_color: '#841617',
      shortcuts: [
        { name: 'Create Post', url: '/create/post' },
        { name: 'Messages', url: '/messages' },
      ],
    });
    const ut = callerOn(t.app, 'ut', '198.52');
    expect((await ut(null, 'GET', '/manifest.webmanifest')).json().name).toBe('UT Buy / Sell');
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const png = await call(null, 'GET', icon.src);
      expect(png.statusCode, png.body).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const meta = await sharp(png.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
    expect((await call(null, 'GET', '/icon-64.png')).statusCode).toBe(404);
  });

  it('serves the service worker uncached, and an offline page', async () => {
    const sw = await call(null, 'GET', '/sw.js');
    expect(sw.headers['cache-control']).toContain('no-cache');
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.body).toContain("addEventListener('push'");
    const offline = await call(null, 'GET', '/offline.html');
    expect(offline.body).toContain('<h1>You&#39;re offline</h1>');
    expect(offline.body).toContain(PUSH_MESSAGES.tryAgain);
  });
});
