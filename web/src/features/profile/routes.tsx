import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

const ProfilePage = lazy(() =>
  import('./pages/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const OwnProfilePage = lazy(() =>
  import('./pages/ProfilePage').then((m) => ({ default: m.OwnProfilePage })),
);
const EditProfilePage = lazy(() =>
  import('./pages/EditProfilePage').then((m) => ({ default: m.EditProfilePage })),
);
const SetUpProfilePage = lazy(() =>
  import('./pages/SetUpProfilePage').then((m) => ({ default: m.SetUpProfilePage })),
);

const page = (Page: React.ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <Page />
  </Suspense>
);

/**
 * Profiles: /{username} for anyone who may see it (the page
 * shows the private screen or "This page doesn't exist." itself), and the
 * viewer's own /profile, /profile/edit and /profile/set-up, which send
 * signed-out visitors to /login. Every other top-level route outranks /:username.
 */
export const profileRoutes: RouteObject[] = [
  { path: '/profile', element: page(OwnProfilePage) },
  { path: '/profile/edit', element: page(EditProfilePage) },
  { path: '/profile/set-up', element: page(SetUpProfilePage) },
  { path: '/:username', element: page(ProfilePage) },
];
