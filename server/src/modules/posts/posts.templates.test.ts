import {
  type CommentNode,
  type PostDto,
  postListSchema,
  postPageSchema,
} from '@common/schemas/posts';
import { CONDITIONS, LISTING_STATUSES } from '@common/listings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postCan, type PostViewer } from '../../core/policies/post';
import { checkedBody, postListJson, postPageJson } from './posts.templates';

/**
 * Pages written once with holes for the viewer's saves and what they may do
 * (ADR 005, 044) must read exactly as the objects they stand for, whatever
 * the text, the tree, the saves and the viewer: a property test against
 * JSON.parse.
 */

// Any text a student can type, quotes, backslashes, emoji and "liked":false included.
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('"liked":false', '\\"liked\\":false}', '{"liked":true}', '</script>'),
);

const post: fc.Arbitrary<PostDto> = fc.record({
  id: fc.uuid(),
  campusId: fc.constantFrom('ou', 'ut'),
  parentId: fc.option(fc.uuid(), { nil: null }),
  rootId: fc.option(fc.uuid(), { nil: null }),
  depth: fc.nat(20),
  text,
  category: fc.option(text, { nil: null }),
  spot: fc.option(fc.record({ id: fc.string({ maxLength: 12 }), name: text }), { nil: null }),
  expiresAt: fc.option(fc.nat(), { nil: null }),
  bumpedAt: fc.option(fc.nat(), { nil: null }),
  author: fc.record({
    id: fc.uuid(),
    username: fc.string({ maxLength: 12 }),
    firstName: text,
    lastInitial: fc.constantFrom('', 'D.'),
    avatarUrl: fc.option(fc.webUrl(), { nil: null }),
    verified: fc.boolean(),
  }),
  media: fc.array(
    fc.record({
      id: fc.uuid(),
      kind: fc.constantFrom('image' as const, 'video' as const),
      mime: fc.constantFrom('image/webp', 'video/mp4'),
      url: fc.webUrl(),
      thumbUrl: fc.webUrl(),
      width: fc.nat(4000),
      height: fc.nat(4000),
      alt: fc.string({ maxLength: 250 }),
      posterUrl: fc.option(fc.webUrl()),
      durationMs: fc.option(fc.nat(14_400_000)),
    }),
    { maxLength: 3 },
  ),
  likeCount: fc.nat(),
  commentCount: fc.nat(),
  liked: fc.constant(false),
  can: fc.record({
    edit: fc.boolean(),
    delete: fc.boolean(),
    markSold: fc.boolean(),
    renew: fc.boolean(),
    save: fc.boolean(),
    comment: fc.boolean(),
    message: fc.boolean(),
    report: fc.boolean(),
  }),
  price: fc.option(fc.nat(100_000), { nil: null }),
  obo: fc.boolean(),
  condition: fc.option(fc.constantFrom(...CONDITIONS), { nil: null }),
  status: fc.constantFrom(...LISTING_STATUSES),
  createdAt: fc.nat(),
  updatedAt: fc.nat(),
});

/** A comment with replies down to `depth` more levels. */
const commentTree = (depth: number): fc.Arbitrary<CommentNode> =>
  fc
    .record({
      post,
      replies:
        depth === 0
          ? fc.constant<CommentNode[]>([])
          : fc.array(commentTree(depth - 1), { maxLength: 3 }),
    })
    .map(({ post: p, replies }) => ({ ...p, replies }));
const tree = commentTree(3);

/** What the viewer should see: the same objects with their saves and what they may do marked. */
function mark<T extends PostDto>(p: T, liked: Set<string>, viewer: PostViewer | null): T {
  const replies = (p as Partial<CommentNode>).replies;
  return {
    ...p,
    liked: liked.has(p.id),
    can: postCan(viewer, { ...p, authorId: p.author.id }),
    ...(replies ? { replies: replies.map((r) => mark(r, liked, viewer)) } : {}),
  };
}

/** Nobody, a stranger, or the author of one of the posts, of either campus, maybe blocking some. */
const viewerAmong = (authors: string[]): fc.Arbitrary<PostViewer | null> =>
  fc.option(
    fc.record({
      id: authors.length > 0 ? fc.oneof(fc.constantFrom(...authors), fc.uuid()) : fc.uuid(),
      verified: fc.boolean(),
      schoolVerified: fc.boolean(),
      campusId: fc.constantFrom('ou', 'ut'),
      hidden: fc.subarray(authors).map((a) => new Set(a)),
    }),
    { nil: null },
  );

function idsOf(nodes: CommentNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...idsOf(n.replies)]);
}

/** Some of the page's ids, and some that are not on it. */
const savesAmong = (ids: string[]) =>
  fc
    .tuple(fc.subarray(ids), fc.array(fc.uuid(), { maxLength: 2 }))
    .map(([some, others]) => new Set([...some, ...others]));

describe('post lists written once', () => {
  it('read as the list with the viewer’s saves, for any posts and saves', () => {
    fc.assert(
      fc.property(
        fc
          .array(post, { maxLength: 15 })
          .chain((posts) =>
            fc.tuple(
              fc.constant(posts),
              fc.option(fc.string(), { nil: null }),
              fc.array(
                fc.tuple(
                  savesAmong(posts.map((p) => p.id)),
                  viewerAmong(posts.map((p) => p.author.id)),
                ),
                { minLength: 1, maxLength: 4 },
              ),
            ),
          ),
        ([posts, cursor, readers]) => {
          // One written list read by several viewers in turn, as the cache serves it.
          const json = postListJson(posts, cursor);
          for (const [liked, viewer] of readers) {
            const body = json.render(liked, viewer);
            expect(JSON.parse(body.toString())).toEqual({
              items: posts.map((p) => mark(p, liked, viewer)),
              nextCursor: cursor,
            });
            expect(checkedBody(body, postListSchema, true)).toBe(body);
          }
          expect(json.ids).toEqual(posts.map((p) => p.id));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('post pages written once', () => {
  it('read as the page with its nested thread and the viewer’s saves', () => {
    fc.assert(
      fc.property(
        fc
          .record({
            post,
            parents: fc.array(post, { maxLength: 3 }),
            comments: fc.array(tree, { maxLength: 4 }),
          })
          .chain((page) =>
            fc.tuple(
              fc.constant(page),
              fc.array(
                fc.tuple(
                  savesAmong([
                    page.post.id,
                    ...page.parents.map((p) => p.id),
                    ...idsOf(page.comments),
                  ]),
                  viewerAmong([page.post.author.id, ...page.comments.map((c) => c.author.id)]),
                ),
                { minLength: 1, maxLength: 4 },
              ),
            ),
          ),
        ([page, readers]) => {
          // One written page read by several viewers in turn, as the cache serves it.
          const json = postPageJson(page);
          for (const [liked, viewer] of readers) {
            const body = json.render(liked, viewer);
            expect(JSON.parse(body.toString())).toEqual({
              post: mark(page.post, liked, viewer),
              parents: page.parents.map((p) => mark(p, liked, viewer)),
              comments: page.comments.map((c) => mark(c, liked, viewer)),
              // Written without a seller card: a listing's page gets it per visit (withSeller).
              seller: null,
            });
            expect(checkedBody(body, postPageSchema, true)).toBe(body);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hands the same bytes to every viewer without saves on the page and with the same rights', () => {
    const [page] = fc.sample(
      fc.record({ post, parents: fc.constant([]), comments: fc.array(tree, { maxLength: 3 }) }),
      { numRuns: 1, seed: 7 },
    );
    const json = postPageJson(page!);
    const viewer = (id: string): PostViewer => ({
      id,
      verified: true,
      schoolVerified: true,
      campusId: 'ut',
      hidden: new Set(),
    });
    expect(json.render(new Set(), viewer('a'))).toBe(
      json.render(new Set(['not-on-this-page']), viewer('b')),
    );
  });
});

describe('a written page read by viewers of different kinds in turn', () => {
  const [posts] = fc.sample(fc.array(post, { minLength: 3, maxLength: 3 }), {
    numRuns: 1,
    seed: 11,
  });
  const page = posts!.map((p) => ({ ...p, campusId: 'ut' as const, parentId: null }));
  const reader = (campusId: 'ut' | 'ou', verified: boolean, schoolVerified: boolean) =>
    ({ id: 'reader', verified, schoolVerified, campusId, hidden: new Set() }) satisfies PostViewer;
  const kinds: [string, PostViewer | null][] = [
    ['a member', reader('ut', true, true)],
    ['a student of another campus', reader('ou', true, true)],
    ['a member without a school e-mail', reader('ut', true, false)],
    ['an account not yet verified', reader('ut', false, false)],
    ['nobody', null],
    ['the author of one', { ...reader('ut', true, true), id: page[1]!.author.id }],
    [
      'a member across a block',
      { ...reader('ut', true, true), hidden: new Set([page[2]!.author.id]) },
    ],
  ];

  it.each([0, 3, 6])('gives each viewer their own can, starting with kind %i', (first) => {
    const list = postListJson(page, null);
    const thread = postPageJson({ post: page[0]!, parents: [], comments: [] });
    const order = [...kinds.slice(first), ...kinds.slice(0, first), ...kinds];
    for (const [, viewer] of order) {
      expect(JSON.parse(list.render(new Set(), viewer).toString()).items).toEqual(
        page.map((p) => mark(p, new Set(), viewer)),
      );
      expect(JSON.parse(thread.render(new Set(), viewer).toString()).post).toEqual(
        mark(page[0]!, new Set(), viewer),
      );
    }
  });
});

describe('checkedBody', () => {
  it('refuses a body with a field its schema does not have, or a field of the wrong type', () => {
    const body = postListJson([], null).render(new Set(), null).toString();
    const bytes = (text: string) => Buffer.from(text);
    expect(() =>
      checkedBody(bytes(body.replace('{', '{"secret":1,')), postListSchema, true),
    ).toThrow(/fields its schema does not/);
    expect(() => checkedBody(bytes('{"items":[],"nextCursor":3}'), postListSchema, true)).toThrow();
    // In production the body goes out as written: the writer took only the schema's fields.
    const asWritten = bytes('{"x":1}');
    expect(checkedBody(asWritten, postListSchema, false)).toBe(asWritten);
  });
});
