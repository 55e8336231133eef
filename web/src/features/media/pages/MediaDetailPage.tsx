import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { MEDIA_MESSAGES, MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/words/posts';
import { PageHeader } from '../../../components/layout/PageHeader';
import { PrivateCommunity } from '../../../components/PrivateCommunity';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Skeleton, Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useMediaFeed } from '../api/get-media-feed';
import { useMediaPost } from '../api/get-media-post';
import { MediaPost, MediaPostSkeleton } from '../components/MediaPost';
import { useLoadMore } from '../../../lib/use-load-more';
import styles from './MediaPages.module.css';

/**
 * /media/{id}: the post
 * opened from the grid with every photo and video at full width, then the
 * rest of the gallery after it, the next page loading at the end.
 */
export function MediaDetailPage() {
  const { id = '' } = useParams();
  const { viewer, loading } = useSession();
  const signedIn = Boolean(viewer);
  const page = useMediaPost(id, signedIn);
  const feed = useMediaFeed(signedIn);
  const sentinel = useRef<HTMLDivElement>(null);
  const pages = feed.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  // Whether the opened post was among the gallery's pages when they arrived is settled once per
  // post: when it was not (a shared link), pages loaded later never cut what is already shown.
  const [anchor, setAnchor] = useState<{ id: string; found: boolean } | null>(null);
  if (feed.data && anchor?.id !== id) setAnchor({ id, found: items.some((p) => p.id === id) });
  useLoadMore(sentinel, {
    hasNextPage: feed.hasNextPage,
    isFetchingNextPage: feed.isFetchingNextPage,
    fetchNextPage: feed.fetchNextPage,
    pageCount: pages.length,
  });

  if (loading) return <Spinner />;
  if (!viewer) return <PrivateCommunity joinLabel={MESSAGES.clickToJoin} />;

  if (page.isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        <div className="page-header">
          <Skeleton width={40} height={40} radius={999} />
          <Skeleton width={160} height={22} />
        </div>
        <MediaPostSkeleton />
      </div>
    );
  }
  if (page.isError) {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    return (
      <section className="card empty-state" role={missing ? undefined : 'alert'}>
        <h1 className="empty-state__title">
          {missing ? POST_MESSAGES.missingPage : MEDIA_MESSAGES.loadFailed}
        </h1>
        {missing ? (
          <ButtonLink to="/search">{MESSAGES.posts.search}</ButtonLink>
        ) : (
          <Button onClick={() => void page.refetch()}>{MEDIA_MESSAGES.tryAgain}</Button>
        )}
      </section>
    );
  }

  const { post } = page.data;
  const more = restOfGallery(items, post.id, anchor?.id === id && anchor.found);
  return (
    <div className={styles.page}>
      <PageHeader title={MESSAGES.posts.postTitle(post.author.firstName)} fallback="/media" />
      <MediaPost post={post} />
      {more.length > 0 ? (
        <section className={styles.page} aria-labelledby="media-more">
          <h2 id="media-more" className={styles.section}>
            {MEDIA_MESSAGES.morePhotos}
          </h2>
          <ul className={styles.list}>
            {more.map((item) => (
              <li key={item.id}>
                <MediaPost post={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div ref={sentinel} className={styles.sentinel} />
      {feed.isPending || feed.isFetchingNextPage ? (
        <Spinner />
      ) : feed.hasNextPage ? null : (
        <p className={styles.end}>{MESSAGES.feedEnd}</p>
      )}
    </div>
  );
}

/**
 * The gallery's posts that come after `id` when it is among them (`after`),
 * else all of them but `id`.
 */
function restOfGallery(items: PostDto[], id: string, after: boolean): PostDto[] {
  const seen = new Set<string>([id]);
  const unique = items.filter(
    (post) => post.media.length > 0 && !seen.has(post.id) && seen.add(post.id),
  );
  const at = items.findIndex((post) => post.id === id);
  if (!after || at < 0) return unique;
  const later = new Set(items.slice(at + 1).map((post) => post.id));
  return unique.filter((post) => later.has(post.id));
}
