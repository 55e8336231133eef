import { useMutation } from '@tanstack/react-query';
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
  return useMutation({
    mutationFn: (body: AccountBody) =>
      api<AccountUpdated>('/api/me/account', { method: 'PATCH', json: body }),
    onSuccess: ({ viewer }) => setViewer(viewer),
  });
}
