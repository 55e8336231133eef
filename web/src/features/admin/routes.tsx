import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ADMIN_CAMPUSES_PATH, ADMIN_PATH } from '../../components/gates/paths';
import { signedInPage } from '../../components/gates/ProtectedRoute';
import { useViewer } from '../../lib/session';

/** Loaded only when an admin opens it: the charting library stays out of every student's download (ADR 055). */
const DashboardPage = lazy(() =>
  import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);

/** The campuses page (ADR 056), loaded the same way. */
const CampusesPage = lazy(() =>
  import('./pages/CampusesPage').then((m) => ({ default: m.CampusesPage })),
);

/** The operators see the page; anyone else the not-found page, as the API answers them. */
function AdminsOnly({ notFound, children }: { notFound: ReactNode; children: ReactNode }) {
  const viewer = useViewer();
  return viewer?.admin ? <>{children}</> : <>{notFound}</>;
}

/** /admin and /admin/campuses, signed-in only, for the operators (ADMIN_EMAILS). */
export const adminRoutes = (notFound: ReactNode): RouteObject[] => [
  {
    path: ADMIN_PATH,
    element: signedInPage(() => (
      <AdminsOnly notFound={notFound}>
        <DashboardPage />
      </AdminsOnly>
    )),
  },
  {
    path: ADMIN_CAMPUSES_PATH,
    element: signedInPage(() => (
      <AdminsOnly notFound={notFound}>
        <CampusesPage />
      </AdminsOnly>
    )),
  },
];
