import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const AccountSettingsPage = lazy(() =>
  import('./pages/AccountSettingsPage').then((m) => ({ default: m.AccountSettingsPage })),
);

/** Account settings, signed-in only (companion spec §2). */
export const accountRoutes: RouteObject[] = [
  {
    path: '/settings/account',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <AccountSettingsPage />
        </Suspense>
      </ProtectedRoute>
    ),
  },
];
