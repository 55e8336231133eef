import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { PASSWORD_MAX, PASSWORD_MIN, resetPasswordBodySchema } from '@common/schemas/auth';
import { useAlert } from '../../../components/ui/Alerts';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { useSetViewer } from '../../../lib/session';
import { useResetPassword } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { PasswordField } from '../../../components/ui/TextField';
import { useErrorAlert } from '../components/use-error-alert';
import { useFormCheck } from '../components/use-form-check';

const schema = z
  .object({ password: resetPasswordBodySchema.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: MESSAGES.signIn.passwordsDoNotMatch,
  });

/** /reset_password?token=: choose a new password from the e-mailed link; it signs the user in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const setViewer = useSetViewer();
  const reset = useResetPassword();
  const alert = useAlert();
  const showError = useErrorAlert();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useFormCheck(schema, { password, confirm });
  const done = useRef(false);

  const back = { title: MESSAGES.signIn.forgotPassword, fallback: '/forgotpassword' };

  if (!token) {
    return (
      <AuthCard back={back} title="This link is incomplete" subtitle={AUTH_MESSAGES.linkExpired}>
        <ButtonLink to="/forgotpassword" size="lg" block>
          Send a new link
        </ButtonLink>
      </AuthCard>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.check(event.currentTarget);
    if (!valid || reset.isPending || done.current) return;
    try {
      const { viewer } = await reset.mutateAsync({ token, password: valid.password });
      done.current = true;
      setViewer(viewer);
      navigate('/home', { replace: true });
      alert({ msg: MESSAGES.signIn.passwordChanged, alertType: 'success' });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <AuthCard
      back={back}
      title="Choose a new password"
      subtitle="You'll be logged in as soon as it's saved."
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={form.blur('password')}
          error={form.errorFor('password')}
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
          autoFocus
        />
        <PasswordField
          label="Confirm new password"
          name="confirm"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          onBlur={form.blur('confirm')}
          error={form.errorFor('confirm')}
        />
        <Button type="submit" size="lg" block disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Save and log in'}
        </Button>
      </form>
    </AuthCard>
  );
}
