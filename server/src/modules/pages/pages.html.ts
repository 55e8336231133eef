import fs from 'node:fs';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { campusLogoSvg } from '@common/logo';
import type { CampusDto } from '@common/schemas/campus';
import { escapeHtml } from '@common/text';

/** Open Graph tags for a shared post (/post/{id}) or profile (/{username}) link, so chat apps show a preview. */
export function openGraphTags(
  preview: {
    title: string;
    description: string;
    image: string | null;
    /** A listing's asking price in whole US dollars (ADR 023). */
    price?: number | null;
  } | null,
  absolute: (path: string) => string,
  { type = 'article' }: { type?: 'article' | 'profile' } = {},
): string[] {
  if (!preview) return [];
  const priced = preview.price !== null && preview.price !== undefined;
  return [
    `<meta property="og:type" content="${priced ? 'product' : type}">`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}">`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}">`,
    ...(preview.image
      ? [`<meta property="og:image" content="${escapeHtml(absolute(preview.image))}">`]
      : []),
    `<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}">`,
    ...(priced
      ? [
          `<meta property="product:price:amount" content="${preview.price}">`,
          `<meta property="product:price:currency" content="USD">`,
        ]
      : []),
  ];
}

/**
 * The top bar's brand, written into the page so something meaningful paints
 * before the app's code has run (the first contentful paint, ADR 006). It has
 * the app's own classes and fixed place, so when React draws the real bar over
 * it nothing moves; hidden from assistive technology, which waits for the app.
 */
export function topBar(campus: CampusDto): string {
  const logo = escapeHtml(
    campus.logoUrl ?? `data:image/svg+xml;utf8,${encodeURIComponent(campusLogoSvg(campus, 36))}`,
  );
  return (
    `<header class="topbar" aria-hidden="true"><div class="topbar__inner">` +
    `<span class="topbar__brand"><img class="campus-logo" src="${logo}" width="36" height="36" alt="">` +
    `<span class="topbar__name">${escapeHtml(campus.productName)}</span></span></div></header>`
  );
}

/**
 * What the app loads lazily for a page (`module`, as Vite's build manifest
 * names it) beyond what index.html already loads: its script files and the
 * stylesheets they bring. Nothing without a build.
 */
export function lazyModuleFiles(
  manifestFile: string,
  template: string | null,
  module: string,
): { scripts: string[]; styles: string[] } {
  if (!template || !fs.existsSync(manifestFile)) return { scripts: [], styles: [] };
  type Chunk = { file: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const collect = (key: string, into: Map<string, Chunk>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.set(chunk.file, chunk);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const loaded = new Map<string, Chunk>();
  const inPage = new Set([...template.matchAll(/\/(assets\/[^"']+\.js)/g)].map((m) => m[1]));
  for (const [key, chunk] of Object.entries(manifest))
    if (inPage.has(chunk.file)) collect(key, loaded);
  const loadedStyles = new Set([...loaded.values()].flatMap((chunk) => chunk.css ?? []));
  const files = new Map<string, Chunk>();
  collect(module, files);
  const lazy = [...files.values()].filter((chunk) => !loaded.has(chunk.file));
  return {
    scripts: lazy.map((chunk) => chunk.file),
    styles: [...new Set(lazy.flatMap((chunk) => chunk.css ?? []))].filter(
      (file) => !loadedStyles.has(file),
    ),
  };
}

/**
 * `<link rel="modulepreload">` tags for the code the app loads lazily for a
 * page: the browser fetches it alongside the app's own file instead of after
 * the app has run (one round trip less before the feed shows).
 */
export function modulePreloads(scripts: string[], priority: 'low' | 'auto' = 'auto'): string[] {
  const hint = priority === 'low' ? ' fetchpriority="low"' : '';
  return scripts.map(
    (file) => `<link rel="modulepreload" crossorigin${hint} href="/${escapeHtml(file)}">`,
  );
}

/**
 * The template's own scripts (the app's entry and what it imports first),
 * asked for at low priority: on a page whose content the server drew, the
 * stylesheet and the first photo take the connection first, and the app's
 * code follows them (ADR 071).
 */
export function scriptsAfterContent(html: string): string {
  return html.replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ');
}

/**
 * A page compressed for a browser that takes it. Pages are answered from the
 * not-found handler, which @fastify/compress's per-route hooks do not reach,
 * and /home with its first feed page is some 25 KB of HTML, a fifth of that
 * compressed: on a phone's connection that is a round trip or two saved.
 */
export function compressed(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
): string | Buffer {
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

export function withQuery(target: string, url: string): string {
  const q = url.indexOf('?');
  return q >= 0 ? target + url.slice(q) : target;
}
