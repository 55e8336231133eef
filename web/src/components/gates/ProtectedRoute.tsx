import { type ComponentType, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { useSession } from '../../lib/session';

/**
 * Signed-in only pages: a spinner while the session loads, then
 * signed-out visitors go to `/`. Wraps `children`, or the child routes when used as a layout route.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { viewer, loading } = useSession();
  if (loading) return <Spinner />;
  if (!viewer) return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}

/** A lazily loaded signed-in page: the gate, then a spinner while its code arrives. */
export function signedInPage(Page: ComponentType) {
  return (
    <ProtectedRoute>
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    </ProtectedRoute>
  );
}
