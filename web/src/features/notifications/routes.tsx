import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { signedInPage as page } from '../../components/gates/ProtectedRoute';

const NotificationsPage = lazy(() =>
  import('./pages/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
const MentionsPage = lazy(() =>
  import('./pages/NotificationsPage').then((m) => ({ default: m.MentionsPage })),
);

/** /notifications and /notifications/mentions, signed-in only. */
export const notificationsRoutes: RouteObject[] = [
  { path: '/notifications', element: page(NotificationsPage) },
  { path: '/notifications/mentions', element: page(MentionsPage) },
];
