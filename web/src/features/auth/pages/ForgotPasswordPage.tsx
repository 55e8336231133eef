import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '@common/messages';
import { forgotPasswordBodySchema } from '@common/schemas/auth';
import { Button } from '../../../components/ui/Button';
import { useForgotPassword } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { InboxNotice } from '../components/InboxNotice';
import { EmailField } from '../../../components/ui/TextField';
import { useErrorAlert } from '../components/use-error-alert';
import { useFormCheck } from '../components/use-form-check';

/** /forgotpassword: a form, then a confirmation after sending. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const forgot = useForgotPassword();
  const showError = useErrorAlert();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormCheck(forgotPasswordBodySchema, { email });

  const send = async (address: string) => {
    try {
      await forgot.mutateAsync({ email: address });
      setSentTo(address);
    } catch (error) {
      showError(error);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.check(event.currentTarget);
    if (valid && !forgot.isPending) void send(valid.email);
  };

  const back = { title: MESSAGES.signIn.forgotPassword, fallback: '/login' };
  const footer = (
    <p>
      Remembered it?{' '}
      <Link
        className={styles.link}
        to={`/login?${new URLSearchParams({ email: sentTo ?? email, method: 'password' })}`}
      >
        {MESSAGES.signIn.logIn}
      </Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthCard back={back} title={MESSAGES.signIn.checkYourInbox} footer={footer}>
        <InboxNotice
          heading={false}
          actions={
            <>
              <Button
                variant="secondary"
                size="lg"
                block
                disabled={forgot.isPending}
                onClick={() => void send(sentTo)}
              >
                Send the link again
              </Button>
              <Button variant="ghost" size="md" block onClick={() => setSentTo(null)}>
                Use a different e-mail
              </Button>
            </>
          }
        >
          We sent a link to choose a new password to <strong>{sentTo}</strong>. It works once,
          within 1 hour.
        </InboxNotice>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      back={back}
      title="Reset your password"
      subtitle="Enter the e-mail you signed up with and we'll send you a link to choose a new password."
      footer={footer}
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={form.blur('email')}
          error={form.errorFor('email')}
          autoFocus
        />
        <Button type="submit" size="lg" block disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
