import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { useViewer } from '../../../lib/session';
import { SettingsMenu } from './SettingsMenu';
import styles from './SettingsLayout.module.css';
import { useSettingsNarrow } from '../../../lib/use-media-query';

export interface SettingsViewerProps {
  /** Whether a visitor is signed in; by default, from the session. */
  signedIn?: boolean;
}

function useSignedIn(signedIn: boolean | undefined): boolean {
  const viewer = useViewer();
  return signedIn ?? viewer !== null;
}

/**
 * /settings/*: on desktop the menu is a side panel beside the open page; on
 * narrow screens the page shows alone (its back button leads to /settings).
 */
export function SettingsLayout({ signedIn: signedInProp }: SettingsViewerProps) {
  const narrow = useSettingsNarrow();
  const signedIn = useSignedIn(signedInProp);
  const page = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
  if (narrow) return page;
  return (
    <div className={styles.layout}>
      {/* Not an <aside>: the shell's sidebar is the page's one complementary landmark,
          and the menu is already the "Settings" navigation. */}
      <div className={styles.panel}>
        <SettingsMenu variant="panel" signedIn={signedIn} />
      </div>
      <div className={styles.page}>{page}</div>
    </div>
  );
}

/** /settings itself: the menu on narrow screens; on desktop the first page of the menu. */
export function SettingsHome({ signedIn: signedInProp }: SettingsViewerProps) {
  const narrow = useSettingsNarrow();
  const signedIn = useSignedIn(signedInProp);
  if (!narrow) return <Navigate to={signedIn ? '/settings/account' : '/settings/about'} replace />;
  return (
    <div className={styles.home}>
      <h1 className={styles.homeTitle}>Settings</h1>
      <SettingsMenu variant="page" signedIn={signedIn} />
    </div>
  );
}
