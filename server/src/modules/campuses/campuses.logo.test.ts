import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campusLogoSvg } from '@common/logo';
import {
  type AdminCampus,
  CAMPUS_LOGO_MESSAGES as L,
  MAX_CAMPUS_LOGO_BYTES,
} from '@common/schemas/admin-campuses';
import { type App, buildTestApp, createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, userWithSession } from '../../../test/auth';
import { createTestDb, type TestDb } from '../../../test/db';
import { phoneJpeg, solidImage } from '../../../test/media-fixtures';
import { multipart, MULTIPART_TYPE } from '../../../test/multipart';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { createMediaService, ORPHAN_FILE_GRACE_MS } from '../media/media.service';
import { CAMPUS_LOGO_PREFIX, CAMPUS_LOGO_SIZE, campusLogoKey } from './campuses.logo';

/**
 * The campus logo an operator uploads (ADR 064): admins only, judged by its
 * bytes, re-encoded to a square PNG, served by every site, replaced and
 * removed with its file, and seen by every server.
 */

const ADMIN = 'operator@quad.example';
const MOD_OU = 'mod@ou.edu';

let t: TestContext;
let admin: { cookie: string };
let dist: string;
const nextIp = addressSequence('198.62');
beforeAll(async () => {
  // A miniature build of the web app: its page links the favicon as index.html does.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-web-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({
    env: { ADMIN_EMAILS: ADMIN, MODERATORS: `ou:${MOD_OU}`, WEB_DIST: dist },
  });
  admin = await userWithSession(t.app, { email: ADMIN, verified: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The page of a site as a browser asks for it: its favicon link and the top bar's logo. */
async function pageIcons(host = 'ou') {
  const res = await t.app.inject({
    url: '/home',
    headers: { host: `${host}.localhost:3000`, accept: 'text/html' },
  });
  return {
    icon: /<link rel="icon" type="image\/svg\+xml" (href="[^"]*")/.exec(res.body)?.[1],
    touch: /<link rel="apple-touch-icon" href="([^"]*)">/.exec(res.body)?.[1] ?? null,
    brand: /<img class="campus-logo" src="([^"]*)"/.exec(res.body)?.[1],
  };
}

const put = (
  app: App,
  who: { cookie: string } | null,
  data: Buffer,
  { campus = 'ou', host = 'ou', filename = 'logo.png', type = 'image/png', field = 'file' } = {},
) =>
  api(app, {
    method: 'PUT',
    url: `/api/admin/campuses/${campus}/logo`,
    campus: host,
    remoteAddress: nextIp(),
    headers: { 'content-type': MULTIPART_TYPE },
    payload: multipart([{ field, filename, type, data }]),
    ...(who ? { cookie: who.cookie } : {}),
  });

const remove = (who: { cookie: string } | null, campus = 'ou', host = 'ou') =>
  api(t.app, {
    method: 'DELETE',
    url: `/api/admin/campuses/${campus}/logo`,
    campus: host,
    remoteAddress: nextIp(),
    ...(who ? { cookie: who.cookie } : {}),
  });

const get = (app: App, url: string, host = 'ou') =>
  app.inject({ url, headers: { host: `${host}.localhost:3000` } });

/** Every stored logo file of a campus, by key. */
async function storedLogos(app: App, campus: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of app.deps.storage.list(`${CAMPUS_LOGO_PREFIX}${campus}/`))
    keys.push(...page.map((e) => e.key));
  return keys.sort();
}

const refusal = (res: { statusCode: number; json: () => { error: { message: string } } }) => [
  res.statusCode,
  res.json().error.message,
];

describe('the logo routes refuse everyone but the operators', () => {
  it('answers 404 to a guest, a student, a moderator and another campus’s student, and stores nothing', async () => {
    const png = await solidImage(64, 64, 'png');
    const viewers = [
      null,
      await userWithSession(t.app, { verified: true, school_verified: true }),
      await userWithSession(t.app, { email: MOD_OU, verified: true, school_verified: true }),
      await userWithSession(t.app, { campus_id: 'ut', verified: true, school_verified: true }),
    ];
    for (const viewer of viewers) {
      const host = viewer === viewers[3] ? 'ut' : 'ou';
      const up = await put(t.app, viewer, png, { host });
      expect(up.statusCode).toBe(404);
      expect(up.json().error.code).toBe('not_found');
      const off = await remove(viewer, 'ou', host);
      expect(off.statusCode).toBe(404);
    }
    expect(await storedLogos(t.app, 'ou')).toEqual([]);
    const campus = await get(t.app, '/api/campus');
    expect(campus.json().logoUrl).toBeUndefined();
  });

  it('answers 404 for a campus that does not exist', async () => {
    const res = await put(t.app, admin, await solidImage(8, 8, 'png'), { campus: 'nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('There is no such campus.');
  });
});

describe('a logo file is judged by its bytes and its size', () => {
  it('refuses an SVG, even named .png, in words that say why', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(refusal(await put(t.app, admin, svg, { type: 'image/svg+xml' }))).toEqual([400, L.svg]);
    const bare = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(refusal(await put(t.app, admin, bare, { filename: 'logo.png' }))).toEqual([400, L.svg]);
  });

  it('refuses a GIF, a text file and an image that does not decode', async () => {
    const gif = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#123456' },
    })
      .gif()
      .toBuffer();
    expect(refusal(await put(t.app, admin, gif, { filename: 'logo.gif' }))).toEqual([
      400,
      L.notImage,
    ]);
    expect(refusal(await put(t.app, admin, Buffer.from('just some text, not a picture')))).toEqual([
      400,
      L.notImage,
    ]);
    const cut = (await solidImage(200, 200, 'png')).subarray(0, 60);
    expect(refusal(await put(t.app, admin, cut))).toEqual([400, L.unreadable]);
  });

  it('refuses a body without the file field', async () => {
    const png = await solidImage(8, 8, 'png');
    expect(refusal(await put(t.app, admin, png, { field: 'logo' }))).toEqual([400, L.noFile]);
    const json = await api(t.app, {
      method: 'PUT',
      url: '/api/admin/campuses/ou/logo',
      remoteAddress: nextIp(),
      cookie: admin.cookie,
      payload: { logo: 'x' },
    });
    expect(refusal(json)).toEqual([400, L.noFile]);
  });

  it('refuses a file over 2 MB with 413, and stores nothing', async () => {
    const big = Buffer.concat([
      await solidImage(8, 8, 'png'),
      Buffer.alloc(MAX_CAMPUS_LOGO_BYTES + 1),
    ]);
    expect(refusal(await put(t.app, admin, big))).toEqual([413, L.tooLarge]);
    expect(await storedLogos(t.app, 'ou')).toEqual([]);
  });
});

describe('an uploaded logo', () => {
  let first: AdminCampus;

  it('is stored as a 512 px square PNG without metadata, and every site serves it', async () => {
    const res = await put(t.app, admin, await phoneJpeg(300, 150), {
      filename: 'logo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(200);
    first = res.json<AdminCampus>();
    expect(first.logoMediaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.logoUrl).toBe(`/campus-logos/ou/${first.logoMediaId}.png`);
    expect(await storedLogos(t.app, 'ou')).toEqual([campusLogoKey('ou', first.logoMediaId!)]);

    // Served on its own site and on another (the school finder shows it there).
    for (const host of ['ou', 'ut']) {
      const file = await get(t.app, first.logoUrl!, host);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: CAMPUS_LOGO_SIZE, height: 512 });
      expect(meta.exif).toBeUndefined();
    }
    // The site's campus names it; its favicon is it.
    expect((await get(t.app, '/api/campus')).json().logoUrl).toBe(first.logoUrl);
    expect((await get(t.app, '/api/campus', 'ut')).json().logoUrl).toBeUndefined();
    const favicon = await get(t.app, '/favicon.svg');
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(favicon.body).toContain('<image width="64" height="64" href="data:image/png;base64,');
    expect(favicon.body).not.toContain('<text');
    // The page links the favicon by the logo's version; the top bar drawn before the app shows it.
    expect(await pageIcons()).toEqual({
      icon: `href="/favicon.svg?v=${first.logoMediaId}"`,
      touch: `/icon-192.png?v=${first.logoMediaId}`,
      brand: first.logoUrl,
    });
    // The installed app's icons are drawn from it too (ADR 058), the maskable one on the campus's colour.
    const ou = t.app.services.campuses.get('ou')!;
    const icon = await get(t.app, '/icon-192.png');
    expect(icon.rawPayload.equals(await t.app.services.campusLogos.campusIcon(ou, 192))).toBe(true);
    const maskable = await sharp((await get(t.app, '/icon-maskable-512.png')).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(maskable.info).toMatchObject({ width: 512, height: 512 });
    // A version that is not the current one is not served.
    const wrong = await get(t.app, '/campus-logos/ou/0192a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b.png');
    expect(wrong.statusCode).toBe(404);
  });

  it('draws as an icon of any size (for favicons and the app manifest)', async () => {
    const ou = t.app.services.campuses.get('ou')!;
    const icon = await t.app.services.campusLogos.campusIcon(ou, 192);
    expect(await sharp(icon).metadata()).toMatchObject({ format: 'png', width: 192, height: 192 });
    const monogram = await t.app.services.campusLogos.campusIcon(
      t.app.services.campuses.get('ut')!,
      48,
    );
    expect(await sharp(monogram).metadata()).toMatchObject({ width: 48, height: 48 });
    // The UT monogram's tile is its primary colour, in the middle of the top edge.
    const { data } = await sharp(monogram).raw().toBuffer({ resolveWithObject: true });
    const ut = t.app.services.campuses.get('ut')!.theme.primary;
    const top = [...data.subarray(24 * 4, 24 * 4 + 3)]
      .map((v) => v.toString(16).padStart(2, '0'))
      .join('');
    expect(`#${top}`).toBe(ut.toLowerCase());
  });

  it('is never taken by the media sweeps, however old', async () => {
    const file = path.join(t.dataDir, 'media', campusLogoKey('ou', first.logoMediaId!));
    const old = new Date(Date.now() - 10 * ORPHAN_FILE_GRACE_MS);
    fs.utimesSync(file, old, old);
    const media = createMediaService({ db: t.app.deps.db, storage: t.app.deps.storage });
    await media.sweepOrphanFiles();
    await media.sweepUnattached();
    expect(fs.existsSync(file)).toBe(true);
  });

  it('replaced, its old file goes and its old address answers 404', async () => {
    const res = await put(t.app, admin, await solidImage(40, 80, 'webp', '#ffcc00'), {
      filename: 'logo.webp',
      type: 'image/webp',
    });
    expect(res.statusCode).toBe(200);
    const second = res.json<AdminCampus>();
    expect(second.logoMediaId).not.toBe(first.logoMediaId);
    expect(await storedLogos(t.app, 'ou')).toEqual([campusLogoKey('ou', second.logoMediaId!)]);
    expect((await get(t.app, first.logoUrl!)).statusCode).toBe(404);
    const file = await get(t.app, second.logoUrl!);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
    // Editing other fields keeps it.
    const edited = await api(t.app, {
      method: 'PATCH',
      url: '/api/admin/campuses/ou',
      remoteAddress: nextIp(),
      cookie: admin.cookie,
      payload: { city: 'Norman, Oklahoma' },
    });
    expect(edited.json().logoMediaId).toBe(second.logoMediaId);
  });

  it('removed, the site draws the monogram again and the file goes', async () => {
    const res = await remove(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logoMediaId: null });
    expect(res.json().logoUrl).toBeUndefined();
    expect(await storedLogos(t.app, 'ou')).toEqual([]);
    expect((await get(t.app, '/api/campus')).json().logoUrl).toBeUndefined();
    const favicon = await get(t.app, '/favicon.svg');
    expect(favicon.body).toBe(campusLogoSvg(t.app.services.campuses.get('ou')!));
    const page = await pageIcons();
    expect(page).toMatchObject({ icon: 'href="/favicon.svg"', touch: '/icon-192.png' });
    const ou = t.app.services.campuses.get('ou')!;
    const icon = await get(t.app, '/icon-192.png');
    expect(icon.rawPayload.equals(await t.app.services.campusLogos.campusIcon(ou, 192))).toBe(true);
    expect(page.brand).toMatch(/^data:image\/svg\+xml;utf8,/);
    // Removing again changes nothing.
    expect((await remove(admin)).statusCode).toBe(200);
  });
});

describe('on two servers sharing a bus', () => {
  let db: TestDb;
  let dataDir: string;
  const apps: App[] = [];
  beforeAll(async () => {
    db = await createTestDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-logo-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a logo uploaded on one is served by the other without a restart', async () => {
    const bus = createMemoryBus();
    const env = { ADMIN_EMAILS: ADMIN };
    const [a, b] = [
      await buildTestApp(db, dataDir, { bus, env }),
      await buildTestApp(db, dataDir, { bus, env }),
    ];
    apps.push(a!, b!);
    const operator = await userWithSession(a!, { email: ADMIN, verified: true });
    const res = await put(a!, operator, await solidImage(64, 64, 'png'));
    expect(res.statusCode).toBe(200);
    const { logoUrl } = res.json<AdminCampus>();
    let seen: string | undefined;
    for (let i = 0; i < 100 && seen !== logoUrl; i++) {
      seen = (await get(b!, '/api/campus')).json().logoUrl;
      if (seen !== logoUrl) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(logoUrl);
    expect((await get(b!, logoUrl!)).statusCode).toBe(200);
  });
});
