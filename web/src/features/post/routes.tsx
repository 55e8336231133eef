import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { Spinner } from '../../components/ui/Spinner';

const PostPage = lazy(() => import('./pages/PostPage').then((m) => ({ default: m.PostPage })));
const LikedByPage = lazy(() =>
  import('./pages/LikedByPage').then((m) => ({ default: m.LikedByPage })),
);
const CreateCommentPage = lazy(() =>
  import('./pages/CreateCommentPage').then((m) => ({ default: m.CreateCommentPage })),
);

const page = (Page: React.ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <Page />
  </Suspense>
);

/**
 * The post page and its "Liked by" list, and the mobile comment page
 * /create/comment/{id}?goBack= (signed-in only).
 */
export const postRoutes: RouteObject[] = [
  { path: '/post/:id', element: page(PostPage) },
  { path: '/post/:id/likes', element: page(LikedByPage) },
  {
    path: '/create/comment/:id',
    element: <ProtectedRoute>{page(CreateCommentPage)}</ProtectedRoute>,
  },
];
