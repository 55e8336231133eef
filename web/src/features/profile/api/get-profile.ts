import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '@common/schemas/profiles';
import { api } from '../../../lib/api';

export const profileKeys = {
  all: ['profile'] as const,
  detail: (username: string) => ['profile', username.toLowerCase()] as const,
};

/** GET /api/users/{username}: 401 signed out, 404 unknown or another campus's. */
export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKeys.detail(username),
    queryFn: () => api<ProfileDto>(`/api/users/${encodeURIComponent(username)}`),
  });

export function useProfile(username: string) {
  return useQuery({ ...profileQueryOptions(username), enabled: username !== '' });
}
