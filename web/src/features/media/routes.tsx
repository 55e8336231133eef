import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

const MediaPage = lazy(() => import('./pages/MediaPage').then((m) => ({ default: m.MediaPage })));
const MediaDetailPage = lazy(() =>
  import('./pages/MediaDetailPage').then((m) => ({ default: m.MediaDetailPage })),
);

/** The media gallery (companion spec §2 "Media gallery"). */
export const mediaRoutes: RouteObject[] = [
  {
    path: '/media',
    element: (
      <Suspense fallback={<Spinner />}>
        <MediaPage />
      </Suspense>
    ),
  },
  {
    path: '/media/:id',
    element: (
      <Suspense fallback={<Spinner />}>
        <MediaDetailPage />
      </Suspense>
    ),
  },
];
