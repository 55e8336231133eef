import { describe, expect, it } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { POST_PREVIEW_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import type { Viewer } from '@common/schemas/auth';
import type { CampusDto } from '@common/schemas/campus';
import type { PostDto } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/words/posts';
import { renderFirstPosts } from './entry-server';
import { FIRST_POSTS } from './lib/first-posts';

/**
 * The server's copy of the feed (ADR 045), rendered here as the server renders
 * it: in Node, with no DOM (this project has none), so a component that reads
 * `window` or `document` while rendering fails this test.
 */

const campus = { ...CAMPUSES.ut, url: 'http://ut.localhost:3000' } as unknown as CampusDto;
const viewer: Viewer = {
  id: 'u1',
  campusId: 'ut',
  email: 'ann@example.com',
  username: 'ann',
  firstName: 'Ann',
  lastName: 'Lee',
  verified: true,
  schoolVerified: true,
  schoolEmail: 'ann@utexas.edu',
  avatarUrl: null,
  profileSetUp: true,
  hasPassword: true,
  phone: null,
  gender: null,
  birthDate: null,
  emailNotifications: true,
  createdAt: 0,
};

const post = (n: number, text = `Post number ${n}`): PostDto => ({
  id: `p${n}`,
  campusId: 'ut',
  parentId: null,
  rootId: null,
  depth: 0,
  text,
  category: 'furniture',
  author: {
    id: 'a1',
    username: 'zoe',
    firstName: 'Zoë "Z"',
    lastInitial: 'R.',
    avatarUrl: null,
    verified: false,
  },
  media: [],
  likeCount: 3,
  commentCount: 2,
  liked: false,
  can: {
    edit: false,
    delete: false,
    markSold: false,
    renew: false,
    save: true,
    comment: true,
    message: true,
    report: true,
  },
  price: null,
  obo: false,
  condition: null,
  status: 'available',
  createdAt: Date.now() - 3_600_000,
  updatedAt: Date.now() - 3_600_000,
  spot: null,
  expiresAt: null,
  bumpedAt: null,
});

/** A photo as the API answers it. */
const photo = {
  id: 'm1',
  kind: 'image' as const,
  mime: 'image/webp',
  url: '/uploads/m1.webp',
  thumbUrl: '/uploads/m1-thumb.webp',
  width: 800,
  height: 600,
  alt: '',
  posterUrl: null,
  durationMs: null,
};

/** "You've reached the end." as HTML writes it. */
const feedEnd = MESSAGES.feedEnd.replace("'", '&#x27;');

const render = (items: PostDto[], nextCursor: string | null = null) =>
  renderFirstPosts({ campus, me: { viewer, google: false }, feed: { items, nextCursor } });

describe('the first posts of /home, rendered without a DOM', () => {
  it('draws the feed page with the first posts, inert and hidden until the app replaces it', () => {
    expect(typeof document).toBe('undefined');
    const html = render([1, 2, 3, 4, 5, 6].map((n) => post(n)));
    expect(html).toMatch(
      /^<div id="quad-first-posts" class="shell__body" inert="" aria-hidden="true"><div class="shell__nav"><\/div><div class="shell__main">/,
    );
    // The page around the cards: its heading, the composer box, the category filter.
    expect(html).toContain(`<h1 class="visually-hidden">${campus.productName}</h1>`);
    expect(html).toContain(POST_MESSAGES.composerPlaceholder);
    expect(html).toContain(`>${MESSAGES.posts.allCategories}</option>`);
    expect(html).toContain('data-initials="AL"');
    // The first FIRST_POSTS posts in order, as cards, with Save and Comment.
    const shown = [...html.matchAll(/Post number (\d)/g)].map((m) => Number(m[1]));
    expect(shown).toEqual([1, 2, 3, 4].slice(0, FIRST_POSTS));
    expect(html.match(/<article class="card /g)).toHaveLength(FIRST_POSTS);
    expect(html).toContain(`<span>${POST_MESSAGES.save}</span>`);
    expect(html).toContain(`<span>${MESSAGES.posts.comment}</span>`);
    expect(html).toContain('1 hour ago');
    // Cut short, the list is not at its end.
    expect(html).not.toContain(feedEnd);
  });

  it('ends the list as the app does when the page is all there is', () => {
    const html = render([post(1), post(2)]);
    expect(html.match(/<article class="card /g)).toHaveLength(2);
    expect(html).toContain(feedEnd);
  });

  it("keeps a user's text text, and cuts a long one with See more", () => {
    const hostile = `Desk <script>alert("x")</script> & 'chair' $' $& </div></ul>`;
    const long = 'word '.repeat(POST_PREVIEW_CHARS);
    const html = render([post(1, hostile), post(2, long)]);
    expect(html).not.toContain('<script');
    expect(html).toContain(
      'Desk &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;chair&#x27; $&#x27; $&amp; &lt;/div&gt;&lt;/ul&gt;',
    );
    expect(html).toContain('>Zoë &quot;Z&quot; R.</a>');
    expect(html).toContain(`>${POST_MESSAGES.seeMore}</button>`);
    expect(html).not.toContain(long.trim());
  });
  it("draws a post's photos as the buttons that open the photo viewer, at their measured size", () => {
    const media = photo;
    const html = render([{ ...post(1), media: [media] }]);
    // ADR 046: the viewer's own code is not part of this copy; its button and photo are.
    expect(html).toMatch(
      /<button type="button" class="[^"]+" aria-haspopup="dialog"><img class="[^"]+" src="\/uploads\/m1.webp" width="800" height="600" alt="Photo 1 of 1"/,
    );
    expect(html).not.toContain('role="dialog"');
    // The first post's photo loads before all else: React's preload of it comes first,
    // for the server to put in the page's head (server/src/modules/pages/pages.feed.ts).
    expect(html).toMatch(
      /^<link rel="preload" as="image" href="\/uploads\/m1.webp" fetchPriority="high"\/><div id="quad-first-posts"/,
    );
    expect(html).toMatch(
      /<img [^>]*src="\/uploads\/m1.webp"[^>]*loading="eager" fetchPriority="high"/,
    );
    // A later post's photos wait until they are near the screen.
    const later = render([post(1), { ...post(2), media: [media] }]);
    expect(later).not.toContain('rel="preload"');
    expect(later).toMatch(/<img [^>]*src="\/uploads\/m1.webp"[^>]*loading="lazy"/);
  });

  it("draws the grid of tiles, wide, when the student's cookie chose it (ADR 047)", () => {
    const listing = { ...post(1, 'Oak desk\nTwo drawers'), price: 40, obo: true, media: [photo] };
    const html = renderFirstPosts({
      campus,
      me: { viewer, google: false },
      feed: { items: [listing, post(2)], nextCursor: null },
      view: 'grid',
    });
    // The first tile's photo first, as the browser will choose it from the tile's sources.
    expect(html).toMatch(
      /^<link rel="preload" as="image" imageSrcSet="\/uploads\/m1-thumb.webp 267w, \/uploads\/m1.webp 800w" imageSizes="[^"]+" fetchPriority="high"\/><div id="quad-first-posts" class="shell__body shell__body--wide"/,
    );
    expect(html).toContain('aria-labelledby="tile-p1-title"');
    expect(html).toContain('aria-labelledby="tile-p2-title"');
    expect(html).toContain('$40 · OBO');
    expect(html).toContain('aria-pressed="true">');
    expect(html).not.toContain('<article class="card ');
  });
});
