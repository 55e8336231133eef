import { PROFILE_LOAD_MORE_COOLDOWN_MS } from '@common/limits';
import { PROFILE_MESSAGES as M, PROFILE_TABS, type ProfileTab } from '@common/words/profiles';
import type { ProfilePostDto } from '@common/schemas/posts';
import { InfiniteList } from '../../../components/posts/InfiniteList';
import { PostCard } from '../../../components/posts/PostCard';
import { authorName } from '../../../components/posts/PostParts';
import { ReplyTree } from '../../../components/posts/ReplyTree';
import { MediaTileGrid } from '../../../components/posts/MediaTileGrid';
import { TabLinks } from '../../../components/ui/TabLinks';
import { useProfilePosts } from '../api/get-profile-posts';

/** Enough grey cells for the first rows of the photos grid while it loads. */
const SKELETON_TILES = 9;

/** Posts / Photos / Likes / Replies as links to `?show=` (absent = posts), the current one marked. */
export function ProfileTabNav({ tab, path }: { tab: ProfileTab; path: string }) {
  return (
    <TabLinks
      label={M.tabsLabel}
      replace
      tabs={PROFILE_TABS.map((t) => ({
        to: t === 'posts' ? path : `${path}?show=${t}`,
        label: M.tabs[t],
        current: t === tab,
      }))}
    />
  );
}

/** A post with the replies below it, or a comment below what it answers. */
function ProfilePost({ post }: { post: ProfilePostDto }) {
  return (
    <PostCard post={post} replyTo={post.replyTo}>
      {post.replies.length > 0 ? (
        <ReplyTree replies={post.replies} label={M.repliesLabel(authorName(post.author))} />
      ) : null}
    </PostCard>
  );
}

function NoPosts() {
  return (
    <section className="card empty-state">
      <h2 className="empty-state__title">{M.noPosts}</h2>
    </section>
  );
}

/**
 * One tab of a profile, 10 posts a page with infinite scroll: post cards for
 * posts (with their nested replies), likes and replies (under what they
 * answer); the 3-column grid for photos. "No Posts" when empty, "You've reached
 * the end." at the end (a page of fewer than 10 has no next one), and no next
 * page within 1 s of the last.
 */
export function ProfileTabPanel({ username, tab }: { username: string; tab: ProfileTab }) {
  const list = useProfilePosts(username, tab);
  const pages = list.data?.pages ?? [];
  const posts = pages.flatMap((p) => p.items);
  const label = M.tabs[tab];
  if (tab === 'photos') {
    return (
      <MediaTileGrid
        label={label}
        posts={posts.filter((post) => post.media.length > 0)}
        pending={list.isPending}
        pager={{
          hasNextPage: list.hasNextPage,
          isFetchingNextPage: list.isFetchingNextPage,
          fetchNextPage: list.fetchNextPage,
          pageCount: pages.length,
        }}
        skeletons={SKELETON_TILES}
        cooldownMs={PROFILE_LOAD_MORE_COOLDOWN_MS}
        empty={<NoPosts />}
      />
    );
  }
  return (
    <InfiniteList
      label={label}
      posts={posts}
      pending={list.isPending}
      hasNextPage={list.hasNextPage}
      fetchingNext={list.isFetchingNextPage}
      fetchNextPage={() => void list.fetchNextPage()}
      empty={<NoPosts />}
      cooldownMs={PROFILE_LOAD_MORE_COOLDOWN_MS}
      renderPost={(post) => <ProfilePost post={post} />}
    />
  );
}
