import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

/** Loads a named export as its own chunk, so none of these pages weighs on the first bundle. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

const loadLayout = () => import('./components/SettingsLayout');
const SettingsLayout = lazyNamed(loadLayout, 'SettingsLayout');
const SettingsHome = lazyNamed(loadLayout, 'SettingsHome');

const AboutPage = lazyNamed(() => import('./pages/AboutPage'), 'AboutPage');
const HowItWorksPage = lazyNamed(() => import('./pages/HowItWorksPage'), 'HowItWorksPage');
const HelpPage = lazyNamed(() => import('./pages/HelpPage'), 'HelpPage');
const FeedbackPage = lazyNamed(() => import('./pages/FeedbackPage'), 'FeedbackPage');
const ReturnsPage = lazyNamed(() => import('./pages/ReturnsPage'), 'ReturnsPage');
const TermsPage = lazyNamed(() => import('./pages/TermsPage'), 'TermsPage');
const TrustPage = lazyNamed(() => import('./pages/TrustPage'), 'TrustPage');
const PrivacyPage = lazyNamed(() => import('./pages/PrivacyPage'), 'PrivacyPage');
const CookiesPage = lazyNamed(() => import('./pages/CookiesPage'), 'CookiesPage');

/**
 * /settings and the public static pages. App.tsx spreads these into the shell's routes, with the
 * other features' settings pages (`pages`, e.g. /settings/account) beside
 * these under the same layout. The layout holds the Suspense boundary of the
 * pages, so the menu stays while one loads.
 */
export const settingsRoutes = (pages: RouteObject[] = []): RouteObject[] => [
  {
    path: '/settings',
    element: (
      <Suspense fallback={<Spinner />}>
        <SettingsLayout />
      </Suspense>
    ),
    children: [
      { index: true, element: <SettingsHome /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'howitworks', element: <HowItWorksPage /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'feedback', element: <FeedbackPage /> },
      { path: 'returns', element: <ReturnsPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'trust_and_safety', element: <TrustPage /> },
      // The policy texts link to /settings/trust: the same Trust and Safety page.
      { path: 'trust', element: <TrustPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'cookies', element: <CookiesPage /> },
      ...pages,
    ],
  },
];
