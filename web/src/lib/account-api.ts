import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountBody } from '@common/schemas/account';
import type { Viewer } from '@common/schemas/auth';
import { api } from './api';
import { useSetViewer } from './session';

/** What the account saves answer: the new viewer and "Account Updated!". */
export interface AccountUpdated {
  viewer: Viewer;
  message: string;
}

/**
 * PATCH /api/me/account: phone, gender, birth date, e-mail alerts. Shared by
 * the account sub-pages and the settings menu's e-mail alerts switch.
 */
export function useUpdateAccount() {
  const setViewer = useSetViewer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountBody) =>
      api<AccountUpdated>('/api/me/account', { method: 'PATCH', json: body }),
    onSuccess: ({ viewer }, body) => {
      setViewer(viewer);
      // E-mail alerts on or off changes every kind's e-mail (ADR 059).
      if (body.emailNotifications !== undefined)
        void queryClient.invalidateQueries({ queryKey: ['notification-settings'] });
    },
  });
}
