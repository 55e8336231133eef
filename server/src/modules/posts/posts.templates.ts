import {
  type CommentNode,
  type PostDto,
  type postListSchema,
  type postPageSchema,
  type profilePostListSchema,
  postSchema,
} from '@common/schemas/posts';
import type { z } from 'zod';
import {
  classViewer,
  personalTo,
  type PostFacts,
  postCanJson,
  type PostViewer,
  postViewerClass,
} from '../../core/policies/post';
import { compileSerializer } from '../../http/serializer';

/** The two fields of a post that differ from viewer to viewer, side by side in its JSON. */
const LIKED = '"liked":';
const CAN = ',"can":';

/**
 * A post's fields before its `liked` and after its `can`, each serialised on
 * its own: a post is written once as the text around its hole, with no copy
 * of it made and no search for where the hole goes.
 */
type Field = keyof typeof postSchema.shape;
const fields = Object.keys(postSchema.shape) as Field[];
const pick = (keys: Field[]) =>
  compileSerializer(
    postSchema.pick(Object.fromEntries(keys.map((k) => [k, true])) as Partial<Record<Field, true>>),
  );
const writeHead = pick(fields.slice(0, fields.indexOf('liked')));
const writeTail = pick(fields.slice(fields.indexOf('can') + 1));
if (fields.indexOf('can') !== fields.indexOf('liked') + 1) throw new Error('can must follow liked');

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

/** Every hole's fill there is (`false,"can":{…}`), written once: a class body's holes share them. */
const FILLS = new Map<string, string>();
const fillOf = (liked: boolean, canJson: string): string => {
  const key = liked ? `t${canJson}` : canJson;
  let fill = FILLS.get(key);
  if (fill === undefined) {
    fill = `${liked}${CAN}${canJson}`;
    FILLS.set(key, fill);
  }
  return fill;
};
/** The `can` object of a class's fill (`false,"can":{…}`). */
const canOf = (fill: string): string => fill.slice(`false${CAN}`.length);

/** A page as one class of viewer reads it, written once: its body and where each hole's fill sits. */
interface ClassBody {
  body: Buffer;
  /** Hole i's fill for the class (`false,"can":{…}`, ASCII), starting at byte `at[i]` of `body`. */
  fills: string[];
  at: number[];
}

/** A page's holes filled in for one viewer. */
interface Filler {
  /** The page's body for the viewer. */
  render(liked: ReadonlySet<string>, viewer: PostViewer | null): Buffer;
  /** Hole i's fill for the viewer. */
  fill(i: number, liked: ReadonlySet<string>, viewer: PostViewer | null): string;
}

/**
 * Fills a page's holes for a viewer. What a post's `can` says depends on the
 * viewer's class (the post policy's `postViewerClass`) unless the post is
 * personal to them (`personalTo`: theirs, or across a block); so the page is
 * written once per class, as nobody's saves and the class's `can`, and a
 * viewer who saved, wrote or stands across a block from a few of its posts
 * gets that body with only those holes written again. Bodies are bytes: most
 * readers of a thread are sent one buffer as it is, and the rest a copy of it
 * with a few holes changed, never a string of the whole page built and
 * encoded per request (ADR 044; a string over 128 KB costs V8 a large-object
 * allocation each time).
 */
function filler(parts: readonly string[], holes: readonly Hole[]): Filler {
  const byClass = new Map<string, ClassBody>();
  /** The first class's body, encoded from the parts; a later class's copies its text between the holes. */
  let first: ClassBody | undefined;
  const written = (fills: string[]): ClassBody => {
    let size = 0;
    for (const part of parts) size += Buffer.byteLength(part);
    for (const fill of fills) size += fill.length;
    const body = Buffer.allocUnsafeSlow(size);
    const at: number[] = [];
    // Part by part: the page is never joined into one string to encode.
    let to = body.write(parts[0]!, 0);
    fills.forEach((fill, i) => {
      at.push(to);
      to += body.write(fill, to, 'latin1');
      to += body.write(parts[i + 1]!, to);
    });
    return { body, fills, at };
  };
  const copied = (from: ClassBody, fills: string[]): ClassBody => {
    const end = (i: number) => from.at[i] ?? from.body.length;
    let size = from.body.length;
    fills.forEach((fill, i) => (size += fill.length - from.fills[i]!.length));
    const body = Buffer.allocUnsafeSlow(size);
    const at: number[] = [];
    let to = from.body.copy(body, 0, 0, end(0));
    fills.forEach((fill, i) => {
      at.push(to);
      to += body.write(fill, to, 'latin1');
      to += from.body.copy(body, to, from.at[i]! + from.fills[i]!.length, end(i + 1));
    });
    return { body, fills, at };
  };
  const classBody = (viewer: PostViewer | null): ClassBody => {
    const key = postViewerClass(viewer);
    let cls = byClass.get(key);
    if (!cls) {
      const anyone = classViewer(viewer);
      const fills = holes.map((h) => fillOf(false, postCanJson(anyone, h)));
      cls = first ? copied(first, fills) : written(fills);
      first ??= cls;
      byClass.set(key, cls);
    }
    return cls;
  };
  /** Hole i's fill when it is the viewer's own, or undefined when the class's serves. */
  const ownFill = (
    cls: ClassBody,
    i: number,
    liked: ReadonlySet<string>,
    viewer: PostViewer | null,
  ): string | undefined => {
    const h = holes[i]!;
    const saved = liked.has(h.id);
    const own = personalTo(viewer, h.authorId);
    if (!saved && !own) return undefined;
    return fillOf(saved, own ? postCanJson(viewer, h) : canOf(cls.fills[i]!));
  };
  return {
    render(liked, viewer) {
      const cls = classBody(viewer);
      const pieces: Buffer[] = [];
      let from = 0;
      for (let i = 0; i < holes.length; i++) {
        const fill = ownFill(cls, i, liked, viewer);
        if (fill === undefined) continue;
        pieces.push(cls.body.subarray(from, cls.at[i]), Buffer.from(fill, 'latin1'));
        from = cls.at[i]! + cls.fills[i]!.length;
      }
      if (from === 0) return cls.body;
      pieces.push(cls.body.subarray(from));
      return Buffer.concat(pieces);
    },
    fill(i, liked, viewer) {
      const cls = classBody(viewer);
      return ownFill(cls, i, liked, viewer) ?? cls.fills[i]!;
    },
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
  /** The body for a viewer who saved `liked` (any ids; those without a hole are ignored), as UTF-8. */
  render(liked: ReadonlySet<string>, viewer: PostViewer | null): Buffer;
}

/**
 * A post's JSON around its `liked` and `can` values: `before` ends with
 * `"liked":`, `after` starts with the field after `can` and, when `open`,
 * leaves out the closing brace so that a caller may add fields.
 */
function splitAtLiked(post: PostDto, open = false): { before: string; after: string } {
  const head = writeHead(post);
  const tail = writeTail(post);
  return {
    before: `${head.slice(0, -1)},${LIKED}`,
    after: `,${open ? tail.slice(1, -1) : tail.slice(1)}`,
  };
}

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
      const { before, after } = splitAtLiked(post, true);
      parts[parts.length - 1] += before;
      holes.push(holeOf(post));
      parts.push(after);
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
      const { render } = filler(parts, holes);
      return { ids: holes.map((h) => h.id), render };
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
  ): Buffer;
}

/** `{ items, nextCursor }` (postListSchema). Each post is kept apart, to leave out a hidden one. */
export function postListJson(posts: readonly PostDto[], nextCursor: string | null): PostListJson {
  const items = posts.map((p) => ({ hole: holeOf(p), ...splitAtLiked(p) }));
  const end = `],"nextCursor":${JSON.stringify(nextCursor)}}`;
  const holes = items.map((i) => i.hole);
  // The whole page's text around its holes, as the class bodies are written.
  const parts = ['{"items":['];
  items.forEach((item, i) => {
    parts[i] += item.before;
    parts.push(i + 1 < items.length ? `${item.after},` : item.after + end);
  });
  if (items.length === 0) parts[0] += end;
  const { render, fill } = filler(parts, holes);
  return {
    ids: holes.map((h) => h.id),
    render(liked, viewer, hidden) {
      // A post of a hidden author is left out: the page is then the viewer's alone.
      const leftOut = hidden && hidden.size > 0 && holes.some((h) => hidden.has(h.authorId));
      if (!leftOut) return render(liked, viewer);
      const shown = items.flatMap((item, i) =>
        hidden.has(item.hole.authorId) ? [] : [item.before + fill(i, liked, viewer) + item.after],
      );
      return Buffer.from(`{"items":[${shown.join(',')}${end}`);
    },
  };
}

type Writer = ReturnType<typeof templateWriter>;

/** A comment and its replies at any depth, each with its hole. */
function writeNode(w: Writer, n: CommentNode): void {
  w.openPost(n).text(',"replies":[');
  w.list(n.replies, (r) => writeNode(w, r)).text(']}');
}

/** How a written page ends: no seller card until the page is read (withSeller, posts.reads.ts). */
export const NO_SELLER = '"seller":null}';

/**
 * `{ post, parents, comments, seller }` (postPageSchema), the comments nested
 * at any depth, with a null seller that a listing's page replaces per visit.
 */
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
    .text(`],${NO_SELLER}`)
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
  body: Buffer,
  schema: typeof postListSchema | typeof postPageSchema | typeof profilePostListSchema,
  check: boolean,
): Buffer {
  if (!check) return body;
  const sent: unknown = JSON.parse(body.toString());
  const parsed: unknown = (schema as z.ZodType).parse(sent);
  // zod drops fields it does not know: a body that loses some carried too much.
  if (JSON.stringify(parsed) !== JSON.stringify(sent))
    throw new Error('response body has fields its schema does not');
  return body;
}
