import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

/** Loads a named export as its own chunk. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

const UserRegistrationPage = lazyNamed(
  () => import('./pages/UserRegistrationPage'),
  'UserRegistrationPage',
);
const LoginPage = lazyNamed(() => import('./pages/LoginPage'), 'LoginPage');
const LinkLandingPage = lazyNamed(() => import('./pages/LinkLandingPage'), 'LinkLandingPage');
const RegisterPage = lazyNamed(() => import('./pages/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(
  () => import('./pages/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyPage = lazyNamed(() => import('./pages/VerifyPage'), 'VerifyPage');
const LogoutPage = lazyNamed(() => import('./pages/LogoutPage'), 'LogoutPage');
const HandoffPage = lazyNamed(() => import('./pages/HandoffPage'), 'HandoffPage');
const EmailApprovePage = lazyNamed(() => import('./pages/EmailChangeLinkPage'), 'EmailApprovePage');
const EmailUndoPage = lazyNamed(() => import('./pages/EmailChangeLinkPage'), 'EmailUndoPage');

const page = (Page: ComponentType) => (
  <Suspense fallback={<Spinner />}>
    <Page />
  </Suspense>
);

/** The sign-in, registration and verification pages, and the account's e-mailed links (ADR 036). */
export const authRoutes: RouteObject[] = [
  { path: '/user_registration', element: page(UserRegistrationPage) },
  { path: '/login', element: page(LoginPage) },
  { path: '/login/sent', element: page(LinkLandingPage) },
  { path: '/register', element: page(RegisterPage) },
  { path: '/forgotpassword', element: page(ForgotPasswordPage) },
  { path: '/reset_password', element: page(ResetPasswordPage) },
  { path: '/verify', element: page(VerifyPage) },
  { path: '/logout', element: page(LogoutPage) },
  { path: '/handoff', element: page(HandoffPage) },
  { path: '/email_change/approve', element: page(EmailApprovePage) },
  { path: '/email_change/undo', element: page(EmailUndoPage) },
];
