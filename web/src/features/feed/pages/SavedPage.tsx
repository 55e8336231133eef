import { MESSAGES } from '@common/messages';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useSavedPosts } from '../api/posts';
import { InfiniteList } from '../../../components/posts/InfiniteList';
import styles from './FeedPage.module.css';

/** /saved: the viewer's saved posts, 10 per page. */
export function SavedPage() {
  const saved = useSavedPosts();
  const posts = saved.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={MESSAGES.posts.savedTitle} />
      <InfiniteList
        label={MESSAGES.posts.savedTitle}
        posts={posts}
        pending={saved.isPending}
        hasNextPage={saved.hasNextPage}
        fetchingNext={saved.isFetchingNextPage}
        fetchNextPage={() => void saved.fetchNextPage()}
        empty={
          <section className="card empty-state">
            <h2 className="empty-state__title">{MESSAGES.posts.noSaved}</h2>
            <p className="empty-state__text">{MESSAGES.posts.noSavedHint}</p>
          </section>
        }
      />
    </div>
  );
}
