import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../components/gates/ProtectedRoute';
import { SCHOOL_EMAIL_PATH, VERIFY_SCHOOL_EMAIL_PATH } from '../../components/gates/paths';
import { Spinner } from '../../components/ui/Spinner';

function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

const SchoolEmailPage = lazyNamed(() => import('./pages/SchoolEmailPage'), 'SchoolEmailPage');
const VerifySchoolEmailPage = lazyNamed(
  () => import('./pages/VerifySchoolEmailPage'),
  'VerifySchoolEmailPage',
);

/**
 * The school e-mail pages, signed-in only.
 */
export const schoolEmailRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<Spinner />}>
        <ProtectedRoute />
      </Suspense>
    ),
    children: [
      { path: SCHOOL_EMAIL_PATH, element: <SchoolEmailPage /> },
      { path: VERIFY_SCHOOL_EMAIL_PATH, element: <VerifySchoolEmailPage /> },
    ],
  },
];
