import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { MailIcon } from '../../../components/ui/Icons';
import { useSession, useSetViewer } from '../../../lib/session';
import { useSendVerificationCode, useVerifyCode } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { TextField } from '../../../components/ui/TextField';
import { useErrorAlert, useMessagesAlert } from '../components/use-error-alert';
import { useOnce } from '../components/use-once';

/**
 * /verify: signed out → /user_registration,
 * verified → /home; otherwise a code is e-mailed on arrival and entered here.
 */
export function VerifyPage() {
  const { viewer } = useSession();
  const setViewer = useSetViewer();
  const navigate = useNavigate();
  const sendCode = useSendVerificationCode();
  const verify = useVerifyCode();
  const alert = useAlert();
  const showError = useErrorAlert();
  const showMessages = useMessagesAlert();
  const [code, setCode] = useState('');
  const leaving = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);

  // Once per visit, even when StrictMode runs effects twice.
  useOnce(viewer !== null && !viewer.verified, () => {
    sendCode.mutateAsync().catch(showError);
  });

  if (!leaving.current) {
    if (!viewer) return <Navigate to="/user_registration" replace />;
    if (viewer.verified) return <Navigate to="/home" replace />;
  }
  const email = sendCode.data?.email ?? viewer?.email ?? '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = code.trim();
    if (!entered) {
      showMessages([AUTH_MESSAGES.enterCode]);
      codeInput.current?.focus();
      return;
    }
    if (verify.isPending) return;
    try {
      const result = await verify.mutateAsync(entered);
      leaving.current = true;
      setViewer(result.viewer);
      navigate(result.redirectTo, { replace: true });
    } catch (error) {
      showError(error);
      setCode('');
      codeInput.current?.focus();
    }
  };

  const handleResend = async () => {
    try {
      const { sent } = await sendCode.mutateAsync();
      alert({
        msg: sent ? AUTH_MESSAGES.emailSent : AUTH_MESSAGES.codeRecentlySent,
        alertType: 'okay',
      });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <AuthCard
      title={MESSAGES.verifyYourAccount}
      subtitle={
        sendCode.isPending && !sendCode.data ? (
          <>
            Sending a code to <strong>{email}</strong>…
          </>
        ) : (
          <>
            {MESSAGES.signIn.codeSentTo} <strong>{email}</strong>
          </>
        )
      }
      footer={
        <p>
          Not your e-mail?{' '}
          <Link className={styles.link} to="/logout">
            {MESSAGES.settingsLogOut}
          </Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <TextField
          ref={codeInput}
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={4}
          className={styles.codeInput}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
          hint={`Enter the 4-digit code from the e-mail. ${MESSAGES.signIn.emailDelay}`}
          autoFocus
        />
        <Button type="submit" size="lg" block disabled={verify.isPending}>
          {verify.isPending ? 'Checking…' : MESSAGES.signIn.verify}
        </Button>
        <Button
          variant="ghost"
          size="md"
          block
          disabled={sendCode.isPending}
          onClick={() => void handleResend()}
        >
          <MailIcon width={18} height={18} />
          {MESSAGES.signIn.resendCode}
        </Button>
      </form>
    </AuthCard>
  );
}
