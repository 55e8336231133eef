import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionBody, ModerationPage } from '@common/schemas/moderation';
import { api } from '../../../lib/api';

const queueKey = ['moderation', 'reports'] as const;

/** GET /api/moderation/reports: the campus's open reports, most recently reported first. */
export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: queueKey,
    queryFn: ({ pageParam }) =>
      api<ModerationPage>(
        `/api/moderation/reports${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** POST /api/moderation/actions; the handled item leaves the queue. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) =>
      api<{ message: string }>('/api/moderation/actions', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
}
