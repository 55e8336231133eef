import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CAMPUSES, type SeededCampusId } from '@common/campuses';
import type { meSchema, Viewer } from '@common/schemas/auth';
import type { PostDto } from '@common/schemas/posts';
import type { z } from 'zod';
import { DESKTOP, openPage, type RunningServer } from './harness';

export const tag = () => randomUUID().slice(0, 8);

type Me = z.infer<typeof meSchema>;

/** The password every student made here signs up with. */
export const PASSWORD = 'maroon-bicycle-42';

/** A JSON POST from inside the page (its cookies, the CSRF header); the status and the JSON answer. */
export async function sendJson<T>(
  page: Page,
  url: string,
  body: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as T };
    },
    { url, body },
  );
}

/** A JSON POST from inside the page (its cookies, the CSRF header); the status. */
export async function postJson(page: Page, url: string, body: unknown): Promise<number> {
  return (await sendJson(page, url, body)).status;
}

/** The newest verification code e-mailed to `to` (the dev mailbox). */
export async function codeFor(server: RunningServer, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${server.port}/dev/mailbox.json?to=${encodeURIComponent(to)}`,
        );
        const { items } = (await res.json()) as {
          items: { subject: string; sentAt: number | null }[];
        };
        const newest = items[0];
        code = newest?.sentAt ? (newest.subject.match(/^(\d{4}) /)?.[1] ?? '') : '';
        return code;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toMatch(/^\d{4}$/);
  return code;
}

/** A delivered or queued message of the dev mailbox. */
export interface MailItem {
  to: string;
  subject: string;
  text: string;
}

/** Polls the dev mailbox until a message to `to` matching `match` is there. */
export async function waitForMail(
  server: RunningServer,
  to: string,
  match: (mail: MailItem) => boolean,
): Promise<MailItem> {
  let found: MailItem | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${server.port}/dev/mailbox.json?to=${encodeURIComponent(to)}`,
        );
        found = ((await res.json()) as { items: MailItem[] }).items.find(match);
        return found !== undefined;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
  return found!;
}

/**
 * A student whose account e-mail is verified but whose school e-mail is not,
 * signed in inside a fresh browser context on `campus`.
 */
export async function verifiedStudent(
  server: RunningServer,
  browser: Browser,
  name: string,
  viewport = DESKTOP,
  campus: SeededCampusId = 'ut',
): Promise<{ context: BrowserContext; page: Page; errors: string[]; email: string; id: string }> {
  return madeStudent(server, browser, name, viewport, campus, false);
}

/**
 * A school-verified student of `campus` (UT unless named), signed in inside a
 * fresh browser context.
 */
export async function schoolVerifiedStudent(
  server: RunningServer,
  browser: Browser,
  name: string,
  viewport = DESKTOP,
  campus: SeededCampusId = 'ut',
): Promise<{ context: BrowserContext; page: Page; errors: string[]; email: string }> {
  const { id: _id, ...student } = await madeStudent(server, browser, name, viewport, campus, true);
  return student;
}

/**
 * A student made in one step by the server's dev route (ADR 035): registered
 * as the front door registers them and verified as the e-mailed codes would,
 * without the codes. The tests of that making (auth, school e-mail, gates)
 * go through the real pages and codes.
 */
async function madeStudent(
  server: RunningServer,
  browser: Browser,
  name: string,
  viewport: { width: number; height: number },
  campus: SeededCampusId,
  school: boolean,
) {
  const opened = await openPage(browser, viewport);
  const { page } = opened;
  const id = tag();
  const first = name.split(' ')[0]!.toLowerCase();
  const email = `${first}-${id}@example.com`;
  const schoolEmail = school ? `${first}-${id}@${CAMPUSES[campus].emailDomains[0]}` : undefined;
  await landOn(page, server, campus);
  const made = await sendJson(page, '/dev/students', {
    name,
    email,
    password: PASSWORD,
    schoolEmail,
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return { ...opened, email, id };
}

/**
 * Opens a page of `campus`'s site that loads no app (the JSON of /api/me), so
 * that the page's own API calls (sendJson, postJson) come from that site, without
 * the cost of the app's first paint that the test would throw away.
 */
export async function landOn(
  page: Page,
  server: RunningServer,
  campus: SeededCampusId,
): Promise<void> {
  await page.goto(server.url(campus, '/api/me'));
}

/** Runs one of the server's periodic jobs now (ADR 035), as if its time had come at `at`. */
export async function runJob(server: RunningServer, name: string, at?: number): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${server.port}/dev/jobs/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
    body: JSON.stringify(at === undefined ? {} : { at }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: unknown }).result;
}

/** What `make` gives, made the first time a test asks and shared by the file's tests after. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** The signed-in student of the page, as /api/me tells it. */
export async function viewerOf(page: Page): Promise<Viewer> {
  const me = await page.evaluate(async () => (await fetch('/api/me')).json() as Promise<Me>);
  if (!me.viewer) throw new Error('nobody is signed in on this page');
  return me.viewer;
}

/** What a link inside the app does: a client-side navigation, in the same page load. */
export async function followInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect.poll(() => pathOf(page)).toBe(to);
}

/** Uploads a photo as the page's student, as multipart/form-data (POST /api/uploads): its media id. */
export async function uploadPhoto(page: Page, photo: Buffer, name = 'photo.png'): Promise<string> {
  const { status, id } = await page.evaluate(
    async ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new File([bytes], name, { type: 'image/png' }));
      const res = await fetch('/api/uploads', {
        method: 'POST',
        headers: { 'x-quad-csrf': '1' },
        body: form,
      });
      return { status: res.status, id: ((await res.json()) as { id: string }).id };
    },
    { base64: photo.toString('base64'), name },
  );
  expect(status).toBe(201);
  return id;
}

/** Uploads photos (uploadPhoto), then posts them (POST /api/posts). */
export async function postWithPhotos(page: Page, text: string, photos: Buffer[]): Promise<PostDto> {
  const mediaIds: string[] = [];
  for (const [i, buffer] of photos.entries())
    mediaIds.push(await uploadPhoto(page, buffer, `photo-${i}.png`));
  const created = await sendJson<PostDto>(page, '/api/posts', { text, mediaIds });
  expect(created.status).toBe(201);
  return created.json;
}

/** The path of the page's URL. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The app's main navigation (the sidebar on desktop). */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

/** A text post made through the API as the page's student. */
export async function postOf(page: Page, text: string): Promise<PostDto> {
  const created = await sendJson<PostDto>(page, '/api/posts', { text });
  expect(created.status).toBe(201);
  return created.json;
}

/** The same student signed in on another device (a phone, another browser). */
export async function signInElsewhere(
  env: { server: RunningServer; browser: Browser },
  email: string,
  viewport: { width: number; height: number },
) {
  const opened = await openPage(env.browser, viewport);
  await landOn(opened.page, env.server, 'ut');
  expect(await postJson(opened.page, '/api/auth/login', { email, password: PASSWORD })).toBe(200);
  return opened;
}

/**
 * An operator of ADMIN_EMAILS (ADR 055), no school needed: registered and
 * its e-mail verified the first time, signed in with its password after.
 */
export async function signedInOperator(
  server: RunningServer,
  browser: Browser,
  email: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, viewport);
  await landOn(opened.page, server, 'ut');
  const body = { name: 'Oda Operator', email, password: PASSWORD, terms: true };
  const registered = await postJson(opened.page, '/api/auth/register', body);
  if (registered === 201) {
    expect(await postJson(opened.page, '/api/verification/code', {})).toBe(200);
    const code = await codeFor(server, email);
    expect(await postJson(opened.page, '/api/verification/verify', { code })).toBe(200);
  } else {
    expect(await postJson(opened.page, '/api/auth/login', { email, password: PASSWORD })).toBe(200);
  }
  return opened;
}
