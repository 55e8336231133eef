import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ADMIN_PATH } from '../../components/gates/paths';
import { signedInPage } from '../../components/gates/ProtectedRoute';
import { useViewer } from '../../lib/session';

/** Loaded only when an admin opens it: the charting library stays out of every student's download (ADR 055). */
const DashboardPage = lazy(() =>
  import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);

/** The operators see the dashboard; anyone else the not-found page, as the API answers them. */
function AdminsOnly({ notFound }: { notFound: ReactNode }) {
  const viewer = useViewer();
  return viewer?.admin ? <DashboardPage /> : <>{notFound}</>;
}

/** /admin, signed-in only, for the operators (ADMIN_EMAILS). */
export const adminRoutes = (notFound: ReactNode): RouteObject[] => [
  { path: ADMIN_PATH, element: signedInPage(() => <AdminsOnly notFound={notFound} />) },
];
