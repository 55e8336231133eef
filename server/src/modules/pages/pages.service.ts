import fs from 'node:fs';
import path from 'node:path';
import { type Campus, GENERIC_CAMPUS_ID } from '@common/campuses';
import { isReservedUsername } from '@common/text';
import { matchWebRoute, routeParam } from '@common/web-routes';
import type { Config } from '../../config';
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
import { firstFeedMarkup, firstPostsStyling } from './pages.feed';
import { escapeHtml, lazyModuleFiles, modulePreloads, openGraphTags, topBar } from './pages.html';

const HEAD_MARK = '<!--app-head-->';

export interface PagesServiceDeps {
  config: Config;
  storage: BlobStore;
  campuses: CampusService;
  posts: PostsService;
  profiles: Pick<ProfilesService, 'preview'>;
  chats: Pick<ChatsService, 'exists'>;
  /** Whether the viewer moderates the campus (ADR 025): the boot's viewer says so. */
  moderation?: Pick<ModerationService, 'moderates'>;
  /** Page views of signed-in students (spec core §7); nothing recorded when absent. */
  analytics?: AnalyticsRecorder;
  log?: (error: unknown, message: string) => void;
}

/** The boot's viewer, marked when they moderate the campus (ADR 025). */
function bootViewer(
  user: UserRow,
  campus: Campus,
  storage: BlobStore,
  moderation: PagesServiceDeps['moderation'],
) {
  const viewer = presentViewer(user, storage);
  return moderation?.moderates(user, campus) ? { ...viewer, moderator: true as const } : viewer;
}

/**
 * The pages of the React app (DESIGN §2): index.html with the campus of the
 * host, the viewer and, on /home, the first feed page written into it, so the
 * first paint already has the right name, colours, logo and posts.
 */
export function createPagesService(deps: PagesServiceDeps) {
  const { config, storage, campuses, posts, profiles, moderation } = deps;
  const { analytics = noAnalytics, log = () => undefined } = deps;
  const indexFile = path.join(config.webDist, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const feedFiles = lazyModuleFiles(
    path.join(config.webDist, '.vite', 'manifest.json'),
    template,
    'src/features/feed/pages/FeedPage.tsx',
  );
  const feedPreloads = modulePreloads(feedFiles.scripts);
  const firstPosts = firstPostsStyling(config.webDist, feedFiles.styles);
  /**
   * The first page of the campus feed, written into /home for a member: the
   * feed paints with the page, without waiting for a second round trip
   * (DESIGN §13). The JSON the API would answer, from the same cache.
   */
  async function firstFeedPage(user: UserRow, campus: Campus): Promise<string | null> {
    const feed = await posts.feed(user, campus, {}).catch((error: unknown) => {
      log(error, 'first feed page failed');
      return null;
    });
    // "<" only ever stands inside JSON strings, where \u003c means the same.
    return feed?.replace(/</g, '\\u003c') ?? null;
  }

  /**
   * Open Graph tags for a shared post link (/post/{id}) or profile link
   * (/{username}), so chat apps show a preview.
   */
  async function openGraph(campus: Campus, pathName: string): Promise<string[]> {
    const post = /^\/post\/([A-Za-z0-9-]{1,64})\/?$/.exec(pathName);
    const profile = post ? null : /^\/([A-Za-z0-9_.-]{1,60})\/?$/.exec(pathName);
    const username = profile ? profile[1]!.toLowerCase() : null;
    if (!post && (!username || isReservedUsername(username))) return [];
    const site = campuses.present(campus).url;
    const preview = await (
      post ? posts.preview(campus, post[1]!) : profiles.preview(campus, username!)
    ).catch(() => null);
    return openGraphTags(preview, (p) => (p.startsWith('http') ? p : site + p), {
      type: post ? 'article' : 'profile',
    });
  }

  return {
    /** False until `npm run build` has written the web app. */
    built: template !== null,

    /** The status of the page at `pathname`: 404 when the app has none there. */
    status: async (campus: Campus, pathname: string): Promise<200 | 404> =>
      (await pageExists(deps, campus, pathname)) ? 200 : 404,

    /** The HTML of the page at `url` as `user` sees it on `campus`; null when not built. */
    async render(user: UserRow | null, campus: Campus, url: string): Promise<string | null> {
      if (!template) return null;
      const dto = campuses.present(campus);
      const me = {
        viewer: user ? bootViewer(user, campus, storage, moderation) : null,
        google: Boolean(config.google),
      };
      const boot = JSON.stringify({ campus: dto, me }).replace(/</g, '\\u003c');
      const { pathname, searchParams } = new URL(url, 'http://quad');
      // Written after the answer (ADR 016): the page never waits for it.
      if (user) analytics.record(user, 'Page View', { path: pathname.slice(0, 200) });
      // /home shows the feed to school-verified members only (web/src/app/App.tsx, HomeRoute).
      const member =
        user?.school_verified && user.campus_id === campus.id && campus.id !== GENERIC_CAMPUS_ID;
      const feedPage = pathname === '/home' && Boolean(member);
      const feed =
        feedPage && !searchParams.has('category') ? await firstFeedPage(user!, campus) : null;
      const head = [
        `<title>${escapeHtml(dto.productName)}</title>`,
        `<meta name="description" content="${escapeHtml(`The buy / sell community of ${dto.schoolName} students.`)}">`,
        `<meta name="theme-color" content="${dto.theme.primary}">`,
        `<meta property="og:site_name" content="${escapeHtml(dto.productName)}">`,
        ...(await openGraph(campus, pathname)),
        `<style>html:root{--brand:${dto.theme.primary};--on-brand:${dto.theme.onPrimary};--accent:${dto.theme.accent}}</style>`,
        ...(feedPage ? feedPreloads : []),
        ...(feed && firstPosts ? [firstPosts.style] : []),
        `<script type="application/json" id="quad-boot">${boot}</script>`,
        ...(feed ? [`<script type="application/json" id="quad-feed">${feed}</script>`] : []),
      ].join('\n    ');
      const posts =
        feed && firstPosts && me.viewer
          ? firstFeedMarkup(JSON.parse(feed) as PostList, me.viewer, dto.productName, firstPosts)
          : '';
      return template
        .replace(HEAD_MARK, () => head)
        .replace('<div id="root"></div>', () => `<div id="root">${topBar(dto)}${posts}</div>`);
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;

/**
 * Whether the app has a page at `pathname` (issue 15 item 3): a path of its
 * route table, and for the ones naming something, that it exists (one
 * indexed lookup). A private campus's pages that exist are pages all the same.
 */
async function pageExists(
  { posts, profiles, chats }: Pick<PagesServiceDeps, 'posts' | 'profiles' | 'chats'>,
  campus: Campus,
  pathname: string,
): Promise<boolean> {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const route = matchWebRoute(path);
  if (!route) return false;
  const id = routeParam(route, path);
  switch (route) {
    case '/:username':
      return (await profiles.preview(campus, id!.toLowerCase())) !== null;
    case '/post/:id':
    case '/post/:id/likes':
    case '/create/comment/:id':
      return (await posts.find(id!))?.campus_id === campus.id;
    case '/messages/:chatId?':
      return id === undefined || (await chats.exists(id));
    default:
      return true;
  }
}
