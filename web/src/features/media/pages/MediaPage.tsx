import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { PrivateCommunity } from '../../../components/PrivateCommunity';
import { Skeleton, Spinner } from '../../../components/ui/Spinner';
import { useCampus } from '../../../lib/campus';
import { useSession } from '../../../lib/session';
import { useMediaFeed } from '../api/get-media-feed';
import styles from './MediaPage.module.css';

/** Feed | Media tabs above the gallery (companion spec §2 "Media gallery"). */
export function FeedMediaTabs() {
  return (
    <nav className={styles.tabs} aria-label="Feed views">
      <NavLink to="/home" end className={styles.tab}>
        Feed
      </NavLink>
      <NavLink to="/media" end className={styles.tab}>
        Media
      </NavLink>
    </nav>
  );
}

/** /media: every photo and video of the campus as a 3-column grid, with infinite scroll. */
export function MediaPage() {
  const campus = useCampus();
  const { viewer, loading } = useSession();
  const feed = useMediaFeed(campus.id, Boolean(viewer));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '250px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (loading) return <Spinner />;
  if (!viewer) return <PrivateCommunity joinLabel={MESSAGES.clickToJoin} />;

  const tiles = (feed.data?.pages ?? []).flatMap((page) =>
    page.items.flatMap((post) => post.media.map((media) => ({ post, media }))),
  );
  return (
    <div className={styles.page}>
      <FeedMediaTabs />
      {feed.isPending ? (
        <div className={styles.grid} aria-busy="true">
          {Array.from({ length: 9 }, (_, i) => (
            <Skeleton key={i} height="100%" radius={0} />
          ))}
        </div>
      ) : tiles.length === 0 ? (
        <section className="card empty-state">
          <h1 className="empty-state__title">{POST_MESSAGES.noPhotosVideos}</h1>
        </section>
      ) : (
        <ul className={styles.grid} aria-label="Photos and videos">
          {tiles.map(({ post, media }) => (
            <li key={media.id} className={styles.tile}>
              <Link
                to={`/media/${post.id}`}
                aria-label={`${post.author.firstName}'s post: ${post.text.slice(0, 60) || 'photo'}`}
              >
                {media.kind === 'image' ? (
                  <img
                    src={media.thumbUrl}
                    alt=""
                    width={media.width}
                    height={media.height}
                    loading="lazy"
                  />
                ) : (
                  <video src={media.url} muted preload="metadata" aria-hidden="true" />
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage ? <Spinner /> : null}
      {!feed.isPending && tiles.length > 0 && !hasNextPage ? (
        <p className={styles.end}>{MESSAGES.feedEnd}</p>
      ) : null}
    </div>
  );
}
