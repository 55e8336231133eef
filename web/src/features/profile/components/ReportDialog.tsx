import { type FormEvent, useId, useState } from 'react';
import { MESSAGES } from '@common/messages';
import { PROFILE_MESSAGES as M } from '@common/schemas/profiles';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { useReportUser } from '../api/report-user';
import styles from './ProfileForm.module.css';

/**
 * Report a student, with an optional reason: stored once per reporter, then
 * "User Reported. Thanks for letting us know." (companion §2, DESIGN §11).
 */
export function ReportDialog({
  username,
  name,
  open,
  onOpenChange,
}: {
  username: string;
  name: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const alert = useAlert();
  const report = useReportUser(username);
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
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={M.reportTitle(name)}
      description={M.reportText}
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={id}>
            {M.reportReason}
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
            {M.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            {M.report}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
