import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES as M } from '@common/schemas/account';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { PasswordField } from '../../../components/ui/TextField';
import { api, ApiError } from '../../../lib/api';
import { useViewer } from '../../../lib/session';

/**
 * Delete account: a confirmation with the password (none
 * for an account without one); everything of the student goes, then home.
 */
export function DeleteAccount({ className }: { className?: string }) {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const alert = useAlert();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api<{ message: string }>('/api/me', { method: 'DELETE', json: { password } }),
    onSuccess: ({ message }) => {
      // Nothing read as the student stays: the session, their pages, their saves.
      queryClient.clear();
      navigate('/home', { replace: true });
      alert({ msg: message, alertType: 'success' });
    },
  });
  const error = remove.error instanceof ApiError ? remove.error.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };
  return (
    <>
      <Button variant="danger" className={className} onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={M.deleteTitle} description={M.deleteText}>
        <form onSubmit={submit} noValidate>
          {viewer?.hasPassword ? (
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
            />
          ) : error ? (
            <p role="alert">{error}</p>
          ) : null}
          <div className="dialog__actions">
            <Button type="submit" variant="danger" block disabled={remove.isPending}>
              Delete my account
            </Button>
            <Button type="button" variant="secondary" block onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
