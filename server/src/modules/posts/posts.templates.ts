import {
  type CommentNode,
  type PostDto,
  type postListSchema,
  type postPageSchema,
  type profilePostListSchema,
  postSchema,
} from '@common/schemas/posts';
import type { z } from 'zod';
import { compileSerializer } from '../../http/serializer';

/** The one field of a post that differs from viewer to viewer. */
const LIKED = '"liked":';
const UNLIKED = `${LIKED}false`;
const writePost = compileSerializer(postSchema);

/**
 * Posts written as JSON once, with a hole where each post's `liked` goes
 * (ADR 005). Everything a campus sees alike is serialised when the cache
 * entry is made; a request only fills in the viewer's saves, so a feed page
 * or a 200-comment thread costs a few string joins instead of a serialiser
 * run over every post.
 */
export interface PostsJson {
  /** The posts with a hole, in the order their holes appear. */
  readonly ids: readonly string[];
  /** The body for a viewer who saved `liked` (any ids; those without a hole are ignored). */
  render(liked: ReadonlySet<string>): string;
}

/** A post's JSON around its `liked` value: `before` ends with `"liked":`. */
function splitAtLiked(post: PostDto): { before: string; after: string } {
  const json = writePost({ ...post, liked: false });
  const at = json.indexOf(UNLIKED);
  // Quotes inside string values are escaped, so the field can only be the post's own.
  if (at < 0 || json.indexOf(UNLIKED, at + 1) >= 0) throw new Error('post JSON without liked');
  return { before: json.slice(0, at + LIKED.length), after: json.slice(at + UNLIKED.length) };
}

/** Builds a template from text pieces and holes, joined in the order they are added. */
function templateWriter() {
  const parts: string[] = [''];
  const ids: string[] = [];
  const writer = {
    text(text: string) {
      parts[parts.length - 1] += text;
      return writer;
    },
    /** A post without its closing brace, so that a caller may add fields (its replies). */
    openPost(post: PostDto) {
      const { before, after } = splitAtLiked(post);
      parts[parts.length - 1] += before;
      ids.push(post.id);
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
      const unliked = parts.reduce((body, part, i) => body + (i > 0 ? 'false' : '') + part);
      return {
        ids,
        render(liked) {
          if (!ids.some((id) => liked.has(id))) return unliked;
          let body = parts[0]!;
          for (let i = 0; i < ids.length; i++)
            body += (liked.has(ids[i]!) ? 'true' : 'false') + parts[i + 1]!;
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
  render(liked: ReadonlySet<string>, hidden?: ReadonlySet<string>): string;
}

/** `{ items, nextCursor }` (postListSchema). Each post is kept apart, to leave out a hidden one. */
export function postListJson(posts: readonly PostDto[], nextCursor: string | null): PostListJson {
  const items = posts.map((p) => ({ id: p.id, author: p.author.id, ...splitAtLiked(p) }));
  const end = `],"nextCursor":${JSON.stringify(nextCursor)}}`;
  const write = (liked: ReadonlySet<string>, shown: typeof items) =>
    `{"items":[${shown.map((i) => i.before + String(liked.has(i.id)) + i.after).join(',')}${end}`;
  const unliked = write(new Set(), items);
  return {
    ids: items.map((i) => i.id),
    render(liked, hidden) {
      const shown =
        hidden && items.some((i) => hidden.has(i.author))
          ? items.filter((i) => !hidden.has(i.author))
          : items;
      if (shown === items && !items.some((i) => liked.has(i.id))) return unliked;
      return write(liked, shown);
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
  schema: typeof postListSchema | typeof postPageSchema | typeof profilePostListSchema,
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
