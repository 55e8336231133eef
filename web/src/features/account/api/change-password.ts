import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordBodySchema } from '@common/schemas/account';
import { api } from '../../../lib/api';
import { meQueryOptions } from '../../../lib/session';

export type PasswordBody = z.input<typeof passwordBodySchema>;

/** PUT /api/me/password: the other sessions end; this one stays. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordBody) =>
      api<{ message: string }>('/api/me/password', { method: 'PUT', json: body }),
    // A student who signed in without a password has one now (hasPassword).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

/**
 * POST /api/auth/password/forgot for the viewer's own address: an account
 * without a password chooses its first through the e-mailed link (ADR 036).
 */
export function useSendPasswordLink() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ ok: true }>('/api/auth/password/forgot', { method: 'POST', json: { email } }),
  });
}
