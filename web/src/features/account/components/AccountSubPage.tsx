import type { FormEvent, ReactNode } from 'react';
import { ACCOUNT_MESSAGES as L, AUTH_MESSAGES } from '@common/messages';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { useBackTo } from '../../../lib/use-back-to';
import { ACCOUNT_PATH } from './account-display';
import styles from './AccountSubPage.module.css';

/**
 * One account sub-page: its title with a
 * back button to /settings/account, a card holding the form, and Save.
 */
export function AccountSubPage({
  title,
  intro,
  canSave,
  saving,
  onSubmit,
  submitLabel = L.save,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** False while nothing changed: Save stays disabled until something does. */
  canSave: boolean;
  saving: boolean;
  onSubmit: () => void;
  submitLabel?: string;
  children: ReactNode;
}) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !saving) onSubmit();
  };
  return (
    <div className={styles.page}>
      <PageHeader title={title} backTo={ACCOUNT_PATH} />
      <form className={`card ${styles.card}`} aria-label={title} noValidate onSubmit={handleSubmit}>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
        <div className={styles.actions}>
          <Button type="submit" size="lg" disabled={!canSave || saving} aria-busy={saving}>
            {saving ? L.saving : submitLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** After a save: the server's message as a success alert, then back to /settings/account. */
export function useSaved(): (message: string) => void {
  const alert = useAlert();
  const back = useBackTo(ACCOUNT_PATH);
  return (message) => {
    alert({ msg: message, alertType: 'success' });
    back();
  };
}

/** The words to show under a field for a failed save. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : AUTH_MESSAGES.genericError;
}
