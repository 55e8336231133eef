import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import type { CampusDto } from '@common/schemas/campus';
import { PrivateCommunity } from '../components/PrivateCommunity';
import { AlertProvider } from '../components/ui/Alerts';
import { Spinner } from '../components/ui/Spinner';
import { Error404Page, NotFoundPage } from '../features/errors/pages/NotFoundPage';
import { CampusProvider, isGenericCampus, useCampus } from '../lib/campus';
import { settingsRoutes } from '../features/static/routes';
import { AppLayout } from './layout/AppLayout';

const WelcomePage = lazy(() =>
  import('../features/welcome/pages/WelcomePage').then((m) => ({ default: m.WelcomePage })),
);
const SchoolFinderPage = lazy(() =>
  import('../features/schools/pages/SchoolFinderPage').then((m) => ({
    default: m.SchoolFinderPage,
  })),
);

function HomeRoute() {
  const campus = useCampus();
  if (isGenericCampus(campus)) return <Lazy page={WelcomePage} />;
  return <PrivateCommunity />;
}

function Lazy({ page: Page }: { page: React.ComponentType }) {
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/home', element: <HomeRoute /> },
      { path: '/404', element: <Error404Page /> },
      { path: '/search_schools', element: <Lazy page={SchoolFinderPage} /> },
      ...settingsRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App({ campus }: { campus: CampusDto }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <CampusProvider campus={campus}>
        <AlertProvider>
          <RouterProvider router={router} />
        </AlertProvider>
      </CampusProvider>
    </QueryClientProvider>
  );
}
