import type { CampusDto } from '@common/schemas/campus';
import fs from 'node:fs';
import path from 'node:path';
import { type Campus, GENERIC_CAMPUS_ID } from '@common/campuses';
import type { FeedView } from '@common/feed-view';
import { idField } from '@common/schemas/fields';
import { escapeHtml, USERNAME_PATTERN } from '@common/text';
import { usernameParams } from '@common/schemas/profiles';
import { matchWebRoute, routeParam, type WebRoute } from '@common/web-routes';
import type { z } from 'zod';
import * as campusPolicy from '../../core/policies/campus';
import type { Config } from '../../config';
import { isAdmin } from '../../core/policies/roles';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { type AnalyticsRecorder, noAnalytics } from '../analytics/analytics.service';
import type { CampusService } from '../campuses/campuses.service';
import type { ChatsService } from '../chats/chats.service';
import type { PostsService } from '../posts/posts.service';
import type { ProfilesService } from '../profiles/profiles.service';
import { presentViewer } from '../users/users.presenter';
import type { ModerationService } from '../moderation/moderation.service';
import type { PostList } from '@common/schemas/posts';
import { loadFirstPosts } from './pages.feed';
import {
  lazyModuleFiles,
  modulePreloads,
  openGraphTags,
  scriptsAfterContent,
  topBar,
} from './pages.html';

const HEAD_MARK = '<!--app-head-->';
const FAVICON_LINK = 'href="/favicon.svg"';
/** The uploaded logo's version, named in the icons' addresses so a new logo shows at once (ADR 064). */
const logoVersion = (dto: CampusDto) =>
  dto.logoUrl
    ? `?v=${encodeURIComponent(
        dto.logoUrl
          .split('/')
          .pop()!
          .replace(/\.png$/, ''),
      )}`
    : '';
const faviconHref = (dto: CampusDto) =>
  dto.logoUrl ? `href="/favicon.svg${logoVersion(dto)}"` : FAVICON_LINK;

export interface PagesServiceDeps {
  config: Config;
  storage: BlobStore;
  campuses: CampusService;
  posts: PostsService;
  profiles: Pick<ProfilesService, 'preview'>;
  chats: Pick<ChatsService, 'isOwn'>;
  /** Whether the viewer moderates the campus (ADR 025): the boot's viewer says so. */
  moderation?: Pick<ModerationService, 'moderates'>;
  /** Page views of signed-in students (ADR 016); nothing recorded when absent. */
  analytics?: AnalyticsRecorder;
  log?: (error: unknown, message: string) => void;
}

/** The boot's viewer, marked when they moderate the campus (ADR 025) or operate Quad (ADR 055). */
function bootViewer(
  user: UserRow,
  campus: Campus,
  {
    storage,
    moderation,
    adminEmails,
  }: {
    storage: BlobStore;
    moderation: PagesServiceDeps['moderation'];
    adminEmails: readonly string[];
  },
) {
  return {
    ...presentViewer(user, storage),
    ...(moderation?.moderates(user, campus) ? { moderator: true as const } : {}),
    ...(isAdmin(user, adminEmails) ? { admin: true as const } : {}),
  };
}

/**
 * The pages of the React app: index.html with the campus of the
 * host, the viewer and, on /home, the first feed page written into it, so the
 * first paint already has the right name, colours, logo and posts.
 */
export interface PagesService {
  /** False until `npm run build` has written the web app. */
  built: boolean;
  /**
   * The status and HTML of the page at `url` as `user` sees it on `campus`,
   * the feed drawn in the student's `feedView` (ADR 047); null when not built.
   */
  render(
    user: UserRow | null,
    campus: Campus,
    url: string,
    feedView?: FeedView,
  ): Promise<{ status: 200 | 404; html: string } | null>;
}

/** Builds the PagesService. */
export function createPagesService(deps: PagesServiceDeps): PagesService {
  const { config, storage, campuses, posts, moderation } = deps;
  const { analytics = noAnalytics, log = () => undefined } = deps;
  const indexFile = path.join(config.webDist, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const feedFiles = lazyModuleFiles(
    path.join(config.webDist, '.vite', 'manifest.json'),
    template,
    'src/features/feed/pages/FeedPage.tsx',
  );
  const feedPreloads = modulePreloads(feedFiles.scripts);
  const feedPreloadsAfterContent = modulePreloads(feedFiles.scripts, 'low');
  // Loaded once, while the server starts; a page that comes first waits for it.
  const firstPosts = loadFirstPosts(config.webDist, feedFiles.styles, log);
  /**
   * The first page of the campus feed, written into /home for a member: the
   * feed paints with the page, without waiting for a second round trip
   * (ADR 006). The JSON the API would answer, from the same cache.
   */
  async function firstFeedPage(user: UserRow, campus: Campus): Promise<string | null> {
    const feed = await posts.feed(user, campus, {}).catch((error: unknown) => {
      log(error, 'first feed page failed');
      return null;
    });
    // "<" only ever stands inside JSON strings, where \u003c means the same.
    return feed?.toString().replace(/</g, '\\u003c') ?? null;
  }

  return {
    built: template !== null,

    async render(
      user: UserRow | null,
      campus: Campus,
      url: string,
      feedView: FeedView = 'list',
    ): Promise<{ status: 200 | 404; html: string } | null> {
      if (!template) return null;
      const dto = campuses.present(campus);
      const me = {
        viewer: user
          ? bootViewer(user, campus, { storage, moderation, adminEmails: config.adminEmails })
          : null,
        google: Boolean(config.google),
      };
      const boot = JSON.stringify({ campus: dto, me }).replace(/</g, '\\u003c');
      const { pathname, searchParams } = new URL(url, 'http://quad');
      const page = await answer(deps, user, campus, pathname);
      // Written after the answer (ADR 016): the page never waits for it.
      if (user) analytics.record(user, 'Page View', { path: pathname.slice(0, 200) });
      // /home shows the feed to school-verified members only (web/src/app/App.tsx, HomeRoute).
      const member =
        user?.school_verified && user.campus_id === campus.id && campus.id !== GENERIC_CAMPUS_ID;
      const feedPage = pathname === '/home' && Boolean(member);
      const feed =
        feedPage && !searchParams.has('category') ? await firstFeedPage(user!, campus) : null;
      // The first posts, drawn by the app's own components from the very data above (ADR 045).
      const drawer = feed && me.viewer ? await firstPosts : null;
      const firstPage = feed ? (JSON.parse(feed) as PostList) : null;
      const drawn =
        (firstPage && drawer?.draw({ campus: dto, me, feed: firstPage, view: feedView })) || null;
      const posts = drawn?.html ?? '';
      const head = [
        // The first post's photos before anything else the page asks for (pages.feed.ts).
        ...(drawn?.preloads ? [drawn.preloads] : []),
        `<title>${escapeHtml(dto.productName)}</title>`,
        `<meta name="description" content="${escapeHtml(`The buy / sell community of ${dto.schoolName} students.`)}">`,
        `<meta name="theme-color" content="${dto.theme.primary}">`,
        // The installable app (ADR 058): the campus's manifest and home-screen icon.
        `<link rel="manifest" href="/manifest.webmanifest">`,
        // Drawn from the uploaded logo when there is one (ADR 064), named by its version.
        `<link rel="apple-touch-icon" href="/icon-192.png${logoVersion(dto)}">`,
        `<meta property="og:site_name" content="${escapeHtml(dto.productName)}">`,
        ...page.tags,
        `<style>html:root{--brand:${dto.theme.primary};--on-brand:${dto.theme.onPrimary};--accent:${dto.theme.accent}}</style>`,
        ...(feedPage ? (posts ? feedPreloadsAfterContent : feedPreloads) : []),
        ...(posts && drawer ? [drawer.style] : []),
        `<script type="application/json" id="quad-boot">${boot}</script>`,
        ...(feed ? [`<script type="application/json" id="quad-feed">${feed}</script>`] : []),
      ].join('\n    ');
      // The favicon's address names the logo's version: a new logo shows at once (ADR 064).
      const html = (posts ? scriptsAfterContent(template) : template)
        .replace(FAVICON_LINK, () => faviconHref(dto))
        .replace(HEAD_MARK, () => head)
        .replace('<div id="root"></div>', () => `<div id="root">${topBar(dto)}${posts}</div>`);
      return { status: page.status, html };
    },
  };
}

/** Open Graph tags with the site's own address for a preview's photo. */
function previewTags(
  campuses: CampusService,
  campus: Campus,
  preview: Preview,
  type: 'article' | 'profile',
) {
  const site = campuses.present(campus).url;
  return openGraphTags(preview, (p) => (p.startsWith('http') ? p : site + p), { type });
}

/**
 * The page at `pathname` as `user` sees it (ADR 038): 404 where the app has
 * no page, or the path names nothing a reader of the campus may see; an
 * outsider (guest, unverified, another campus's student) gets the campus's
 * generic page, 200, whatever the path names, without looking it up.
 */
async function answer(
  {
    campuses,
    posts,
    profiles,
    chats,
  }: Pick<PagesServiceDeps, 'campuses' | 'posts' | 'profiles' | 'chats'>,
  user: UserRow | null,
  campus: Campus,
  pathname: string,
): Promise<Answer> {
  const named = namedPage(pathname);
  if (named === null) return missing;
  const { route, id } = named;
  if (id === undefined || !campusPolicy.isReader(user, campus)) return generic;
  switch (route) {
    case '/:username': {
      const preview = await profiles.preview(user, campus, id.toLowerCase());
      return preview
        ? { status: 200, tags: previewTags(campuses, campus, preview, 'profile') }
        : missing;
    }
    case '/post/:id':
    case '/post/:id/likes':
    case '/create/comment/:id':
    case '/media/:id': {
      const preview = await posts.preview(user, campus, id);
      if (!preview) return missing;
      return route === '/post/:id'
        ? { status: 200, tags: previewTags(campuses, campus, preview, 'article') }
        : generic;
    }
    case '/messages/:chatId?':
      return (await chats.isOwn(user, id)) ? generic : missing;
    default:
      return generic;
  }
}

/** What a page answers: its status and its own preview tags (none: the campus's generic head). */
interface Answer {
  status: 200 | 404;
  tags: string[];
}
const generic: Answer = { status: 200, tags: [] };
const missing: Answer = { status: 404, tags: [] };

type Preview = Parameters<typeof openGraphTags>[0] & object;

/**
 * The values a page path's segment may take: those of the API's own path
 * parameters, so a page lookup never meets what an API route refuses (a NUL,
 * a control character, a name too long). A name no account can have names
 * nothing whoever asks: no page.
 */
const PARAM_SCHEMAS: Partial<Record<WebRoute, z.ZodType<string>>> = {
  '/:username': usernameParams.shape.username.refine((name) =>
    USERNAME_PATTERN.test(name.toLowerCase()),
  ),
  '/post/:id': idField,
  '/post/:id/likes': idField,
  '/create/comment/:id': idField,
  '/media/:id': idField,
  '/messages/:chatId?': idField,
};

/**
 * The app's page at `pathname` and the value of its parameter; null when the
 * app has no page there (a path of none of its routes, bad percent-encoding,
 * or a parameter the API would refuse).
 */
function namedPage(pathname: string): { route: WebRoute; id: string | undefined } | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const route = matchWebRoute(path);
  if (!route) return null;
  const id = routeParam(route, path);
  if (id === undefined) return { route, id };
  const schema = PARAM_SCHEMAS[route];
  return schema && !schema.safeParse(id).success ? null : { route, id };
}
