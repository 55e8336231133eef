import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const BlockedStudentsPage = lazy(() =>
  import('./pages/BlockedStudentsPage').then((m) => ({ default: m.BlockedStudentsPage })),
);

/** The viewer's blocked students, signed-in only (ADR 024). */
export const blocksRoutes: RouteObject[] = [
  {
    path: '/settings/blocked',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <BlockedStudentsPage />
        </Suspense>
      </ProtectedRoute>
    ),
  },
];
