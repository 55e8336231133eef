import { PUSH_MESSAGES as M } from '@common/words/push';
import { useCampus } from '../../lib/campus';
import { dismissInstall, promptInstall, usePwaState } from '../../lib/pwa';
import { useIsMobile } from '../../lib/use-media-query';
import { Button } from '../ui/Button';
import styles from './AppBanners.module.css';

/**
 * The installable app's two banners (ADR 058): a new version ready (reload
 * now, so no one keeps a stale app), and, on a phone, once, after the
 * student's first post or message, the offer to install the app.
 */
export function AppBanners() {
  const campus = useCampus();
  const phone = useIsMobile();
  const { canOfferInstall, updateReady } = usePwaState();
  if (updateReady)
    return (
      <div className={styles.banner} role="status">
        <div className={styles.text}>
          <p className={styles.title}>{M.updateReady}</p>
        </div>
        <div className={styles.actions}>
          <Button size="sm" onClick={() => window.location.reload()}>
            {M.reload}
          </Button>
        </div>
      </div>
    );
  if (!canOfferInstall || !phone) return null;
  const title = M.installTitle(campus.productName);
  return (
    <section className={styles.banner} aria-label={title}>
      <img className={styles.logo} src="/icon-192.png" alt="" width={40} height={40} />
      <div className={styles.text}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.hint}>{M.installText}</p>
      </div>
      <div className={styles.actions}>
        <Button size="sm" variant="ghost" onClick={dismissInstall}>
          {M.notNow}
        </Button>
        <Button size="sm" onClick={() => void promptInstall()}>
          {M.install}
        </Button>
      </div>
    </section>
  );
}
