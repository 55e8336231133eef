import { type FormEvent, useId, useState } from 'react';
import type { Viewer } from '@common/schemas/auth';
import { MESSAGES } from '@common/messages';
import { NAME_MAX_CHARS, PROFILE_MESSAGES as M } from '@common/words/profiles';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { BioField } from './BioField';
import form from '../../../components/ui/Form.module.css';
import styles from './ProfileForm.module.css';

interface EditDialogProps {
  viewer: Viewer;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Saves with "Profile Updated" and closes; the server's own message (a limit,
 * a missing name) stays under the field instead.
 */
function useSave(onDone: () => void) {
  const update = useUpdateProfile();
  const alert = useAlert();
  const [error, setError] = useState<string | undefined>();
  const save = (body: Parameters<typeof update.mutate>[0]) => {
    setError(undefined);
    update.mutate(body, {
      onSuccess: ({ message }) => {
        alert({ msg: message, alertType: 'success' });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) setError(err.message);
        else alert({ msg: err.message || MESSAGES.somethingWentWrong, alertType: 'danger' });
      },
    });
  };
  return { save, error, pending: update.isPending };
}

function DialogActions({ pending, onCancel }: { pending: boolean; onCancel(): void }) {
  return (
    <div className={form.actions}>
      <Button variant="secondary" onClick={onCancel}>
        {M.cancel}
      </Button>
      <Button type="submit" disabled={pending}>
        {M.save}
      </Button>
    </div>
  );
}

/** "Edit Display Name": First Name and Last Name, 20 characters each. */
export function EditNameDialog({ viewer, open, onOpenChange }: EditDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={M.editDisplayName}>
      {open ? <NameForm viewer={viewer} onClose={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function NameForm({ viewer, onClose }: { viewer: Viewer; onClose(): void }) {
  const id = useId();
  const [firstName, setFirstName] = useState(viewer.firstName);
  const [lastName, setLastName] = useState(viewer.lastName);
  const { save, error, pending } = useSave(onClose);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ firstName, lastName });
  };
  const fields = [
    { key: 'first', label: M.firstName, value: firstName, set: setFirstName, auto: 'given-name' },
    { key: 'last', label: M.lastName, value: lastName, set: setLastName, auto: 'family-name' },
  ];
  return (
    <form className={form.form} onSubmit={handleSubmit} noValidate>
      {fields.map((f) => (
        <div key={f.key} className={form.field}>
          <label className={form.label} htmlFor={`${id}-${f.key}`}>
            {f.label}
          </label>
          <input
            id={`${id}-${f.key}`}
            className={`${form.control} ${styles.input}`}
            value={f.value}
            maxLength={NAME_MAX_CHARS}
            autoComplete={f.auto}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => f.set(e.target.value)}
          />
        </div>
      ))}
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <DialogActions pending={pending} onCancel={onClose} />
    </form>
  );
}

/** "Edit Bio" with its "n / 160" counter. */
export function EditBioDialog({
  bio,
  open,
  onOpenChange,
}: Omit<EditDialogProps, 'viewer'> & { bio: string }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={M.editBio}>
      {open ? <BioForm bio={bio} onClose={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function BioForm({ bio: initial, onClose }: { bio: string; onClose(): void }) {
  const [bio, setBio] = useState(initial);
  const { save, error, pending } = useSave(onClose);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ bio });
  };
  return (
    <form className={form.form} onSubmit={handleSubmit} noValidate>
      <BioField value={bio} onChange={setBio} error={error} autoFocus />
      <DialogActions pending={pending} onCancel={onClose} />
    </form>
  );
}
