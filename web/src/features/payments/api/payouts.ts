import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutLink, PayoutStatus } from '@common/schemas/payments';
import { api } from '../../../lib/api';

/** GET /api/payments/status: the page's state, synchronised with Stripe on every load. */
export const payoutStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'status'] as const,
    queryFn: () => api<PayoutStatus>('/api/payments/status'),
    // A student coming back from Stripe's tab sees the new state.
    refetchOnWindowFocus: true,
  });

export const usePayoutStatus = () => useQuery(payoutStatusQueryOptions());

/**
 * "Set Up Payouts" and "Resume Application": the connected account (made
 * once: POST /api/payments/account), then a fresh onboarding link to follow.
 */
export function useOnboardingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ create }: { create: boolean }) => {
      if (create) {
        const status = await api<PayoutStatus>('/api/payments/account', { method: 'POST' });
        queryClient.setQueryData(payoutStatusQueryOptions().queryKey, status);
      }
      return api<PayoutLink>('/api/payments/account-link', { method: 'POST' });
    },
  });
}

/** "View Earnings": POST /api/payments/login-link, a one-time link into Stripe's dashboard. */
export const useEarningsLink = () =>
  useMutation({
    mutationFn: () => api<PayoutLink>('/api/payments/login-link', { method: 'POST' }),
  });
