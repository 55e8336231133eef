import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { fetchPostPage, isInFeeds, postKeys, prependToFeeds } from '../../../lib/posts-api';
import { useViewer } from '../../../lib/session';
import { useLive } from '../../../lib/use-live';

/**
 * New top-level posts of the campus by other students appear on top of the
 * feed as they are posted.
 * The viewer's own posts are already there; a post already listed is skipped.
 */
export function useLiveFeed(enabled: boolean): void {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const pending = useRef(new Set<string>());
  useLive(enabled && viewer !== null, {
    onEvent: (event) => {
      if (event.type !== 'post.created' || event.authorId === viewer?.id) return;
      const id = event.postId;
      if (pending.current.has(id) || isInFeeds(queryClient, id)) return;
      pending.current.add(id);
      fetchPostPage(id)
        .then(({ post }) => {
          if (post.parentId === null) prependToFeeds(queryClient, post);
        })
        // Deleted or hidden meanwhile: nothing to show.
        .catch(() => undefined)
        .finally(() => pending.current.delete(id));
    },
    // Back after a drop: the feed may have missed posts.
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: postKeys.feeds }),
  });
}
