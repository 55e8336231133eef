import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { MESSAGES } from '@common/messages';
import { PROFILE_MESSAGES as P } from '@common/words/profiles';
import type { ReportTarget } from '@common/schemas/reports';
import { ApiError, api } from '../../lib/api';
import { useAlert } from '../ui/Alerts';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import styles from '../ui/Form.module.css';

/** What is reported: a student by username (their profile's route), or anything through /api/reports. */
export type Reported = { username: string } | { targetType: ReportTarget; targetId: string };

function send(reported: Reported, reason: string) {
  if ('username' in reported)
    return api<{ message: string }>(`/api/users/${encodeURIComponent(reported.username)}/report`, {
      method: 'POST',
      json: { reason },
    });
  return api<{ message: string }>('/api/reports', {
    method: 'POST',
    json: { ...reported, reason },
  });
}

/**
 * Report something, with an optional reason: stored once per reporter, then
 * the "… Reported. Thanks for letting us know." alert (ADR 019).
 */
export function ReportDialog({
  reported,
  title,
  description,
  open,
  onOpenChange,
}: {
  reported: Reported;
  title: string;
  description: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const alert = useAlert();
  const report = useMutation({ mutationFn: (reason: string) => send(reported, reason) });
  const [reason, setReason] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(reason, {
      onSuccess: ({ message }) => {
        alert({ msg: message, alertType: 'success' });
        setReason('');
        onOpenChange(false);
      },
      onError: (error) =>
        alert({
          msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
          alertType: 'danger',
        }),
    });
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form className={styles.form} onSubmit={handleSubmit}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={id}>
            {P.reportReason}
          </label>
          <textarea
            id={id}
            className={styles.textarea}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {P.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            {P.report}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
