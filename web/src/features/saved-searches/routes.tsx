import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const SavedSearchesPage = lazy(() =>
  import('./pages/SavedSearchesPage').then((m) => ({ default: m.SavedSearchesPage })),
);

/** The viewer's saved searches with their alerts, signed-in only (ADR 010). */
export const savedSearchesRoutes: RouteObject[] = [
  {
    path: '/settings/saved-searches',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <SavedSearchesPage />
        </Suspense>
      </ProtectedRoute>
    ),
  },
];
