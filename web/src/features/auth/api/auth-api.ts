import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailLinkResultSchema } from '@common/schemas/account';
import type { handoffPreviewSchema, Viewer } from '@common/schemas/auth';
import { api } from '../../../lib/api';

/*
 * The accounts API (server/src/modules/auth, verification). Sign-in answers
 * carry the viewer; the page puts it into the session as it leaves (see
 * useSignedOutPage), so its "signed in → /home" guard does not race it.
 */

interface SessionResult {
  viewer: Viewer;
}
type HandoffPreview = z.infer<typeof handoffPreviewSchema>;
type EmailLinkResult = z.infer<typeof emailLinkResultSchema>;

export const getEmailStatus = (email: string) =>
  api<{ exists: boolean }>(`/api/auth/email-status?email=${encodeURIComponent(email)}`);

function useSignInMutation<Input, Result extends SessionResult>(
  call: (input: Input) => Promise<Result>,
) {
  return useMutation({ mutationFn: call });
}

export function useLogin() {
  return useSignInMutation((body: { email: string; password: string }) =>
    api<SessionResult>('/api/auth/login', { method: 'POST', json: body }),
  );
}

export function useRegister() {
  return useSignInMutation((body: { name: string; email: string; password: string; terms: true }) =>
    api<SessionResult>('/api/auth/register', { method: 'POST', json: body }),
  );
}

export function useCompleteMagicLink() {
  return useSignInMutation((body: { token: string; email: string }) =>
    api<SessionResult & { registered: boolean }>('/api/auth/magic-link/complete', {
      method: 'POST',
      json: body,
    }),
  );
}

export function useResetPassword() {
  return useSignInMutation((body: { token: string; password: string }) =>
    api<SessionResult>('/api/auth/password/reset', { method: 'POST', json: body }),
  );
}

export function useRequestMagicLink() {
  return useMutation({
    mutationFn: (body: { email: string; first?: string; last?: string }) =>
      api<{ ok: true }>('/api/auth/magic-link', { method: 'POST', json: body }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      api<{ ok: true }>('/api/auth/password/forgot', { method: 'POST', json: body }),
  });
}

export function useSendVerificationCode() {
  return useMutation({
    mutationFn: () =>
      api<{ sent: boolean; email: string }>('/api/verification/code', {
        method: 'POST',
        json: {},
      }),
  });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (code: string) =>
      api<{ viewer: Viewer; redirectTo: string }>('/api/verification/verify', {
        method: 'POST',
        json: { code },
      }),
  });
}

/** GET /api/auth/handoff: whom a handoff token from another campus site names (ADR 036). */
export function handoffQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['handoff', token],
    queryFn: () => api<HandoffPreview>(`/api/auth/handoff?token=${encodeURIComponent(token)}`),
    staleTime: Infinity,
  });
}

/** POST /api/auth/handoff: the confirmation page's button signs in with the token. */
export function useFinishHandoff() {
  return useSignInMutation((token: string) =>
    api<SessionResult>('/api/auth/handoff', { method: 'POST', json: { token } }),
  );
}

/** POST /api/email-change/approve | undo: an e-mailed link of the e-mail change, confirmed on its page. */
export function useEmailChangeLink(kind: 'approve' | 'undo') {
  return useMutation({
    mutationFn: (token: string) =>
      api<EmailLinkResult>(`/api/email-change/${kind}`, { method: 'POST', json: { token } }),
  });
}
