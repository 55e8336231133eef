import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { lazyNamed } from '../../lib/lazy-named';
import { ACCOUNT_PATH } from './paths';

const AccountSettingsPage = lazyNamed(
  () => import('./pages/AccountSettingsPage'),
  'AccountSettingsPage',
);
const ScreenNamePage = lazyNamed(() => import('./pages/ScreenNamePage'), 'ScreenNamePage');
const PasswordPage = lazyNamed(() => import('./pages/PasswordPage'), 'PasswordPage');
const EmailPage = lazyNamed(() => import('./pages/EmailPage'), 'EmailPage');
const PhonePage = lazyNamed(() => import('./pages/PhonePage'), 'PhonePage');
const GenderPage = lazyNamed(() => import('./pages/GenderPage'), 'GenderPage');
const BirthDatePage = lazyNamed(() => import('./pages/BirthDatePage'), 'BirthDatePage');
const NotificationSettingsPage = lazyNamed(
  () => import('./pages/NotificationSettingsPage'),
  'NotificationSettingsPage',
);

/**
 * /settings/account and its sub-pages, signed-in only. App.tsx
 * sets them inside the settings layout, whose Suspense boundary shows while a page loads.
 */
export const accountRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    children: [
      { path: ACCOUNT_PATH, element: <AccountSettingsPage /> },
      { path: `${ACCOUNT_PATH}/screen_name`, element: <ScreenNamePage /> },
      { path: `${ACCOUNT_PATH}/password`, element: <PasswordPage /> },
      { path: `${ACCOUNT_PATH}/email`, element: <EmailPage /> },
      { path: `${ACCOUNT_PATH}/phone`, element: <PhonePage /> },
      { path: `${ACCOUNT_PATH}/gender`, element: <GenderPage /> },
      { path: `${ACCOUNT_PATH}/birth_date`, element: <BirthDatePage /> },
      // Notifications by kind and channel, and quiet hours (ADR 059).
      { path: '/settings/notifications', element: <NotificationSettingsPage /> },
    ],
  },
];
