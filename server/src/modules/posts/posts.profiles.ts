import type { Campus } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import type { ProfileTab } from '@common/schemas/profiles';
import * as campusPolicy from '../../core/policies/campus';
import { postViewer } from '../../core/policies/post';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { decodeCursor, encodeCursor } from './posts.cursor';
import type { SharedPages, ViewerSaves } from './posts.pages';
import { nestReplies } from './posts.presenter';
import { type PostWithAuthor, postsRepository as posts } from './posts.repository';
import { profileListJson } from './posts.templates';

/** A profile's tabs: its posts, photos, saves and replies. */
export interface ProfileTabs {
  /**
   * One page (10) of a profile's tab as JSON (profilePostListSchema), with
   * the viewer's saves: a fixed number of statements (the page, its
   * context, their media, the saves).
   */
  profileTab(
    viewer: UserRow | null,
    campus: Campus,
    authorId: string,
    query: { tab: ProfileTab; cursor?: string },
  ): Promise<Buffer>;
}

/** Builds a profile's tabs over the campus pages. */
export function createProfileTabs({
  db,
  pages,
  saves,
}: {
  db: Db;
  pages: SharedPages;
  saves: ViewerSaves;
}): ProfileTabs {
  /**
   * What shows with each post of a tab: on the posts tab the replies below
   * it, on the replies and likes tabs the post a comment answers (the photos
   * grid shows neither). One statement each, whatever the page holds.
   */
  async function context(tab: ProfileTab, campusId: string, rows: PostWithAuthor[]) {
    const replies =
      tab === 'posts'
        ? await posts.repliesInThreads(
            db.kysely,
            rows.map((r) => r.id),
          )
        : [];
    const parentIds =
      tab === 'replies' || tab === 'likes'
        ? [...new Set(rows.flatMap((r) => (r.parent_id ? [r.parent_id] : [])))]
        : [];
    const parents = await posts.manyWithAuthor(db.kysely, campusId, parentIds);
    return { replies, parents };
  }

  return {
    async profileTab(
      viewer: UserRow | null,
      campus: Campus,
      authorId: string,
      query: { tab: ProfileTab; cursor?: string },
    ): Promise<Buffer> {
      campusPolicy.canRead(viewer, campus);
      const limit = PAGE_SIZES.profileTab;
      const cursor = decodeCursor(query.cursor);
      // A student's own posts stay theirs after a campus change (ADR 040): their own profile
      // lists them wherever they were posted, so they can still delete or mark them sold.
      const own = viewer.id === authorId;
      const rows =
        query.tab === 'likes'
          ? await posts.saved(db.kysely, { userId: authorId, campusId: campus.id, limit, cursor })
          : await posts.byAuthor(db.kysely, {
              authorId,
              campusId: own ? null : campus.id,
              kind: query.tab,
              limit,
              cursor,
            });
      const { replies, parents } = await context(query.tab, campus.id, rows);
      const shown = await pages.presented([...rows, ...replies, ...parents]);
      const listed = shown.slice(0, rows.length);
      const below = shown.slice(rows.length, rows.length + replies.length);
      const byId = new Map(shown.slice(rows.length + replies.length).map((p) => [p.id, p]));
      const last = rows.length === limit ? rows[rows.length - 1] : undefined;
      const json = profileListJson(
        listed.map((post) => ({
          post,
          replyTo: (post.parentId && byId.get(post.parentId)) || null,
          replies:
            query.tab === 'posts'
              ? nestReplies(
                  post.id,
                  below.filter((r) => r.rootId === post.id),
                )
              : [],
        })),
        last ? encodeCursor(last, 'recent') : null,
      );
      const [liked, hidden] = await Promise.all([
        saves.among(viewer.id, [...json.ids]),
        pages.hiddenFrom(campus.id, viewer),
      ]);
      return json.render(liked, postViewer(viewer, hidden));
    },
  };
}
