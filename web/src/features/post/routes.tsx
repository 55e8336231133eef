import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

const PostPage = lazy(() => import('./pages/PostPage').then((m) => ({ default: m.PostPage })));
const LikedByPage = lazy(() =>
  import('./pages/LikedByPage').then((m) => ({ default: m.LikedByPage })),
);

const page = (Page: React.ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <Page />
  </Suspense>
);

/** The post page and its "Liked by" list (companion spec §2). */
export const postRoutes: RouteObject[] = [
  { path: '/post/:id', element: page(PostPage) },
  { path: '/post/:id/likes', element: page(LikedByPage) },
];
