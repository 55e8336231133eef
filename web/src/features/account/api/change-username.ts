import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdated } from '../../../lib/account-api';
import { api } from '../../../lib/api';
import { meQueryOptions, useSetViewer } from '../../../lib/session';

/** PUT /api/me/username: "Account Updated!", or 409 "That username has been taken." */
export function useChangeUsername() {
  const queryClient = useQueryClient();
  const setViewer = useSetViewer();
  return useMutation({
    mutationFn: (username: string) =>
      api<AccountUpdated>('/api/me/username', { method: 'PUT', json: { username } }),
    onSuccess: ({ viewer }) => {
      setViewer(viewer);
      // Posts, chats and profiles read earlier carry the old name: read them again.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== meQueryOptions.queryKey[0],
      });
    },
  });
}
