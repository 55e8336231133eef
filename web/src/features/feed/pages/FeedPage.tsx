import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ALL_CATEGORIES, CATEGORIES, categoryLabel, isCategory } from '@common/categories';
import { MESSAGES } from '@common/messages';
import type { ListingFilter } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/words/posts';
import { LISTING_MESSAGES } from '@common/listings';
import { FilteredEmpty } from '../../../components/posts/FilteredEmpty';
import { FeedViewToggle } from '../../../components/posts/FeedViewToggle';
import { ListingFilters } from '../../../components/posts/ListingFilters';
import {
  hasListingFilter,
  readListingFilter,
  writeListingFilter,
} from '../../../lib/listing-filters';
import { useGate } from '../../../components/gates/use-gate';
import { createPostPath } from '../../../components/posts/create-pages';
import { FeedMediaTabs } from '../../../components/posts/FeedMediaTabs';
import { useAlert } from '../../../components/ui/Alerts';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { ImageIcon } from '../../../components/ui/Icons';
import { useCampus } from '../../../lib/campus';
import { useFeedView } from '../../../lib/feed-view';
import { useViewer } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-media-query';
import { useFeed } from '../api/posts';
import { useLiveFeed } from '../api/use-live-feed';
import { Composer } from '../components/Composer';
import { InfiniteList } from '../../../components/posts/InfiniteList';
import type { PostedState } from './CreatePostPage';
import styles from './FeedPage.module.css';

/**
 * The campus feed: composer box on top, a category filter,
 * posts newest activity first with infinite scroll, and other students' new
 * posts arriving live on top. On phones the composer is a page (/create/post).
 * Shown as cards or as a grid of tiles, as the student last chose (ADR 047).
 */
export function FeedPage() {
  const viewer = useViewer();
  const campus = useCampus();
  const gate = useGate();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const categoryParam = params.get('category');
  const category = isCategory(categoryParam) ? categoryParam : ALL_CATEGORIES;
  const filter = readListingFilter(params);
  const feed = useFeed(category, filter);
  const posts = feed.data?.pages.flatMap((p) => p.items) ?? [];
  const [composing, setComposing] = useState(false);
  const [view, setView] = useFeedView();
  useLiveFeed(viewer?.schoolVerified ?? false);

  const handleCompose = () => {
    if (!gate('post')) return;
    if (mobile) navigate(createPostPath(location.pathname + location.search));
    else setComposing(true);
  };

  // ?filter=notify-posted: the post was sent from elsewhere; "Your post was sent."
  // shows, with a View link when the create page said which post it was.
  const notify = params.get('filter') === 'notify-posted';
  const postedId = (location.state as PostedState | null)?.postId;
  useEffect(() => {
    if (!notify) return;
    alert({
      msg: MESSAGES.postSent,
      alertType: 'success',
      ...(postedId ? { link: { to: `/post/${postedId}`, label: 'View' } } : {}),
    });
    setParams(
      (p) => {
        p.delete('filter');
        return p;
      },
      { replace: true },
    );
  }, [notify, postedId, alert, setParams]);

  const handleCategory = (value: string) =>
    setParams(
      (p) => {
        if (value === ALL_CATEGORIES) p.delete('category');
        else p.set('category', value);
        return p;
      },
      { replace: true },
    );

  // Filters are pushed, not replaced: back returns to the feed as it was.
  const handleFilter = (next: ListingFilter) =>
    setParams((p) => {
      writeListingFilter(p, next);
      return p;
    });

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{campus.productName}</h1>
      <FeedMediaTabs />
      <section className={`card ${styles.composerBox}`} aria-label={MESSAGES.posts.createPost}>
        {viewer ? <Avatar person={viewer} /> : null}
        <button type="button" className={styles.prompt} onClick={handleCompose}>
          {POST_MESSAGES.composerPlaceholder}
        </button>
        <button
          type="button"
          className={`icon-button ${styles.photo}`}
          aria-label={MESSAGES.posts.addMedia}
          onClick={handleCompose}
        >
          <ImageIcon width={22} height={22} />
        </button>
      </section>
      <div className={styles.filter}>
        <label htmlFor="feed-category">{MESSAGES.posts.category}</label>
        <select
          id="feed-category"
          value={category}
          onChange={(e) => handleCategory(e.target.value)}
        >
          <option value={ALL_CATEGORIES}>{MESSAGES.posts.allCategories}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.tools}>
        <div className={styles.filters}>
          <ListingFilters value={filter} onChange={handleFilter} />
        </div>
        <FeedViewToggle value={view} onChange={setView} />
      </div>
      <InfiniteList
        grid={view === 'grid'}
        label="Posts"
        posts={posts}
        pending={feed.isPending}
        hasNextPage={feed.hasNextPage}
        fetchingNext={feed.isFetchingNextPage}
        fetchNextPage={() => void feed.fetchNextPage()}
        empty={
          hasListingFilter(filter) ? (
            <FilteredEmpty
              title={LISTING_MESSAGES.nothingMatchesFilters}
              onClear={() => handleFilter({})}
            />
          ) : (
            <section className="card empty-state">
              <h2 className="empty-state__title">{MESSAGES.feedEmptyHint}</h2>
              <Button size="lg" onClick={handleCompose}>
                {MESSAGES.feedEmpty}
              </Button>
            </section>
          )
        }
      />
      <Composer open={composing} onClose={() => setComposing(false)} />
    </div>
  );
}
