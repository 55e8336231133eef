import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/users/{username}/report: "User Reported. Thanks for letting us know." */
export function useReportUser(username: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      api<{ message: string }>(`/api/users/${encodeURIComponent(username)}/report`, {
        method: 'POST',
        json: { reason },
      }),
  });
}
