import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { useSession } from '../../lib/session';

/**
 * Signed-in only pages (spec core §2): a spinner while the session loads, then
 * signed-out visitors go to `/`. Wraps `children`, or the child routes when used as a layout route.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { viewer, loading } = useSession();
  if (loading) return <Spinner />;
  if (!viewer) return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}
