import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GENERIC_CAMPUS_ID } from '@common/campuses';
import { campusLogoSvg } from '@common/logo';
import type { CampusDto } from '@common/schemas/campus';
import type { AppDeps } from '../app';
import { createCampusService } from '../modules/campuses/campuses.service';
import type { PostsService } from '../modules/posts/posts.service';
import { presentViewer } from '../modules/users/users.presenter';
import { LOCAL_MEDIA_PREFIX } from '../platform/storage/disk-store';

const HEAD_MARK = '<!--app-head-->';

/**
 * Serves the built React app (DESIGN §2): hashed assets cached forever, and
 * every page route answered with index.html carrying the campus of the host,
 * so the first paint already has the right name, colours and logo.
 */
export async function registerWebApp(
  app: FastifyInstance,
  deps: AppDeps,
  posts: PostsService,
): Promise<void> {
  const { config } = deps;
  const campuses = createCampusService(config.publicUrl);
  const indexFile = path.join(config.webDist, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const feedPreloads = modulePreloads(
    path.join(config.webDist, '.vite', 'manifest.json'),
    template,
    'src/features/feed/pages/FeedPage.tsx',
  );

  if (template) {
    await app.register(fastifyStatic, {
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
    });
  }

  const mediaRoot = path.join(config.dataDir, 'media');
  fs.mkdirSync(mediaRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: LOCAL_MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });

  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    reply.redirect(withQuery('/home', request.url), 302),
  );

  const renderPage = async (request: FastifyRequest, status: number, reply: FastifyReply) => {
    const campus = request.campus;
    if (!template) {
      return reply
        .status(503)
        .type('text/plain')
        .send(
          'The web app has not been built yet: run `npm run build` (npm start does it for you).',
        );
    }
    const dto = campuses.present(campus);
    const me = {
      viewer: request.user ? presentViewer(request.user, deps.storage) : null,
      google: Boolean(config.google),
    };
    const boot = JSON.stringify({ campus: dto, me }).replace(/</g, '\\u003c');
    const url = new URL(request.url, 'http://quad');
    // /home shows the feed to school-verified members only (web/src/app/App.tsx, HomeRoute).
    const feedPage =
      url.pathname === '/home' &&
      Boolean(request.user?.school_verified) &&
      campus.id !== GENERIC_CAMPUS_ID;
    const feed =
      feedPage && !url.searchParams.has('category') ? await firstFeedPage(request) : null;
    const head = [
      `<title>${escapeHtml(dto.productName)}</title>`,
      `<meta name="description" content="${escapeHtml(`The buy / sell community of ${dto.schoolName} students.`)}">`,
      `<meta name="theme-color" content="${dto.theme.primary}">`,
      `<meta property="og:site_name" content="${escapeHtml(dto.productName)}">`,
      ...(await openGraph(request)),
      `<style>html:root{--brand:${dto.theme.primary};--on-brand:${dto.theme.onPrimary};--accent:${dto.theme.accent}}</style>`,
      ...(feedPage ? feedPreloads : []),
      `<script type="application/json" id="quad-boot">${boot}</script>`,
      ...(feed ? [`<script type="application/json" id="quad-feed">${feed}</script>`] : []),
    ].join('\n    ');
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    const page = template
      .replace(HEAD_MARK, head)
      .replace('<div id="root"></div>', `<div id="root">${topBar(dto)}</div>`);
    return reply.send(compressed(request, reply, page));
  };

  /**
   * The first page of the campus feed, written into /home for a member: the
   * feed paints with the page, without waiting for a second round trip
   * (DESIGN §13). The JSON the API would answer, from the same cache.
   */
  async function firstFeedPage(request: FastifyRequest): Promise<string | null> {
    const feed = await posts.feed(request.user, request.campus, {}).catch((error: unknown) => {
      request.log.error({ err: error }, 'first feed page failed');
      return null;
    });
    // "<" only ever stands inside JSON strings, where \u003c means the same.
    return feed?.replace(/</g, '\\u003c') ?? null;
  }

  async function openGraph(request: FastifyRequest): Promise<string[]> {
    const match = /^\/post\/([A-Za-z0-9-]{1,64})\/?(?:\?|$)/.exec(request.url);
    if (!match) return [];
    const site = campuses.present(request.campus).url;
    const preview = await posts.preview(request.campus, match[1]!).catch(() => null);
    return openGraphTags(preview, (p) => (p.startsWith('http') ? p : site + p));
  }

  app.get('/404', { schema: { hide: true } }, async (request, reply) =>
    renderPage(request, 404, reply),
  );

  // Any other GET that asks for HTML is a page of the SPA (profiles live at /{username}).
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith(LOCAL_MEDIA_PREFIX) &&
      !request.url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPage) return renderPage(request, 200, reply);
    return reply.status(404).send({
      error: {
        code: 'not_found',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      },
    });
  });
}

/** Open Graph tags for a shared post link (/post/{id}), so chat apps show a preview. */
async function openGraphTags(
  preview: { title: string; description: string; image: string | null } | null,
  absolute: (path: string) => string,
): Promise<string[]> {
  if (!preview) return [];
  return [
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}">`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}">`,
    ...(preview.image
      ? [`<meta property="og:image" content="${escapeHtml(absolute(preview.image))}">`]
      : []),
    `<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}">`,
  ];
}

/**
 * The top bar's brand, written into the page so something meaningful paints
 * before the app's code has run (DESIGN §13, first contentful paint). It has
 * the app's own classes and fixed place, so when React draws the real bar over
 * it nothing moves; hidden from assistive technology, which waits for the app.
 */
function topBar(campus: CampusDto): string {
  const logo = `data:image/svg+xml;utf8,${encodeURIComponent(campusLogoSvg(campus, 36))}`;
  return (
    `<header class="topbar" aria-hidden="true"><div class="topbar__inner">` +
    `<span class="topbar__brand"><img class="campus-logo" src="${logo}" width="36" height="36" alt="">` +
    `<span class="topbar__name">${escapeHtml(campus.productName)}</span></span></div></header>`
  );
}

/**
 * `<link rel="modulepreload">` tags for the code the app loads lazily for a
 * page (`module`, as Vite's build manifest names it): the browser fetches it
 * alongside the app's own file instead of after the app has run (one round
 * trip less before the feed shows). What index.html loads needs no tag.
 */
function modulePreloads(manifestFile: string, template: string | null, module: string): string[] {
  if (!template || !fs.existsSync(manifestFile)) return [];
  type Chunk = { file: string; imports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const loaded = new Set<string>();
  const inPage = new Set([...template.matchAll(/\/(assets\/[^"']+\.js)/g)].map((m) => m[1]));
  for (const [key, chunk] of Object.entries(manifest))
    if (inPage.has(chunk.file)) collect(key, loaded);
  const files = new Set<string>();
  collect(module, files);
  return [...files]
    .filter((file) => !loaded.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
}

/**
 * A page compressed for a browser that takes it. Pages are answered from the
 * not-found handler, which @fastify/compress's per-route hooks do not reach,
 * and /home with its first feed page is some 25 KB of HTML, a fifth of that
 * compressed: on a phone's connection that is a round trip or two saved.
 */
function compressed(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html);
  }
  return html;
}

function withQuery(target: string, url: string): string {
  const q = url.indexOf('?');
  return q >= 0 ? target + url.slice(q) : target;
}

function escapeHtml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
