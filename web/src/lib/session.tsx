import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, Viewer } from '@common/schemas/auth';
import { api } from './api';
import { unsubscribeThisDevice } from './push-subscription';

/** The session: who is signed in, and whether Google sign-in is offered (GET /api/me). */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: () => api<Me>('/api/me'),
  staleTime: 60_000,
});

export interface Session {
  viewer: Viewer | null;
  /** True until the first answer (only in dev: pages carry the session in their boot data). */
  loading: boolean;
  googleEnabled: boolean;
}

export function useSession(): Session {
  const { data, isPending } = useQuery(meQueryOptions);
  return { viewer: data?.viewer ?? null, loading: isPending, googleEnabled: data?.google ?? false };
}

export function useViewer(): Viewer | null {
  return useSession().viewer;
}

/** After a sign-in, registration or verification: the new viewer, without a round trip. */
export function useSetViewer(): (viewer: Viewer | null) => void {
  const queryClient = useQueryClient();
  return (viewer) =>
    queryClient.setQueryData<Me>(meQueryOptions.queryKey, (previous) => ({
      // Answers of profile and account changes do not say who moderates (ADR 025): kept.
      viewer:
        viewer && previous?.viewer?.moderator && previous.viewer.id === viewer.id
          ? { ...viewer, moderator: true }
          : viewer,
      google: previous?.google ?? false,
    }));
}

/**
 * Ends the session and forgets everything cached for the signed-in user. This
 * browser's push subscription goes first, while the session can still delete
 * it, so pushes stop arriving on a device signed out of (ADR 058); a failure
 * there never keeps the student signed in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await unsubscribeThisDevice().catch(() => undefined);
      return api<{ ok: true }>('/api/auth/logout', { method: 'POST', json: {} });
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData<Me>(meQueryOptions.queryKey, (previous) => ({
        viewer: null,
        google: previous?.google ?? false,
      }));
    },
  });
}
