import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys, type NotificationList, unreadKey } from '../../../lib/chat-keys';
import { useLive } from '../../../lib/use-live';
import { useViewer } from '../../../lib/session';

/**
 * The viewer's notifications, 15 a page, newest first (GET /api/notifications).
 * Loading them marks them read, so the badge is refetched after
 * each page.
 */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam }) => {
      const page = await api<NotificationList>(
        `/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      );
      void queryClient.invalidateQueries({ queryKey: unreadKey });
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** A new notification while the list is open: it comes in on top. */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  useLive(viewer?.schoolVerified ?? false, {
    onEvent: (event) => {
      if (event.type === 'notification.created')
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
