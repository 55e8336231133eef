import { type FormEvent, useId, useState } from 'react';
import { MESSAGES } from '@common/messages';
import type { ModerationItem } from '@common/schemas/moderation';
import {
  MODERATION_MESSAGES as M,
  type ModerationAction,
  SUSPEND_DAYS,
} from '@common/words/moderation';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { useModerationAction } from '../api/moderation';
import form from '../../../components/ui/Form.module.css';
import own from './ActionDialog.module.css';

const styles = { ...form, ...own };

/** Each action's words on the page (ADR 025). */
export const ACTION_TEXT: Record<
  ModerationAction,
  { button: string; title: string; confirm: string }
> = {
  dismiss: { button: 'Dismiss', title: 'Dismiss these reports?', confirm: 'Dismiss reports' },
  remove: { button: 'Remove', title: 'Remove this content?', confirm: 'Remove content' },
  warn: { button: 'Warn', title: 'Warn this student?', confirm: 'Send warning' },
  suspend: { button: 'Suspend', title: 'Suspend this student?', confirm: 'Suspend student' },
  ban: { button: 'Ban', title: 'Ban this student?', confirm: 'Ban student' },
};

const WHAT_HAPPENS: Record<ModerationAction, string> = {
  dismiss: 'The reports are closed and nothing else happens.',
  remove: 'The content is removed and its author is told why.',
  warn: 'The student gets a notification with your reason.',
  suspend: 'The student is signed out everywhere and cannot sign in until the suspension ends.',
  ban: 'The student is signed out everywhere and can never sign in again.',
};

/** A moderator's action with its reason (and days), confirmed in a dialog. */
export function ActionDialog({
  item,
  action,
  onClose,
}: {
  item: ModerationItem;
  action: ModerationAction;
  onClose(): void;
}) {
  const reasonId = useId();
  const daysId = useId();
  const alert = useAlert();
  const act = useModerationAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const text = ACTION_TEXT[action];
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(M.reasonRequired);
    act.mutate(
      {
        targetType: item.targetType,
        targetId: item.targetId,
        action,
        reason,
        ...(action === 'suspend' ? { days: Number(days) } : {}),
      },
      {
        onSuccess: ({ message }) => {
          alert({ msg: message, alertType: 'success' });
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : MESSAGES.somethingWentWrong),
      },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text.title}
      description={WHAT_HAPPENS[action]}
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={reasonId}>
            Reason
          </label>
          <textarea
            id={reasonId}
            className={styles.textarea}
            value={reason}
            maxLength={500}
            aria-invalid={error === M.reasonRequired || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {action === 'suspend' ? (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={daysId}>
              Days
            </label>
            <input
              id={daysId}
              className={`${styles.control} ${styles.days}`}
              type="number"
              inputMode="numeric"
              min={SUSPEND_DAYS.min}
              max={SUSPEND_DAYS.max}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={action === 'dismiss' ? 'primary' : 'danger'}
            disabled={act.isPending}
          >
            {text.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
