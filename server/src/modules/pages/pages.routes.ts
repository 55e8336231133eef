import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEED_VIEW_COOKIE, feedViewOf } from '@common/feed-view';
import { withAccess } from '../../http/access';
import { LOCAL_MEDIA_PREFIX } from '../../platform/storage/disk-store';
import { compressed, withQuery } from './pages.html';
import type { PagesService } from './pages.service';

/**
 * Serves the built React app: hashed assets cached forever, and every page
 * route answered with the page the pages service writes. Called on the root
 * instance (not registered as a plugin): it owns the not-found handler.
 */
export async function registerPages(
  app: FastifyInstance,
  { pages }: { pages: PagesService },
): Promise<void> {
  const { config } = app.deps;

  if (pages.built) {
    await app.register(
      withAccess('public', fastifyStatic, {
        root: config.webDist,
        prefix: '/',
        index: false,
        wildcard: false,
        allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      }),
    );
  }

  const mediaRoot = path.join(config.dataDir, 'media');
  fs.mkdirSync(mediaRoot, { recursive: true });
  // Media files are immutable capability URLs (unguessable keys), served without a session.
  await app.register(
    withAccess('public', fastifyStatic, {
      root: mediaRoot,
      prefix: LOCAL_MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
        res.header('x-content-type-options', 'nosniff');
      },
    }),
  );

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    reply.redirect(withQuery('/home', request.url), 302),
  );

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, status?: 404) => {
    // The feed's list or grid (ADR 047): the first posts of /home are drawn as the app draws them.
    const feedView = feedViewOf(request.cookies[FEED_VIEW_COOKIE]);
    const page = await pages.render(request.user, request.campus, request.url, feedView);
    if (page === null) {
      return reply
        .status(503)
        .type('text/plain')
        .send(
          'The web app has not been built yet: run `npm run build` (npm start does it for you).',
        );
    }
    reply
      .status(status ?? page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    return reply.send(compressed(request, reply, page.html));
  };

  app.get(
    '/404',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => renderPage(request, reply, 404),
  );

  // Any other GET that asks for HTML is a page of the SPA (profiles live at /{username}),
  // 404 when the app has no page there or it names what does not exist.
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith(LOCAL_MEDIA_PREFIX) &&
      !request.url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPage) return renderPage(request, reply);
    return reply.status(404).send({
      error: {
        code: 'not_found',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      },
    });
  });
}
