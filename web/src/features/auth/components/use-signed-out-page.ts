import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Viewer } from '@common/schemas/auth';
import { useSession, useSetViewer } from '../../../lib/session';

/**
 * For the pages of signed-out visitors: `signedIn` says "send them to /home",
 * except once the page itself has signed them in and is
 * leaving through `finish` for its own next page.
 */
export function useSignedOutPage() {
  const { viewer } = useSession();
  const setViewer = useSetViewer();
  const navigate = useNavigate();
  const leaving = useRef(false);
  const finish = useCallback(
    (next: Viewer, to: string) => {
      leaving.current = true;
      setViewer(next);
      navigate(to, { replace: true });
    },
    [navigate, setViewer],
  );
  return { signedIn: viewer !== null && !leaving.current, finish };
}

/** Where a fresh sign-in goes: the code page for unverified accounts. */
export const afterSignIn = (viewer: Viewer) => (viewer.verified ? '/home' : '/verify');
