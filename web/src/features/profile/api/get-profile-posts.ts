import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProfilePostList } from '@common/schemas/posts';
import type { ProfileTab } from '@common/schemas/profiles';
import { api } from '../../../lib/api';
import { postKeys } from '../../../lib/post-keys';

/**
 * One tab of a profile, 10 posts a page,
 * each with its replies or what it answers.
 * Under ['posts', …] like every post list: a save or a delete elsewhere
 * patches or refreshes it too.
 */
export function useProfilePosts(username: string, tab: ProfileTab) {
  return useInfiniteQuery({
    queryKey: postKeys.profile(username.toLowerCase(), tab),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ tab });
      if (pageParam) params.set('cursor', pageParam);
      return api<ProfilePostList>(`/api/users/${encodeURIComponent(username)}/posts?${params}`);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
