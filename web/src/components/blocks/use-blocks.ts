import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockList, BlockResult } from '@common/schemas/blocks';
import { api } from '../../lib/api';
import { blocksKey } from '../../lib/block-keys';

/** GET /api/blocks: the viewer's blocked students (ADR 024). */
export function useBlockedStudents(enabled = true) {
  return useQuery({
    queryKey: blocksKey,
    queryFn: ({ signal }) => api<BlockList>('/api/blocks', { signal }),
    enabled,
  });
}

/** Whether the viewer blocked this student; undefined while the list loads. */
export function useIsBlocked(username: string, enabled = true): boolean | undefined {
  const list = useBlockedStudents(enabled);
  return list.data?.items.some((u) => u.username === username);
}

/**
 * PUT or DELETE /api/users/:username/block. Afterwards every cached page may
 * show posts or people it no longer should (or should again), so all of them
 * are read anew.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, blocked }: { username: string; blocked: boolean }) =>
      api<BlockResult>(`/api/users/${encodeURIComponent(username)}/block`, {
        method: blocked ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
