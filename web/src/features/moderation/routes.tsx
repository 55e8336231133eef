import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { MODERATION_PATH } from '../../components/gates/paths';
import { signedInPage } from '../../components/gates/ProtectedRoute';
import { useViewer } from '../../lib/session';

const ModerationPage = lazy(() =>
  import('./pages/ModerationPage').then((m) => ({ default: m.ModerationPage })),
);

/** The campus's moderators see the queue; anyone else the not-found page (ADR 025). */
function ModeratorsOnly({ notFound }: { notFound: ReactNode }) {
  const viewer = useViewer();
  return viewer?.moderator ? <ModerationPage /> : <>{notFound}</>;
}

/** /moderation, signed-in only, for the campus's moderators. */
export const moderationRoutes = (notFound: ReactNode): RouteObject[] => [
  { path: MODERATION_PATH, element: signedInPage(() => <ModeratorsOnly notFound={notFound} />) },
];
