import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PrivateCommunity } from '../components/PrivateCommunity';
import { AlertProvider } from '../components/ui/Alerts';
import { Spinner } from '../components/ui/Spinner';
import { Error404Page, NotFoundPage } from '../features/errors/pages/NotFoundPage';
import { isGenericCampus, useCampus } from '../lib/campus';
import { accountRoutes } from '../features/account/routes';
import { authRoutes } from '../features/auth/routes';
import { feedRoutes } from '../features/feed/routes';
import { postRoutes } from '../features/post/routes';
import { profileRoutes } from '../features/profile/routes';
import { mediaRoutes } from '../features/media/routes';
import { messagesRoutes } from '../features/messages/routes';
import { moderationRoutes } from '../features/moderation/routes';
import { adminRoutes } from '../features/admin/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { searchRoutes } from '../features/search/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { savedSearchesRoutes } from '../features/saved-searches/routes';
import { blocksRoutes } from '../features/blocks/routes';
import { pushRoutes } from '../features/push/routes';
import { schoolEmailRoutes } from '../features/school-email/routes';
import { settingsRoutes } from '../features/static/routes';
import { useViewer } from '../lib/session';
import { AppLayout } from './layout/AppLayout';

const WelcomePage = lazy(() =>
  import('../features/welcome/pages/WelcomePage').then((m) => ({ default: m.WelcomePage })),
);
const loadFeedPage = () => import('../features/feed/pages/FeedPage');
const FeedPage = lazy(() => loadFeedPage().then((m) => ({ default: m.FeedPage })));
/** The feed page's code when it came before the first render (see `preloadFeedPage`). */
let feedPageLoaded: React.ComponentType | null = null;

/**
 * /home for a member arrives with its first posts drawn by the server (ADR 045):
 * the app waits for the feed page's code (preloaded with the page) before its
 * first render, so that render draws the feed in their place at once instead
 * of a spinner between the two.
 */
export async function preloadFeedPage(): Promise<void> {
  feedPageLoaded = (await loadFeedPage()).FeedPage;
}
const SchoolFinderPage = lazy(() =>
  import('../features/schools/pages/SchoolFinderPage').then((m) => ({
    default: m.SchoolFinderPage,
  })),
);

/** /home: the welcome page on the generic site, the feed for members, the private screen otherwise. */
function HomeRoute() {
  const campus = useCampus();
  const viewer = useViewer();
  if (isGenericCampus(campus)) return <Lazy page={WelcomePage} />;
  // A member: school-verified on this very campus (another campus's students see it private).
  if (viewer?.schoolVerified && viewer.campusId === campus.id)
    return feedPageLoaded ? <Page page={feedPageLoaded} /> : <Lazy page={FeedPage} />;
  return <PrivateCommunity />;
}

function Page({ page: Component }: { page: React.ComponentType }) {
  return <Component />;
}

function Lazy({ page: Page }: { page: React.ComponentType }) {
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

/**
 * Every page of the app. The server knows the same paths (common/web-routes.ts,
 * checked against these by routes.test.ts) to answer 404 for the others.
 */
export const appRoutes: RouteObject[] = [
  {
    // Alerts live inside the router: their "View" links are router links.
    element: (
      <AlertProvider>
        <AppLayout />
      </AlertProvider>
    ),
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/home', element: <HomeRoute /> },
      { path: '/404', element: <Error404Page /> },
      { path: '/search_schools', element: <Lazy page={SchoolFinderPage} /> },
      ...settingsRoutes([
        ...accountRoutes,
        ...paymentsRoutes,
        ...savedSearchesRoutes,
        ...blocksRoutes,
        ...pushRoutes,
      ]),
      ...authRoutes,
      ...schoolEmailRoutes,
      ...mediaRoutes,
      ...feedRoutes,
      ...postRoutes,
      ...messagesRoutes,
      ...notificationsRoutes,
      ...searchRoutes,
      ...profileRoutes,
      ...moderationRoutes(<NotFoundPage />),
      ...adminRoutes(<NotFoundPage />),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
