import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

const SearchPage = lazy(() =>
  import('./pages/SearchPage').then((m) => ({ default: m.SearchPage })),
);

/**
 * /search. Open to every visitor as a route:
 * on a private campus the API answers a guest 401 and the page asks them to sign in.
 */
export const searchRoutes: RouteObject[] = [
  {
    path: '/search',
    element: (
      <Suspense fallback={<Spinner />}>
        <SearchPage />
      </Suspense>
    ),
  },
];
