import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { userSearchSchema } from '@common/schemas/chats';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { chatKeys } from '../../../lib/chat-keys';

type UserSearch = z.infer<typeof userSearchSchema>;

/** Students of the campus to message; asked once more than one character is typed. */
export function useUserSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: chatKeys.users(q),
    queryFn: () => api<UserSearch>(`/api/users?q=${encodeURIComponent(q)}`),
    enabled: q.length > 1,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
