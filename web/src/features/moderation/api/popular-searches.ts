import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { popularSearchesSchema } from '@common/schemas/search';
import type { z } from 'zod';
import { api } from '../../../lib/api';

type PopularSearches = z.infer<typeof popularSearchesSchema>;

const popularKey = ['moderation', 'popular-searches'] as const;
/** The search box's own copy of the list (features/search): dropped too, so it shows at once. */
const searchBoxKey = ['search', 'popular'] as const;

/** GET /api/search/popular: the campus's popular searches, as every student sees them. */
export function usePopularSearches() {
  return useQuery({
    queryKey: popularKey,
    queryFn: ({ signal }) => api<PopularSearches>('/api/search/popular', { signal }),
  });
}

/** DELETE /api/moderation/searches/:id: the query leaves the campus's lists for good. */
export function useDropPopularSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/moderation/searches/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: popularKey });
      await queryClient.invalidateQueries({ queryKey: searchBoxKey });
    },
  });
}
