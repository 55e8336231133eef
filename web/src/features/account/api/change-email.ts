import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailChangeStartedSchema } from '@common/schemas/account';
import type { AccountUpdated } from '../../../lib/account-api';
import { api } from '../../../lib/api';
import { useSetViewer } from '../../../lib/session';

/**
 * PUT /api/me/email with the current password: a code to the new address
 * ("Email sent"), or for an account without a password a link to the current
 * one; nothing changes yet.
 */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { email: string; currentPassword: string }) =>
      api<z.infer<typeof emailChangeStartedSchema>>('/api/me/email', {
        method: 'PUT',
        json: body,
      }),
  });
}

/** POST /api/me/email/verify: the code from the new address changes the e-mail. */
export function useConfirmEmailChange() {
  const setViewer = useSetViewer();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api<AccountUpdated>('/api/me/email/verify', { method: 'POST', json: body }),
    onSuccess: ({ viewer }) => setViewer(viewer),
  });
}
