import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Campus, SiteCampus } from '@common/campuses';
import { campusLogoSvg } from '@common/logo';
import { PUSH_MESSAGES as M } from '@common/schemas/push';
import { escapeHtml } from '@common/text';
import { serviceWorkerScript } from './pwa.worker-script';

/** Where the offline page is: precached by the service worker, shown when a page cannot load. */
export const OFFLINE_PATH = '/offline.html';

/**
 * The icons of the installed app, by path (ADR 058): file names at the root,
 * which no username can take (a name like a file is reserved), unlike a new
 * first segment such as /icons.
 */
export const APP_ICONS = {
  '/icon-192.png': { size: 192, maskable: false },
  '/icon-512.png': { size: 512, maskable: false },
  '/icon-maskable-512.png': { size: 512, maskable: true },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

/** The installable app (ADR 058): its manifest, icons, service worker and offline page. */
export interface PwaService {
  /** The web app manifest of the campus's site. */
  manifest(campus: Campus): object;
  /** A PNG icon of the campus's app, rendered from its logo once per look. */
  icon(campus: AppCampus, name: AppIconName): Promise<Buffer>;
  /** The service worker of this build. */
  serviceWorker(): string;
  /** The page shown when a page cannot be fetched. */
  offlinePage(campus: Campus): string;
}

/** The build's files a first visit may need offline: every file the Vite manifest names. */
export function buildFiles(webDist: string): { version: string; assets: string[] } {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return { version: 'unbuilt', assets: [] };
  const text = fs.readFileSync(file, 'utf8');
  const chunks = JSON.parse(text) as Record<
    string,
    { file: string; css?: string[]; assets?: string[] }
  >;
  const assets = new Set<string>();
  for (const chunk of Object.values(chunks))
    for (const f of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])])
      if (!f.endsWith('.map')) assets.add(`/${f}`);
  const version = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { version, assets: [...assets].sort() };
}

/** The logo on a full square with room around it, as maskable icons must be (the safe zone). */
function maskableSvg(campus: Pick<Campus, 'name' | 'theme'>, size: number): string {
  const inner = campusLogoSvg(campus, 40).replace('<svg ', '<svg x="12" y="12" ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" fill="${campus.theme.primary}"/>${inner}</svg>`;
}

/** A campus as its app's icons read it: its uploaded logo's version, if any (ADR 064). */
type AppCampus = Campus & Partial<Pick<SiteCampus, 'logoMediaId'>>;

/** The uploaded logo as a square PNG of `size` (campusIcon of the campus logos, ADR 064). */
type LogoIcon = (campus: Campus & Pick<SiteCampus, 'logoMediaId'>, size: number) => Promise<Buffer>;

/** An icon of the campus's app: its uploaded logo when it has one, else its monogram. */
async function drawIcon(campus: AppCampus, name: AppIconName, logoIcon?: LogoIcon) {
  const { size, maskable } = APP_ICONS[name];
  const logo = { ...campus, logoMediaId: campus.logoMediaId ?? null };
  // The logo or the monogram, as the favicon draws them (ADR 064).
  if (!maskable && logoIcon) return logoIcon(logo, size);
  if (!campus.logoMediaId || !logoIcon) {
    const svg = maskable ? maskableSvg(campus, size) : campusLogoSvg(campus, size);
    return sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
  }
  // The logo inside the safe zone (the middle 40 of 64), on the campus's colour.
  const inner = Math.round((size * 40) / 64);
  return sharp({
    create: { width: size, height: size, channels: 4, background: campus.theme.primary },
  })
    .composite([{ input: await logoIcon(logo, inner), gravity: 'center' }])
    .png()
    .toBuffer();
}

/** The campus's web app manifest (ADR 058). */
function manifestOf(campus: Campus): object {
  return {
    id: '/home',
    name: campus.productName,
    short_name: campus.name,
    description: `The buy / sell community of ${campus.schoolName} students.`,
    lang: 'en',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: campus.theme.primary,
    background_color: campus.theme.primary,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
    shortcuts: [
      { name: 'Create Post', url: '/create/post' },
      { name: 'Messages', url: '/messages' },
    ],
  };
}

/**
 * Builds the PwaService for the build in `webDist`; `logoIcon` draws an
 * uploaded campus logo (without it, every icon is the monogram).
 */
export function createPwaService({
  webDist,
  logoIcon,
}: {
  webDist: string;
  logoIcon?: LogoIcon;
}): PwaService {
  const build = buildFiles(webDist);
  const script = serviceWorkerScript({ ...build, offlinePath: OFFLINE_PATH });
  // Icons by campus and look: a changed colour or name renders anew.
  const icons = new Map<string, Promise<Buffer>>();

  return {
    manifest: manifestOf,

    icon(campus, name) {
      const key = JSON.stringify([campus.id, campus.name, campus.theme, campus.logoMediaId, name]);
      let png = icons.get(key);
      if (!png) {
        png = drawIcon(campus, name, logoIcon);
        png.catch(() => icons.delete(key));
        icons.set(key, png);
      }
      return png;
    },

    serviceWorker: () => script,

    offlinePage(campus) {
      const title = escapeHtml(M.offlineTitle);
      return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${campus.theme.primary}">
<title>${title} · ${escapeHtml(campus.productName)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#1b1f24}
main{max-width:22rem;padding:2rem 1.5rem;text-align:center}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
p{margin:0 0 1.5rem;color:#424a53;line-height:1.5}
a.retry{display:inline-flex;align-items:center;text-decoration:none;font-weight:600;border-radius:999px;padding:.75rem 1.5rem;background:${campus.theme.primary};color:${campus.theme.onPrimary};min-height:44px;box-sizing:border-box}
a.retry:focus-visible{outline:3px solid #1b1f24;outline-offset:3px}
</style>
</head>
<body>
<main>
${campusLogoSvg(campus, 64)}
<h1>${title}</h1>
<p>${escapeHtml(M.offlineText)}</p>
<!-- A link to the page itself: the page's address is the one that failed (no script: CSP). -->
<a class="retry" href="">${escapeHtml(M.tryAgain)}</a>
</main>
</body>
</html>
`;
    },
  };
}
