import {
  type CommentNode,
  type PostDto,
  type postListSchema,
  type postPageSchema,
  type postThreadSchema,
  type profilePostListSchema,
  postSchema,
} from '@common/schemas/posts';
import type { z } from 'zod';
import {
  classViewer,
  personalTo,
  postCan,
  type PostFacts,
  postCanJson,
  type PostViewer,
  postViewerClass,
} from '../../core/policies/post';
import { compileSerializer } from '../../http/serializer';

/** The two fields of a post that differ from viewer to viewer, side by side in its JSON. */
const LIKED = '"liked":';
const CAN = ',"can":';
/** What a post holds as written, before a viewer fills it: nobody's save, nobody's rights. */
const NOBODY_CAN = postCanJson(null, {
  authorId: '',
  campusId: '',
  parentId: null,
  price: null,
  status: '',
});
const NOBODY = `${LIKED}false${CAN}${NOBODY_CAN}`;
const writePost = compileSerializer(postSchema);

/** What a post's hole needs: its id for `liked`, its facts for `can` (ADR 044). */
interface Hole extends PostFacts {
  id: string;
}

const holeOf = (post: PostDto): Hole => ({
  id: post.id,
  authorId: post.author.id,
  campusId: post.campusId,
  parentId: post.parentId,
  price: post.price,
  status: post.status,
});

/** What a page's holes hold for one viewer: each post's `liked` and `can`, after `"liked":`. */
interface Fills {
  fills: string[];
  /** Nothing on the page is the viewer's alone: their class's body serves them. */
  plain: boolean;
  /** The body every viewer of the class reads when it is plain for them, once written. */
  shared: { body?: string };
}

/**
 * Fills a page's holes for a viewer. What a post's `can` says depends on the
 * viewer's class (the post policy's `postViewerClass`) unless the post is
 * personal to them (`personalTo`: theirs, or across a block); so each hole's
 * `can` is written once per class, and only a viewer's own posts ask the
 * policy again. A page nothing on which is a viewer's own (no post they
 * saved, wrote or stand across a block from) is the same text for their
 * whole class, kept once written: most readers of a thread share one string,
 * as before `can` (ADR 044).
 */
function filler(
  holes: readonly Hole[],
): (liked: ReadonlySet<string>, viewer: PostViewer | null) => Fills {
  const byClass = new Map<string, { cans: string[]; shared: { body?: string } }>();
  return (liked, viewer) => {
    const key = postViewerClass(viewer);
    let cls = byClass.get(key);
    if (!cls) {
      const anyone = classViewer(viewer);
      cls = { cans: holes.map((h) => CAN + postCanJson(anyone, h)), shared: {} };
      byClass.set(key, cls);
    }
    let plain = true;
    const fills = holes.map((h, i) => {
      const saved = liked.has(h.id);
      const own = personalTo(viewer, h.authorId);
      if (saved || own) plain = false;
      return (saved ? 'true' : 'false') + (own ? CAN + postCanJson(viewer, h) : cls.cans[i]!);
    });
    return { fills, plain, shared: cls.shared };
  };
}

/**
 * Posts written as JSON once, with a hole where each post's `liked` and
 * `can` go (ADR 005, 044). Everything a campus sees alike is serialised when
 * the cache entry is made; a request only fills in the viewer's saves and
 * what they may do, a pure function of the viewer and the post (the post
 * policy), so a feed page or a 200-comment thread costs a few string joins
 * instead of a serialiser run over every post.
 */
export interface PostsJson {
  /** The posts with a hole, in the order their holes appear. */
  readonly ids: readonly string[];
  /** The body for a viewer who saved `liked` (any ids; those without a hole are ignored). */
  render(liked: ReadonlySet<string>, viewer: PostViewer | null): string;
}

/** A post's JSON around its `liked` and `can` values: `before` ends with `"liked":`. */
function splitAtLiked(post: PostDto): { before: string; after: string } {
  const json = writePost(post);
  const at = json.indexOf(NOBODY);
  // Quotes inside string values are escaped, so the fields can only be the post's own.
  if (at < 0 || json.indexOf(NOBODY, at + 1) >= 0) throw new Error('post JSON without liked');
  return { before: json.slice(0, at + LIKED.length), after: json.slice(at + NOBODY.length) };
}

/** The post as written once: as nobody sees it, `liked` and `can` filled per viewer. */
const asWritten = (post: PostDto): PostDto => ({
  ...post,
  liked: false,
  can: postCan(null, holeOf(post)),
});

/** Builds a template from text pieces and holes, joined in the order they are added. */
function templateWriter() {
  const parts: string[] = [''];
  const holes: Hole[] = [];
  const writer = {
    text(text: string) {
      parts[parts.length - 1] += text;
      return writer;
    },
    /** A post without its closing brace, so that a caller may add fields (its replies). */
    openPost(post: PostDto) {
      const { before, after } = splitAtLiked(asWritten(post));
      parts[parts.length - 1] += before;
      holes.push(holeOf(post));
      parts.push(after.slice(0, -1));
      return writer;
    },
    post(post: PostDto) {
      return writer.openPost(post).text('}');
    },
    list<T>(items: readonly T[], write: (item: T) => void) {
      items.forEach((item, i) => {
        if (i > 0) writer.text(',');
        write(item);
      });
      return writer;
    },
    done(): PostsJson {
      const fillFor = filler(holes);
      return {
        ids: holes.map((h) => h.id),
        render(liked, viewer) {
          const { fills, plain, shared } = fillFor(liked, viewer);
          if (plain && shared.body !== undefined) return shared.body;
          let body = parts[0]!;
          for (let i = 0; i < fills.length; i++) body += fills[i]! + parts[i + 1]!;
          if (plain) shared.body = body;
          return body;
        },
      };
    },
  };
  return writer;
}

/** A list page, whose posts a viewer may see fewer of (ADR 024). */
export interface PostListJson extends PostsJson {
  /**
   * The body for a viewer who saved `liked`, without the posts of `hidden`
   * authors (students blocked either way). The cursor stays the page's own,
   * so the next page follows the shared one.
   */
  render(
    liked: ReadonlySet<string>,
    viewer: PostViewer | null,
    hidden?: ReadonlySet<string>,
  ): string;
}

/** `{ items, nextCursor }` (postListSchema). Each post is kept apart, to leave out a hidden one. */
export function postListJson(posts: readonly PostDto[], nextCursor: string | null): PostListJson {
  const items = posts.map((p) => ({ hole: holeOf(p), ...splitAtLiked(asWritten(p)) }));
  const end = `],"nextCursor":${JSON.stringify(nextCursor)}}`;
  const holes = items.map((i) => i.hole);
  const fillFor = filler(holes);
  return {
    ids: holes.map((h) => h.id),
    render(liked, viewer, hidden) {
      const { fills, plain, shared } = fillFor(liked, viewer);
      // A post of a hidden author is left out: the page is then the viewer's alone.
      const leftOut = hidden && hidden.size > 0 && holes.some((h) => hidden.has(h.authorId));
      if (plain && !leftOut && shared.body !== undefined) return shared.body;
      const shown = items.flatMap((item, i) =>
        leftOut && hidden.has(item.hole.authorId) ? [] : [item.before + fills[i]! + item.after],
      );
      const body = `{"items":[${shown.join(',')}${end}`;
      if (plain && !leftOut) shared.body = body;
      return body;
    },
  };
}

type Writer = ReturnType<typeof templateWriter>;

/** A comment and its replies at any depth, each with its hole. */
function writeNode(w: Writer, n: CommentNode): void {
  w.openPost(n).text(',"replies":[');
  w.list(n.replies, (r) => writeNode(w, r)).text(']}');
}

/** `{ post, parents, comments }` (postPageSchema), the comments nested at any depth. */
export function postPageJson(page: {
  post: PostDto;
  parents: readonly PostDto[];
  comments: readonly CommentNode[];
}): PostsJson {
  const w = templateWriter();
  w.text('{"post":').post(page.post).text(',"parents":[');
  w.list(page.parents, (p) => w.post(p)).text('],"comments":[');
  return w
    .list(page.comments, (n) => writeNode(w, n))
    .text(']}')
    .done();
}

/** A profile tab's post with what it answers and the replies below it. */
export interface ProfileEntry {
  post: PostDto;
  replyTo: PostDto | null;
  replies: readonly CommentNode[];
}

/** `{ items, nextCursor }` (profilePostListSchema): every post of it, nested ones too, with a hole. */
export function profileListJson(
  entries: readonly ProfileEntry[],
  nextCursor: string | null,
): PostsJson {
  const w = templateWriter().text('{"items":[');
  w.list(entries, ({ post, replyTo, replies }) => {
    w.openPost(post).text(',"replyTo":');
    if (replyTo) w.post(replyTo);
    else w.text('null');
    w.text(',"replies":[');
    w.list(replies, (n) => writeNode(w, n)).text(']}');
  });
  return w.text(`],"nextCursor":${JSON.stringify(nextCursor)}}`).done();
}

/**
 * Outside production every body is checked against its response schema, as
 * Fastify's serialiser checks objects (http/serializer.ts): a field missing,
 * mistyped or not in the schema fails the tests, not a student's browser.
 */
export function checkedBody(
  body: string,
  schema:
    | typeof postListSchema
    | typeof postPageSchema
    | typeof postThreadSchema
    | typeof profilePostListSchema,
  check: boolean,
): string {
  if (!check) return body;
  const sent: unknown = JSON.parse(body);
  const parsed: unknown = (schema as z.ZodType).parse(sent);
  // zod drops fields it does not know: a body that loses some carried too much.
  if (JSON.stringify(parsed) !== JSON.stringify(sent))
    throw new Error('response body has fields its schema does not');
  return body;
}
