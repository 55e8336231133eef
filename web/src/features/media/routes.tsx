import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

const MediaPage = lazy(() => import('./pages/MediaPage').then((m) => ({ default: m.MediaPage })));
const MediaDetailPage = lazy(() =>
  import('./pages/MediaDetailPage').then((m) => ({ default: m.MediaDetailPage })),
);

const page = (Page: React.ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <Page />
  </Suspense>
);

/**
 * The media gallery. Open to every visitor
 * as routes: signed-out visitors get the private-community screen on the page.
 */
export const mediaRoutes: RouteObject[] = [
  { path: '/media', element: page(MediaPage) },
  { path: '/media/:id', element: page(MediaDetailPage) },
];
