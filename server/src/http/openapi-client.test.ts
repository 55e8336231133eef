import { randomUUID } from 'node:crypto';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import type { paths } from '../../test/api-client/quad-api';
import { createTestApp, type TestContext } from '../../test/app';
import { freePort } from '../../test/free-port';
import {
  campusFetch,
  type OpenApiDocument,
  responseValidator,
  type SeenResponse,
} from '../../test/openapi';

/**
 * ADR 028: the document matches the server. A client typed from the served
 * document (server/test/api-client/quad-api.d.ts, checked current by
 * openapi.test.ts) drives a student's session against the app listening on a
 * port, and every answer is checked against the document: its status is
 * declared for the operation and its body matches the declared schema.
 */

let t: TestContext;
let port: number;
let check: (seen: SeenResponse) => string[];
/** Every answer checked, as `POST /api/posts → 201`. */
const answers: string[] = [];

const PASSWORD = 'maroon-bicycle-42';
const OU_DOMAIN = CAMPUSES.ou.emailDomains[0]!;

beforeAll(async () => {
  t = await createTestApp();
  port = await freePort();
  await t.app.listen({ port, host: '127.0.0.1' });
  const document = (await (
    await fetch(`http://127.0.0.1:${port}/api/docs/json`)
  ).json()) as OpenApiDocument;
  check = responseValidator(document);
});

afterAll(async () => {
  await t.close();
});

/** Fails the request whose answer the document does not describe. */
const checkedAgainstDocument: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const seen = {
      method: request.method,
      path: schemaPath,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.clone().text(),
    };
    answers.push(`${seen.method} ${seen.path} → ${seen.status}`);
    const problems = check(seen);
    if (problems.length) throw new Error(`the answer breaks the document:\n${problems.join('\n')}`);
  },
};

/** A browser of its own on the OU site: its own cookies, this site's CSRF header unless `csrf: false`. */
function browser({ csrf = true } = {}): Client<paths> {
  const client = createClient<paths>({
    baseUrl: `http://ou.localhost:${port}`,
    fetch: campusFetch(port),
    headers: csrf ? { 'X-Quad-CSRF': '1' } : {},
  });
  client.use(checkedAgainstDocument);
  return client;
}

/** The newest code e-mailed to `to`, from the dev mailbox (this machine only). */
async function codeFor(to: string): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${port}/dev/mailbox.json?to=${encodeURIComponent(to)}`,
  );
  const { items } = (await response.json()) as { items: { subject: string }[] };
  const code = items[0]?.subject.match(/^(\d{4}) /)?.[1];
  if (!code) throw new Error(`no code mail to ${to}: ${JSON.stringify(items)}`);
  return code;
}

/** Registers and verifies a student of OU, account and school e-mail, through the typed client. */
async function schoolVerifiedStudent(name: string) {
  const client = browser();
  const tag = randomUUID().slice(0, 8);
  const email = `${name.split(' ')[0]!.toLowerCase()}-${tag}@example.com`;
  const registered = await client.POST('/api/auth/register', {
    body: { name, email, password: PASSWORD, terms: true },
  });
  expect(registered.response.status).toBe(201);

  expect((await client.POST('/api/verification/code', { body: {} })).response.status).toBe(200);
  const wrong = await client.POST('/api/verification/verify', { body: { code: 'abcd' } });
  expect(wrong.response.status).toBe(400);
  expect(wrong.error?.error.code).toBeTruthy();
  const verified = await client.POST('/api/verification/verify', {
    body: { code: await codeFor(email) },
  });
  expect(verified.response.status).toBe(200);

  const schoolEmail = `${name.split(' ')[0]!.toLowerCase()}-${tag}@${OU_DOMAIN}`;
  const sent = await client.POST('/api/me/school-email', { body: { schoolEmail } });
  expect(sent.response.status).toBe(200);
  const school = await client.POST('/api/verification/verify', {
    body: { code: await codeFor(schoolEmail), email: schoolEmail },
  });
  expect(school.response.status).toBe(200);

  const me = await client.GET('/api/me');
  expect(me.data?.viewer?.email).toBe(email);
  return { client, email, username: me.data!.viewer!.username };
}

describe('a client generated from the OpenAPI document (ADR 028)', () => {
  it('registers, verifies with the mailed codes, posts, comments, saves and reads the feed, every answer as the document declares it', async () => {
    const seller = await schoolVerifiedStudent('Jamie Seller');
    const buyer = await schoolVerifiedStudent('Riley Buyer');

    const created = await seller.client.POST('/api/posts', {
      body: { text: 'Desk lamp, barely used.', price: 10 },
    });
    expect(created.response.status).toBe(201);
    const post = created.data!;
    expect(post.price).toBe(10);

    const comment = await buyer.client.POST('/api/posts', {
      body: { text: 'Is it still available?', parentId: post.id },
    });
    expect(comment.response.status).toBe(201);
    const reply = await seller.client.POST('/api/posts', {
      body: { text: 'Yes!', parentId: comment.data!.id },
    });
    expect(reply.response.status).toBe(201);

    const saved = await buyer.client.PUT('/api/posts/{id}/like', {
      params: { path: { id: post.id } },
    });
    expect(saved.data).toMatchObject({ liked: true, likeCount: 1 });

    const feed = await buyer.client.GET('/api/feed');
    expect(feed.data?.items.map((p) => p.id)).toContain(post.id);
    const savedPosts = await buyer.client.GET('/api/saved');
    expect(savedPosts.data?.items.map((p) => p.id)).toEqual([post.id]);

    // The thread: the comment and its reply, nested (the recursive CommentNode schema).
    const page = await seller.client.GET('/api/posts/{id}', { params: { path: { id: post.id } } });
    expect(page.data?.comments[0]?.id).toBe(comment.data!.id);
    expect(page.data?.comments[0]?.replies[0]?.id).toBe(reply.data!.id);

    const profile = await buyer.client.GET('/api/users/{username}', {
      params: { path: { username: seller.username } },
    });
    expect(profile.response.status).toBe(200);

    const unsaved = await buyer.client.DELETE('/api/posts/{id}/like', {
      params: { path: { id: post.id } },
    });
    expect(unsaved.data).toMatchObject({ liked: false, likeCount: 0 });
    const cleared = await buyer.client.DELETE('/api/me/searches');
    expect(cleared.response.status).toBe(204);

    const loggedOut = await buyer.client.POST('/api/auth/logout');
    expect(loggedOut.response.status).toBe(200);
    const again = await buyer.client.POST('/api/auth/login', {
      body: { email: buyer.email, password: PASSWORD },
    });
    expect(again.response.status).toBe(200);
  });

  it('gets the errors the document declares, each the one error body', async () => {
    const guest = browser();
    const privateCampus = await guest.GET('/api/feed');
    expect(privateCampus.response.status).toBe(401);
    expect(privateCampus.error?.error.message).toBeTruthy();

    const { client, email } = await schoolVerifiedStudent('Casey Twice');
    const missing = await client.GET('/api/posts/{id}', {
      params: { path: { id: 'no-such-post' } },
    });
    expect(missing.response.status).toBe(404);
    const invalid = await client.POST('/api/posts', { body: { text: 'x'.repeat(5000) } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.error.messages?.length).toBeGreaterThan(0);

    const taken = await browser().POST('/api/auth/register', {
      body: { name: 'Casey Twice', email, password: PASSWORD, terms: true },
    });
    expect(taken.response.status).toBe(409);

    const crossSite = await browser({ csrf: false }).POST('/api/auth/logout');
    expect(crossSite.response.status).toBe(403);
    expect(crossSite.error?.error.code).toBe('cross_origin');
  });

  it('checks answers for real: one the document does not declare, or a body off its schema, is refused', () => {
    const answer = {
      method: 'GET',
      path: '/api/posts/{id}/likes',
      contentType: 'application/json',
    };
    expect(check({ ...answer, status: 418, body: '{}' })[0]).toMatch(
      /GET \/api\/posts\/\{id\}\/likes → 418: a status the document does not declare/,
    );
    expect(check({ ...answer, status: 200, body: '{"items":[{"id":1}]}' }).length).toBeGreaterThan(
      0,
    );
    expect(check({ ...answer, status: 404, body: '{"error":{"code":"not_found"}}' })).toEqual([
      expect.stringMatching(/must have required property 'message'/),
    ]);
    expect(
      check({ ...answer, status: 404, body: '{"error":{"code":"not_found","message":"Gone."}}' }),
    ).toEqual([]);
  });

  it('saw every kind of answer above pass through the check', () => {
    expect(answers).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register → 201',
        'POST /api/verification/verify → 200',
        'POST /api/verification/verify → 400',
        'POST /api/posts → 201',
        'PUT /api/posts/{id}/like → 200',
        'GET /api/feed → 200',
        'GET /api/posts/{id} → 200',
        'DELETE /api/me/searches → 204',
        'GET /api/feed → 401',
        'GET /api/posts/{id} → 404',
        'POST /api/auth/register → 409',
        'POST /api/auth/logout → 403',
      ]),
    );
  });
});
