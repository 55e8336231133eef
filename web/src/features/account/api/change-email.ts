import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { codeSentSchema } from '@common/schemas/auth';
import type { AccountUpdated } from '../../../lib/account-api';
import { api } from '../../../lib/api';
import { useSetViewer } from '../../../lib/session';

/** PUT /api/me/email: a code to the new address ("Email sent"); nothing changes yet. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (email: string) =>
      api<z.infer<typeof codeSentSchema>>('/api/me/email', { method: 'PUT', json: { email } }),
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
