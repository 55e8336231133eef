import { afterAll, describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@common/web-routes';
import { createTestApp } from '../../test/app';
import { fuzz } from '../../test/fuzz/check';
import { miniatureWebBuild, pageRequests } from '../../test/fuzz/pages';
import { type OpenApiDocument, requestsFor, routesOf, strayRequests } from '../../test/fuzz/routes';
import { UPLOAD_ROUTES, uploadRequests } from '../../test/fuzz/uploads';
import { buildWorld, worldHints } from '../../test/fuzz/world';

// The route fuzzer (ADR 017): every route of the running app, driven by its own schemas
// (the OpenAPI document is written from the zod schemas), with valid, boundary
// and hostile values, as a guest, as the owner of what the path names and as
// another school-verified student; and every page of the web app with
// hostile segments, on a build of it reduced to its index.html.
const web = miniatureWebBuild();
const ctx = await createTestApp({ env: { WEB_DIST: web.dir } });
afterAll(async () => {
  await ctx.close();
  web.remove();
});
const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
const routes = routesOf(doc);
const FUZZ_TIMEOUT = 120_000;

describe('fuzzing every route', () => {
  it('finds the routes of the app, uploads included', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const upload of UPLOAD_ROUTES)
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(
        `${upload.method} ${upload.path}`,
      );
  });

  for (const route of routes) {
    it(
      `${route.method} ${route.path}`,
      async () => {
        const world = await buildWorld(ctx.app);
        await fuzz(ctx.app, world, requestsFor(route, worldHints(world)));
      },
      FUZZ_TIMEOUT,
    );
  }

  for (const upload of UPLOAD_ROUTES) {
    it(
      `${upload.method} ${upload.path} with multipart garbage`,
      async () => {
        const world = await buildWorld(ctx.app);
        await fuzz(ctx.app, world, uploadRequests(upload));
      },
      FUZZ_TIMEOUT,
    );
  }

  // Pages only read: one world serves them all.
  let pageWorld: ReturnType<typeof buildWorld> | undefined;
  for (const route of WEB_ROUTES) {
    it(
      `page ${route} with hostile segments`,
      async () => {
        const world = await (pageWorld ??= buildWorld(ctx.app));
        await fuzz(ctx.app, world, pageRequests(route));
      },
      FUZZ_TIMEOUT,
    );
  }

  it(
    'paths outside the document, percent-encoded or raw',
    async () => {
      const world = await buildWorld(ctx.app);
      await fuzz(ctx.app, world, strayRequests());
    },
    FUZZ_TIMEOUT,
  );
});
