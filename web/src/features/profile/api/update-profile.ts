import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Viewer } from '@common/schemas/auth';
import type { UpdateProfileBody } from '@common/schemas/profiles';
import { api } from '../../../lib/api';
import { postKeys } from '../../../lib/post-keys';
import { useSetViewer } from '../../../lib/session';
import { profileKeys } from './get-profile';

export interface ProfileUpdated {
  viewer: Viewer;
  message: string;
}

/**
 * After a change of name, bio or photo: the new viewer at once, and every
 * profile and post list read again, so the change shows everywhere.
 */
export function useApplyProfileChange(): (result: ProfileUpdated) => void {
  const queryClient = useQueryClient();
  const setViewer = useSetViewer();
  return (result) => {
    setViewer(result.viewer);
    refreshProfiles(queryClient);
  };
}

function refreshProfiles(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
}

/** PATCH /api/me: display name, bio, or the set-up wizard's end ("Profile Updated"). */
export function useUpdateProfile() {
  const apply = useApplyProfileChange();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      api<ProfileUpdated>('/api/me', { method: 'PATCH', json: body }),
    onSuccess: apply,
  });
}
