import fs from 'node:fs';
import path from 'node:path';
import { categoryLabel } from '@common/categories';
import { POST_PREVIEW_CHARS } from '@common/limits';
import { CONDITION_LABELS, LISTING_MESSAGES, listingBadge, priceLabel } from '@common/listings';
import { MEDIA_MESSAGES, MESSAGES } from '@common/messages';
import { MEETUP_MESSAGES } from '@common/schemas/meetups';
import { POST_MESSAGES, type MediaDto, type PostDto, type PostList } from '@common/schemas/posts';
import { escapeHtml, initials } from '@common/text';
import { timeAgo } from '@common/time';

/** Posts written into /home: enough to fill a phone's first screen and then some. */
export const FIRST_POSTS = 4;

/** Each CSS module's class names as the web build hashed them (`.vite/css-modules.json`). */
export type CssModuleClasses = Record<string, Record<string, string>>;

/** The modules whose classes the first posts use, as the build names them. */
const MODULES = {
  page: 'src/features/feed/pages/FeedPage.module.css',
  tabs: 'src/components/ui/TabLinks.module.css',
  list: 'src/components/posts/InfiniteList.module.css',
  post: 'src/components/posts/PostParts.module.css',
  avatar: 'src/components/ui/Avatar.module.css',
  filters: 'src/components/posts/ListingFilters.module.css',
} as const;

type Classes = { [K in keyof typeof MODULES]: Record<string, string> };

/**
 * What the first posts need from the web build: the class names of its CSS
 * modules (`.vite/css-modules.json`) and, as one inline `<style>`, the feed
 * page's stylesheets (`styles`, a few KB): inline, they hold the first paint
 * back by no request. Null without a build, or one lacking a module used here.
 */
export function firstPostsStyling(
  webDist: string,
  styles: string[],
): { classes: Classes; style: string } | null {
  const file = path.join(webDist, '.vite', 'css-modules.json');
  if (!styles.length || !fs.existsSync(file)) return null;
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as CssModuleClasses;
  const picked = Object.fromEntries(Object.entries(MODULES).map(([key, m]) => [key, all[m]]));
  if (!Object.values(picked).every(Boolean)) return null;
  const css = styles.map((f) => fs.readFileSync(path.join(webDist, f), 'utf8')).join('\n');
  return { classes: picked as Classes, style: `<style>${css.replace(/<\//g, '<\\/')}</style>` };
}

/**
 * The feed of /home as the app first draws it (`FeedPage`, `InfiniteList`,
 * `PostCard`), written by the server from the feed page already in the page so
 * the first posts paint before the app's code has run (DESIGN §13, ADR 022).
 * Same classes, same place: the app's first render replaces it with the very
 * same boxes. Inert and hidden from assistive technology until then, like the
 * top bar. Every piece of user text goes through `escapeHtml`.
 */
export function firstFeedMarkup(
  feed: PostList,
  viewer: { firstName: string; lastName: string; avatarUrl: string | null },
  productName: string,
  { classes }: { classes: Classes },
  now = Date.now(),
): string {
  const cls = classNames(classes);
  const posts = feed.items.slice(0, FIRST_POSTS);
  return (
    `<div id="quad-first-posts" class="shell__body" inert aria-hidden="true"><div class="shell__nav"></div>` +
    `<div class="shell__main"><div class="${cls('page', 'page')}">` +
    `<h1 class="visually-hidden">${escapeHtml(productName)}</h1>` +
    `<nav class="${cls('tabs', 'tabs')}">` +
    `<a href="/home" class="${cls('tabs', 'tab', 'active')}">${MEDIA_MESSAGES.feedTab}</a>` +
    `<a href="/media" class="${cls('tabs', 'tab')}">${MEDIA_MESSAGES.mediaTab}</a></nav>` +
    `<section class="card ${cls('page', 'composerBox')}">${avatar(cls, viewer, viewer.lastName)}` +
    `<button type="button" class="${cls('page', 'prompt')}">${POST_MESSAGES.composerPlaceholder}</button>` +
    `<button type="button" class="icon-button ${cls('page', 'photo')}">${ICONS.image}</button></section>` +
    `<div class="${cls('page', 'filter')}"><label>${MESSAGES.posts.category}</label>` +
    `<select><option>${MESSAGES.posts.allCategories}</option></select></div>` +
    `<div class="${cls('filters', 'root')}"><button type="button" class="${cls('filters', 'toggle')}" aria-expanded="false">` +
    `${LISTING_MESSAGES.filters}${ICONS.chevronDown}</button></div>` +
    (posts.length
      ? `<div class="${cls('list', 'list')}"><ul class="${cls('list', 'items')}">` +
        posts.map((post) => `<li>${postCard(cls, post, now)}</li>`).join('') +
        `</ul></div>`
      : '') +
    `</div></div></div>`
  );
}

type Cls = (module: keyof Classes, ...names: string[]) => string;

const classNames =
  (c: Classes): Cls =>
  (module, ...names) =>
    names.map((n) => c[module][n] ?? '').join(' ');

/** `Avatar`: the photo, or the initials drawn by CSS. */
function avatar(cls: Cls, person: { firstName: string; avatarUrl: string | null }, last: string) {
  return (
    `<span class="${cls('avatar', 'avatar')}" style="width:40px;height:40px;font-size:16px" aria-hidden="true"` +
    (person.avatarUrl
      ? `><img src="${escapeHtml(person.avatarUrl)}" alt="" width="40" height="40" class="${cls('avatar', 'photo')}">`
      : ` data-initials="${escapeHtml(initials(person.firstName, last) || '?')}">`) +
    `</span>`
  );
}

/** `PostCard` of a feed: header, text, photos, Save and Comment. */
function postCard(cls: Cls, post: PostDto, now: number): string {
  const profile = `/${escapeHtml(post.author.username)}`;
  const link = `/post/${escapeHtml(post.id)}`;
  const created = new Date(post.createdAt);
  return (
    `<article class="card ${cls('post', 'card')}">` +
    `<header class="${cls('post', 'header')}">` +
    `<a href="${profile}" class="${cls('post', 'avatarLink')}" tabindex="-1" aria-hidden="true">` +
    `${avatar(cls, post.author, post.author.lastInitial)}</a>` +
    `<div class="${cls('post', 'meta')}">` +
    `<a class="${cls('post', 'name')}" href="${profile}">${escapeHtml(`${post.author.firstName} ${post.author.lastInitial}`)}</a>` +
    `<a class="${cls('post', 'time')}" href="${link}"><time datetime="${created.toISOString()}">${escapeHtml(timeAgo(created, now))}</time></a>` +
    `</div>` +
    (post.category
      ? `<span class="${cls('post', 'chip')}">${escapeHtml(categoryLabel(post.category))}</span>`
      : '') +
    `</header>` +
    listingLine(cls, post) +
    postText(cls, post.text) +
    spotLine(cls, post) +
    mediaGrid(cls, post.media) +
    `<footer class="${cls('post', 'actions')}">` +
    `<button type="button" class="${cls('post', 'action', ...(post.liked ? ['saved'] : []))}" aria-pressed="${post.liked}">` +
    `${ICONS.bookmark}<span>${post.liked ? POST_MESSAGES.saved : POST_MESSAGES.save}</span>` +
    `<span class="${cls('post', 'count')}">${post.likeCount}</span></button>` +
    `<a class="${cls('post', 'action')}" href="${link}">` +
    `${ICONS.chat}<span>${MESSAGES.posts.comment}</span>` +
    `<span class="${cls('post', 'count')}">${post.commentCount}</span></a>` +
    `</footer></article>`
  );
}

/** `ListingLine`: price, condition and a Sold, Pending or Expired badge; nothing for a plain post. */
function listingLine(cls: Cls, post: PostDto): string {
  const price = priceLabel(post);
  const badge = listingBadge(post, Date.now());
  if (!price && !post.condition && !badge) return '';
  return (
    `<p class="${cls('post', 'listing')}">` +
    (price ? `<span class="${cls('post', 'price')}">${escapeHtml(price)}</span>` : '') +
    (post.condition
      ? `<span class="${cls('post', 'condition')}">${CONDITION_LABELS[post.condition]}</span>`
      : '') +
    (badge
      ? `<span class="${cls('post', 'badge', badge)}">${LISTING_MESSAGES[badge]}</span>`
      : '') +
    `</p>`
  );
}

/** `PostSpot`: "Meet at: <spot>", a listing's pick-up place (ADR 026). */
function spotLine(cls: Cls, post: PostDto): string {
  if (!post.spot) return '';
  return (
    `<p class="${cls('post', 'spot')}">${ICONS.mapPin}` +
    `<span>${MEETUP_MESSAGES.meetAt}: ${escapeHtml(post.spot.name)}</span></p>`
  );
}

/** `PostText`: cut at POST_PREVIEW_CHARS characters with "See more". */
function postText(cls: Cls, value: string): string {
  if (!value) return '';
  const chars = [...value];
  if (chars.length <= POST_PREVIEW_CHARS)
    return `<p class="${cls('post', 'text')}">${escapeHtml(value)}</p>`;
  const cut = `${chars.slice(0, POST_PREVIEW_CHARS).join('').trimEnd()}… `;
  return (
    `<p class="${cls('post', 'text')}">${escapeHtml(cut)}` +
    `<button type="button" class="${cls('post', 'more')}" aria-expanded="false">${POST_MESSAGES.seeMore}</button></p>`
  );
}

/** `MediaGrid`: photos and videos at the size the API measured, so nothing shifts. */
function mediaGrid(cls: Cls, media: MediaDto[]): string {
  if (media.length === 0) return '';
  const items = media.map((m, index) =>
    m.kind === 'video'
      ? `<video class="${cls('post', 'media')}" src="${escapeHtml(m.url)}"` +
        (m.width ? ` width="${m.width}"` : '') +
        (m.height ? ` height="${m.height}"` : '') +
        ` controls preload="metadata" playsinline></video>`
      : `<img class="${cls('post', 'media')}" src="${escapeHtml(m.url)}" width="${m.width}" height="${m.height}"` +
        ` alt="Photo ${index + 1} of ${media.length}" loading="lazy" decoding="async">`,
  );
  return `<div class="${cls('post', media.length > 1 ? 'grid' : 'single')}">${items.join('')}</div>`;
}

/** The app's icons (web/src/components/ui/Icons.tsx) the first posts show, at the sizes they show them. */
const icon = (size: number, body: string) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;
const ICONS = {
  image: icon(
    22,
    '<rect x="3" y="4" width="18" height="16" rx="2.5"/><circle cx="8.5" cy="9.5" r="1.5"/><path d="m21 16-5-5-9 9"/>',
  ),
  bookmark: icon(20, '<path d="M6 3h12v18l-6-4-6 4V3Z"/>'),
  chevronDown: icon(16, '<path d="m6 9 6 6 6-6"/>'),
  mapPin: icon(
    16,
    '<path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12Z"/><circle cx="12" cy="9" r="2.5"/>',
  ),
  chat: icon(20, '<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z"/>'),
};
