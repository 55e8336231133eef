import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const NotificationSettingsPage = lazy(() =>
  import('./pages/NotificationSettingsPage').then((m) => ({
    default: m.NotificationSettingsPage,
  })),
);

/** Push notifications on this device and the student's devices, signed-in only (ADR 058). */
export const pushRoutes: RouteObject[] = [
  {
    path: '/settings/notifications',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <NotificationSettingsPage />
        </Suspense>
      </ProtectedRoute>
    ),
  },
];
