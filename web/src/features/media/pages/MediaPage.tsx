import { MEDIA_MESSAGES, MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/words/posts';
import { PrivateCommunity } from '../../../components/PrivateCommunity';
import { Button } from '../../../components/ui/Button';
import { ImageIcon } from '../../../components/ui/Icons';
import { Spinner } from '../../../components/ui/Spinner';
import { useCampus } from '../../../lib/campus';
import { useSession } from '../../../lib/session';
import { useMediaFeed } from '../api/get-media-feed';
import { FeedMediaTabs } from '../../../components/posts/FeedMediaTabs';
import { MediaTileGrid } from '../../../components/posts/MediaTileGrid';
import styles from './MediaPages.module.css';

/** Enough grey cells to fill the first screen while the first page loads. */
const SKELETON_TILES = 12;

/**
 * /media: the campus's
 * posts with photos or videos as a 3-column grid of thumbnails, 15 posts per
 * page, the next page appended as the end comes near. Signed-out visitors see
 * the private-community screen with "Click to Join".
 */
export function MediaPage() {
  const campus = useCampus();
  const { viewer, loading } = useSession();
  const feed = useMediaFeed(Boolean(viewer));
  const pages = feed.data?.pages ?? [];
  const pager = {
    hasNextPage: feed.hasNextPage,
    isFetchingNextPage: feed.isFetchingNextPage,
    fetchNextPage: feed.fetchNextPage,
    pageCount: pages.length,
  };

  if (loading) return <Spinner />;
  const heading = (
    <h1 className="visually-hidden">{`${campus.productName} ${MEDIA_MESSAGES.mediaTab}`}</h1>
  );
  if (!viewer) {
    return (
      <div className={styles.page}>
        {heading}
        <FeedMediaTabs />
        <PrivateCommunity joinLabel={MESSAGES.clickToJoin} />
      </div>
    );
  }

  // A post can come twice when it moved up between two pages: keep its first place.
  const seen = new Set<string>();
  const posts = pages
    .flatMap((page) => page.items)
    .filter((post) => post.media.length > 0 && !seen.has(post.id) && seen.add(post.id));

  let body: React.ReactNode;
  if (feed.isError && !feed.isPending && posts.length === 0) {
    body = (
      <section className="card empty-state" role="alert">
        <h2 className="empty-state__title">{MEDIA_MESSAGES.loadFailed}</h2>
        <Button onClick={() => void feed.refetch()}>{MEDIA_MESSAGES.tryAgain}</Button>
      </section>
    );
  } else {
    body = (
      <MediaTileGrid
        label={MEDIA_MESSAGES.gridLabel}
        posts={posts}
        pending={feed.isPending}
        pager={pager}
        skeletons={SKELETON_TILES}
        empty={
          <section className="card empty-state">
            <span className={styles.emptyIcon} aria-hidden="true">
              <ImageIcon width={32} height={32} />
            </span>
            <h2 className="empty-state__title">{POST_MESSAGES.noPhotosVideos}</h2>
          </section>
        }
        nextFailed={
          feed.isFetchNextPageError ? (
            <div className={styles.end} role="alert">
              <p>{MEDIA_MESSAGES.loadFailed}</p>
              <Button variant="secondary" size="sm" onClick={() => void feed.fetchNextPage()}>
                {MEDIA_MESSAGES.tryAgain}
              </Button>
            </div>
          ) : undefined
        }
      />
    );
  }

  return (
    <div className={styles.page}>
      {heading}
      <FeedMediaTabs />
      {body}
    </div>
  );
}
