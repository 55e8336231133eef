import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const FeedPage = lazy(() => import('./pages/FeedPage').then((m) => ({ default: m.FeedPage })));
const SavedPage = lazy(() => import('./pages/SavedPage').then((m) => ({ default: m.SavedPage })));

/**
 * /create/post (the feed with the composer open; closing it returns to /home)
 * and /saved (a list of post cards, like the feed). Signed-in only.
 */
export const feedRoutes: RouteObject[] = [
  {
    path: '/create/post',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <FeedPage compose />
        </Suspense>
      </ProtectedRoute>
    ),
  },
  {
    path: '/saved',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <SavedPage />
        </Suspense>
      </ProtectedRoute>
    ),
  },
];
