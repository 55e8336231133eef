import type { Campus } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import type { ProfileTab } from '@common/schemas/profiles';
import * as campusPolicy from '../../core/policies/campus';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { decodeCursor } from './posts.cursor';
import type { SharedPages, ViewerSaves } from './posts.pages';
import { postsRepository as posts } from './posts.repository';

/** A profile's tabs (companion §2 "Profile page"): its posts, photos, saves and replies. */
export function createProfileTabs({
  db,
  pages,
  saves,
}: {
  db: Db;
  pages: SharedPages;
  saves: ViewerSaves;
}) {
  return {
    /** One page (10) of a profile's tab as JSON (postListSchema), with the viewer's saves. */
    async profileTab(
      viewer: UserRow | null,
      campus: Campus,
      authorId: string,
      query: { tab: ProfileTab; cursor?: string },
    ): Promise<string> {
      campusPolicy.canRead(viewer, campus);
      const limit = PAGE_SIZES.profileTab;
      const cursor = decodeCursor(query.cursor);
      const rows =
        query.tab === 'likes'
          ? await posts.saved(db.kysely, { userId: authorId, campusId: campus.id, limit, cursor })
          : await posts.byAuthor(db.kysely, {
              authorId,
              campusId: campus.id,
              kind: query.tab,
              limit,
              cursor,
            });
      const json = await pages.listJson(rows, limit);
      return json.render(await saves.among(viewer.id, [...json.ids]));
    },
  };
}
