import { useId } from 'react';
import { ACCOUNT_MESSAGES as L, AUTH_MESSAGES } from '@common/messages';
import { useAlert } from '../../../components/ui/Alerts';
import { MailIcon } from '../../../components/ui/Icons';
import { ApiError } from '../../../lib/api';
import { useUpdateAccount } from '../../../lib/account-api';
import { useViewer } from '../../../lib/session';
import styles from './SettingsMenu.module.css';

/**
 * The settings menu's "E-mail alerts" on/off switch (ADR 008), saved at once
 * with PATCH /api/me/account.
 */
export function EmailAlertsSwitch({ variant }: { variant: 'panel' | 'page' }) {
  const viewer = useViewer();
  const update = useUpdateAccount();
  const alert = useAlert();
  const labelId = useId();
  const hintId = useId();
  if (!viewer) return null;
  // While saving, the switch shows where it is going.
  const on = update.isPending
    ? Boolean(update.variables.emailNotifications)
    : viewer.emailNotifications;

  const handleToggle = () => {
    if (update.isPending) return;
    update.mutate(
      { emailNotifications: !on },
      {
        onSuccess: (result) => alert({ msg: result.message, alertType: 'success' }),
        onError: (failure) =>
          alert({
            msg: failure instanceof ApiError ? failure.message : AUTH_MESSAGES.genericError,
            alertType: 'danger',
          }),
      },
    );
  };

  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelId}
      aria-describedby={variant === 'page' ? hintId : undefined}
      className={`${styles.item} ${styles.switchItem}`}
      onClick={handleToggle}
    >
      {variant === 'page' ? (
        <span className={styles.icon}>
          <MailIcon width={20} height={20} />
        </span>
      ) : null}
      <span className={styles.text}>
        <span id={labelId} className={styles.label}>
          {L.emailAlerts}
        </span>
        {variant === 'page' ? (
          <span id={hintId} className={styles.hint}>
            {L.emailAlertsHint}
          </span>
        ) : null}
      </span>
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
    </button>
  );
}
