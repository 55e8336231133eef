import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const CreatePostPage = lazy(() =>
  import('./pages/CreatePostPage').then((m) => ({ default: m.CreatePostPage })),
);
const CreateCategoriesPage = lazy(() =>
  import('./pages/CreateCategoriesPage').then((m) => ({ default: m.CreateCategoriesPage })),
);
const SavedPage = lazy(() => import('./pages/SavedPage').then((m) => ({ default: m.SavedPage })));

/**
 * /create/post?goBack= (the composer as a page, phones only; a desktop visitor
 * goes back to goBack), /create/categories?goBack= (a category first, then
 * /create/post with it) and /saved (a list of post cards, like the feed). Signed-in only.
 */
export const feedRoutes: RouteObject[] = [
  {
    path: '/create/post',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <CreatePostPage />
        </Suspense>
      </ProtectedRoute>
    ),
  },
  {
    path: '/create/categories',
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner />}>
          <CreateCategoriesPage />
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
