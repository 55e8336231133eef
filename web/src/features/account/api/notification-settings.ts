import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsDto } from '@common/schemas/notification-settings';
import { api } from '../../../lib/api';
import { meQueryOptions } from '../../../lib/session';

export const notificationSettingsKey = ['notification-settings'] as const;
const URL_ = '/api/me/notification-settings';

/** GET /api/me/notification-settings: the grid of kinds and channels, and quiet hours (ADR 059). */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKey,
    queryFn: () => api<NotificationSettingsDto>(URL_),
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

/**
 * PUT /api/me/notification-settings, optimistic: the page shows the new
 * settings at once and goes back to what was saved if the save fails.
 */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationSettingsKey,
    mutationFn: (settings: NotificationSettingsDto) =>
      api<NotificationSettingsDto>(URL_, { method: 'PUT', json: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const before = queryClient.getQueryData<NotificationSettingsDto>(notificationSettingsKey);
      queryClient.setQueryData(notificationSettingsKey, settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(notificationSettingsKey, context.before);
    },
    onSuccess: (saved) => {
      // A later change already shows; only the last save's answer is kept.
      if (queryClient.isMutating({ mutationKey: notificationSettingsKey }) <= 1)
        queryClient.setQueryData(notificationSettingsKey, saved);
      // "E-mail alerts" in the settings menu follows whether any e-mail is on.
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey, exact: true });
    },
  });
}
