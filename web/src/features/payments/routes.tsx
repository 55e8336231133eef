import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const PaymentsPage = lazy(() =>
  import('./pages/PaymentsPage').then((m) => ({ default: m.PaymentsPage })),
);

/** /settings/payments, for the account owner only. */
export const paymentsRoutes: RouteObject[] = [
  {
    path: '/settings/payments',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <PaymentsPage />
        </Suspense>
      </ProtectedRoute>
    ),
  },
];
