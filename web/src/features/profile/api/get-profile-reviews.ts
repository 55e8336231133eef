import { useInfiniteQuery } from '@tanstack/react-query';
import { getProfileReviews, saleKeys } from '../../../lib/sales-api';

/** GET /api/users/{username}/reviews: visible reviews, 10 a page, with the stars and counts. */
export function useProfileReviews(username: string) {
  return useInfiniteQuery({
    queryKey: saleKeys.reviews(username),
    queryFn: ({ pageParam }) => getProfileReviews(username, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: username !== '',
  });
}
