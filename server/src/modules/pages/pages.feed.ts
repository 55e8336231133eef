import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Me } from '@common/schemas/auth';
import type { FeedView } from '@common/feed-view';
import type { CampusDto } from '@common/schemas/campus';
import type { PostList } from '@common/schemas/posts';

/** What the first posts are drawn from: the data the page carries anyway (`#quad-boot`, `#quad-feed`). */
export interface FirstPostsData {
  campus: CampusDto;
  me: Me;
  feed: PostList;
  /** List or grid, as the student's cookie says (ADR 047). */
  view: FeedView;
}

/** The web build's server copy of the feed (`web/src/entry-server.tsx`): the page's HTML for that data. */
type RenderFirstPosts = (data: FirstPostsData) => string;

/** Where the web build (`npm run build:web`) writes it: beside the manifest, which is not served. */
export const firstPostsBundle = (webDist: string) =>
  path.join(webDist, '.vite', 'ssr', 'entry-server.js');

/** The first posts' HTML, and the preloads of the photos they load at once, for the page's head. */
export interface DrawnPosts {
  html: string;
  preloads: string;
}

export interface FirstPosts {
  /** The feed page's stylesheets as one inline `<style>`: a `<link>` would hold the paint back a request. */
  style: string;
  /** The first posts of /home, drawn by the app's own components; null when drawing failed. */
  draw(data: FirstPostsData): DrawnPosts | null;
}

/**
 * React writes a `<link rel="preload" as="image">` for each photo the posts
 * load at once (the first post's, `loading="eager"`) at the start of what it
 * renders; in the page's head, the browser asks for that photo before the
 * app's scripts, and the first screen's largest picture paints sooner.
 */
const IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/;

/** `html` with React's image preloads at its start apart (IMAGE_PRELOADS). */
export function splitPreloads(html: string): DrawnPosts {
  const preloads = IMAGE_PRELOADS.exec(html)?.[0] ?? '';
  return { html: html.slice(preloads.length), preloads };
}

/**
 * The first posts of a member's /home, rendered on the server by the app's
 * own feed components (ADR 045): the web build's server bundle, loaded once,
 * and the feed page's stylesheets (`styles`, a few KB) written inline. Null
 * without a build, one without its server bundle, or one that fails to load:
 * then /home has no first posts and the app draws the feed alone.
 */
export async function loadFirstPosts(
  webDist: string,
  styles: string[],
  log: (error: unknown, message: string) => void,
): Promise<FirstPosts | null> {
  const file = firstPostsBundle(webDist);
  if (!styles.length || !fs.existsSync(file)) return null;
  try {
    const bundle = (await import(pathToFileURL(file).href)) as {
      renderFirstPosts?: RenderFirstPosts;
    };
    const render = bundle.renderFirstPosts;
    if (typeof render !== 'function') throw new Error(`${file} exports no renderFirstPosts`);
    const css = styles.map((f) => fs.readFileSync(path.join(webDist, f), 'utf8')).join('\n');
    return {
      style: `<style>${css.replace(/<\//g, '<\\/')}</style>`,
      draw(data) {
        try {
          return splitPreloads(render(data));
        } catch (error) {
          log(error, 'first posts failed');
          return null;
        }
      },
    };
  } catch (error) {
    log(error, 'the server bundle of the first posts failed to load');
    return null;
  }
}
