import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_ICONS, type AppIconName, OFFLINE_PATH, type PwaService } from './pwa.service';

/** The installable app (ADR 058): manifest, icons, service worker and offline page, per campus. */
export async function pwaRoutes(
  fastify: FastifyInstance,
  { pwa }: { pwa: PwaService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/manifest.webmanifest',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) =>
      reply
        .type('application/manifest+json')
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(pwa.manifest(request.campus))),
  );

  for (const name of Object.keys(APP_ICONS) as AppIconName[])
    app.get(
      name,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) =>
        reply
          .type('image/png')
          .header('cache-control', 'public, max-age=86400')
          .send(await pwa.icon(request.campus, name)),
    );

  // Never cached by the browser's HTTP cache: a deploy must reach the next check.
  app.get('/sw.js', { config: { access: 'public' }, schema: { hide: true } }, async (_, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .header('service-worker-allowed', '/')
      .send(pwa.serviceWorker()),
  );

  app.get(
    OFFLINE_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(pwa.offlinePage(request.campus)),
  );
}
