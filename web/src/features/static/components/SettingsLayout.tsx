import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { SettingsMenu } from './SettingsMenu';
import styles from './SettingsLayout.module.css';
import { useSettingsNarrow } from './use-settings-narrow';

export interface SettingsViewerProps {
  /** Whether a visitor is signed in; accounts arrive in a later issue, so everyone is signed out for now. */
  signedIn?: boolean;
}

/**
 * /settings/*: on desktop the menu is a side panel beside the open page; on
 * narrow screens the page shows alone (its back button leads to /settings).
 */
export function SettingsLayout({ signedIn = false }: SettingsViewerProps) {
  const narrow = useSettingsNarrow();
  const page = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
  if (narrow) return page;
  return (
    <div className={styles.layout}>
      <aside className={styles.panel}>
        <SettingsMenu variant="panel" signedIn={signedIn} />
      </aside>
      <div className={styles.page}>{page}</div>
    </div>
  );
}

/** /settings itself: the menu on narrow screens; on desktop the first page of the menu. */
export function SettingsHome({ signedIn = false }: SettingsViewerProps) {
  const narrow = useSettingsNarrow();
  if (!narrow) return <Navigate to={signedIn ? '/settings/account' : '/settings/about'} replace />;
  return (
    <div className={styles.home}>
      <h1 className={styles.homeTitle}>Settings</h1>
      <SettingsMenu variant="page" signedIn={signedIn} />
    </div>
  );
}
