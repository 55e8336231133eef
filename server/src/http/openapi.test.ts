import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { api } from '../../test/auth';
import {
  CLIENT_TYPES_FILE,
  clientTypes,
  contractProblems,
  type OpenApiDocument,
  operationsOf,
} from '../../test/openapi';
import { ROUTES } from './authorization-matrix.table';
import { CSRF_HEADER, MULTIPART_FILE } from './openapi';

/** Operations that can answer no 4xx at all, and why (Redocly's one warning about them is in ADR 028). */
const NO_4XX = {
  'GET /api/campus':
    'the campus of the Host, for everyone: the geo gate leaves it open (the not-found page reads it), it takes no input and needs no session',
};

let t: TestContext;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document at /api/docs/json (ADR 028)', () => {
  it('gives every operation a summary, a unique operationId, tags, security and its 4xx answers as the error body; no $ref is left unresolved', () => {
    expect(operationsOf(document).length).toBeGreaterThan(70);
    expect(contractProblems(document, NO_4XX)).toEqual([]);
  });

  it('fails an operation that lacks any of them, so that a new route cannot ship without', () => {
    const copy = structuredClone(document);
    const feed = copy.paths['/api/feed']!.get!;
    delete feed.summary;
    delete feed.operationId;
    feed.tags = [];
    feed.responses = { 200: feed.responses['200']! };
    copy.paths['/api/feed']!.get!.security = undefined;
    copy.paths['/api/posts/{id}']!.get!.operationId = 'getPost';
    copy.paths['/api/posts/{id}']!.delete!.operationId = 'getPost';
    copy.paths['/api/posts/{id}']!.delete!.responses['404'] = {
      $ref: '#/components/responses/Gone',
    };
    expect(contractProblems(copy, NO_4XX)).toEqual([
      'GET /api/feed: no summary',
      'GET /api/feed: no operationId',
      'GET /api/feed: no tags',
      'GET /api/feed: no security requirement',
      'GET /api/feed: no 4xx response',
      "DELETE /api/posts/{id}: operationId getPost is GET /api/posts/{id}'s too",
      'DELETE /api/posts/{id}: its 404 answer is not the error body (#/components/schemas/Error)',
      'unresolved $ref #/components/responses/Gone',
    ]);
  });

  it('tags each operation with its module', () => {
    const tagOf = (key: string) => operationsOf(document).find(([k]) => k === key)?.[1].tags;
    expect(tagOf('GET /api/feed')).toEqual(['posts']);
    expect(tagOf('PUT /api/posts/{id}/like')).toEqual(['likes']);
    expect(tagOf('POST /api/auth/register')).toEqual(['auth']);
    expect(tagOf('POST /api/chats/{id}/meetups')).toEqual(['chats']);
  });

  it('describes the multipart body of the upload routes and names every success answer by its status', () => {
    const operations = operationsOf(document);
    const bodyOf = (key: string) =>
      (operations.find(([k]) => k === key)?.[1] as { requestBody?: unknown }).requestBody;
    for (const key of ['POST /api/uploads', 'PUT /api/me/avatar'])
      expect(bodyOf(key), key).toEqual(MULTIPART_FILE);
    const descriptions = operations.flatMap(([key, operation]) =>
      Object.entries(operation.responses as Record<string, { description?: string }>).map(
        ([status, response]) => `${key} ${status}: ${response.description ?? '(a $ref)'}`,
      ),
    );
    expect(descriptions.filter((d) => d.endsWith('Default Response'))).toEqual([]);
    expect(descriptions).toContain('POST /api/uploads 201: Created');
  });

  it('declares the session cookie and the CSRF header that same-origin.ts checks', async () => {
    const schemes = document.components.securitySchemes!;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'quad_session' });
    expect(schemes.csrf).toMatchObject({ type: 'apiKey', in: 'header', name: CSRF_HEADER });
    // A state-changing operation requires the header, and the server refuses it without.
    const logout = document.paths['/api/auth/logout']!.post!;
    expect(logout.security!.every((requirement) => 'csrf' in requirement)).toBe(true);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'ou.localhost:3000' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('cross_origin');
    expect(logout.responses['403']).toBeDefined();
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'ou.localhost:3000', [schemes.csrf!.name!]: '1' },
    });
    expect(allowed.statusCode).toBe(200);
    // A read needs neither; one that needs a student says so.
    expect(document.paths['/api/campuses']!.get!.security).toContainEqual({});
    expect(document.paths['/api/chats']!.get!.security).toEqual([{ session: [] }]);
  });

  it('names PUBLIC_URL as its server, and the __Host- cookie when served over https', async () => {
    expect(document.servers).toEqual([
      { url: t.app.deps.config.publicUrl, description: 'This Quad server.' },
    ]);
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://quad.example.edu' } });
    try {
      const served = (
        await https.app.inject({ method: 'GET', url: '/api/docs/json' })
      ).json() as OpenApiDocument;
      expect(served.servers?.[0]?.url).toBe('https://quad.example.edu');
      expect(served.components.securitySchemes?.session?.name).toBe('__Host-quad_session');
    } finally {
      await https.close();
    }
  });

  it('declares every 4xx status the authorization matrix sees a route answer', () => {
    const missing: string[] = [];
    for (const [key, row] of Object.entries(ROUTES)) {
      const [method = '', url = ''] = key.split(' ');
      const operation = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!operation) continue; // hidden from the document: pages, operations, the dev mailbox
      for (const status of new Set(Object.values(row.expect)))
        if (status >= 400 && status < 500 && !operation.responses[String(status)])
          missing.push(`${key} answers ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('answers errors as it declares them: a guest reading a private campus is 401 with the error body', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/feed' });
    expect(response.statusCode).toBe(401);
    expect(document.paths['/api/feed']!.get!.responses['401']).toEqual({
      $ref: '#/components/responses/Unauthorized',
    });
    expect(response.json()).toEqual({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });

  it('is the one the checked-in typed client was generated from (npm run openapi:client)', async () => {
    const current = await clientTypes(document);
    const checkedIn = fs.readFileSync(CLIENT_TYPES_FILE, 'utf8');
    expect(
      checkedIn === current,
      'server/test/api-client/quad-api.d.ts is out of date: run `npm run openapi:client`',
    ).toBe(true);
  });
});
