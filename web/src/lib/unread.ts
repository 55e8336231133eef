import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnreadDto } from '@common/schemas/notifications';
import { api } from './api';
import { unreadKey } from './chat-keys';
import { useViewer } from './session';
import { useLive } from './use-live';

export const unreadQueryOptions = queryOptions({
  queryKey: unreadKey,
  queryFn: () => api<UnreadDto>('/api/unread'),
  staleTime: 15_000,
});

/** The live events after which the counts may have moved (ADR 008). */
const COUNT_EVENTS = new Set([
  'unread.changed',
  'notification.created',
  'message.created',
  'chat.read',
  'chat.deleted',
]);

/**
 * Unread notifications and chats of the viewer (GET /api/unread) for the
 * badges of the shell. Zero for guests and students who cannot message yet.
 */
export function useUnread(): UnreadDto & { total: number } {
  const viewer = useViewer();
  const enabled = viewer?.schoolVerified ?? false;
  const { data } = useQuery({ ...unreadQueryOptions, enabled, refetchOnWindowFocus: true });
  const notifications = enabled ? (data?.notifications ?? 0) : 0;
  const chats = enabled ? (data?.chats ?? 0) : 0;
  return { notifications, chats, total: notifications + chats };
}

/**
 * Keeps the counts fresh: refetched on the live events that change them,
 * once the socket first listens, and after a reconnect. Used once, by the shell.
 */
export function useUnreadLive(): void {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  useLive(viewer?.schoolVerified ?? false, {
    onEvent: (event) => {
      if (COUNT_EVENTS.has(event.type)) void queryClient.invalidateQueries({ queryKey: unreadKey });
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: unreadKey }),
    // A notification that came while the page loaded, before the socket listened, still counts.
    onOpen: () => void queryClient.invalidateQueries({ queryKey: unreadKey }),
  });
}
