import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { emailField } from '@common/schemas/auth';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useCompleteMagicLink } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { EmailLinkForm } from '../components/EmailLinkForm';
import { clearStoredEmail, readStoredEmail } from '../components/stored-email';
import { EmailField } from '../../../components/ui/TextField';
import { useErrorAlert } from '../components/use-error-alert';
import { useFormCheck } from '../components/use-form-check';
import { useOnce } from '../components/use-once';
import { afterSignIn, useSignedOutPage } from '../components/use-signed-out-page';

/**
 * /login/sent: the landing of an e-mailed link. With a
 * token it signs in (or, when the link carries first and last names, creates
 * the account); without one it is the "claim account" entry and offers to
 * send the link.
 */
export function LinkLandingPage() {
  const [params] = useSearchParams();
  const { signedIn, finish } = useSignedOutPage();
  const email = params.get('email');
  const token = params.get('token');
  const first = params.get('first');
  const last = params.get('last');
  const names = first && last ? { first, last } : undefined;
  if (!email) return <Navigate to="/login" replace />;
  if (signedIn) return <Navigate to="/home" replace />;
  if (!token) {
    return (
      <AuthCard
        title="Claim your account"
        subtitle="We'll e-mail you a link. Open it in this browser to sign in."
      >
        <EmailLinkForm initialEmail={email} names={names} />
      </AuthCard>
    );
  }
  return (
    <CompleteLink token={token} linkEmail={email} registering={Boolean(names)} finish={finish} />
  );
}

const confirmSchema = z.object({ email: emailField });

function CompleteLink({
  token,
  linkEmail,
  registering,
  finish,
}: {
  token: string;
  linkEmail: string;
  registering: boolean;
  finish: ReturnType<typeof useSignedOutPage>['finish'];
}) {
  const navigate = useNavigate();
  const complete = useCompleteMagicLink();
  const showError = useErrorAlert();
  // The e-mail this browser asked the link for; the server checks it matches the link's.
  const [stored] = useState(readStoredEmail);
  const [typed, setTyped] = useState('');
  const form = useFormCheck(confirmSchema, { email: typed });

  const run = async (email: string) => {
    try {
      const { viewer } = await complete.mutateAsync({ token, email });
      clearStoredEmail();
      finish(viewer, afterSignIn(viewer));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'wrong_email') {
        // A failed link sign-in or registration goes back with redirect=true.
        navigate(registering ? '/register?redirect=true' : '/login?redirect=true', {
          replace: true,
        });
        return;
      }
      // An expired or used link: say so, and offer a new one for the same address.
      showError(error);
      const query = `email=${encodeURIComponent(linkEmail)}`;
      navigate(registering ? `/register?${query}` : `/login?${query}&method=noPassword`, {
        replace: true,
      });
    }
  };

  useOnce(stored !== null, () => void run(stored!));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.check(event.currentTarget);
    if (valid && !complete.isPending) void run(valid.email);
  };

  if (stored === null && !complete.isPending && !complete.isSuccess) {
    return (
      <AuthCard
        title="Confirm your e-mail"
        subtitle="This browser did not ask for the link. For your security, enter the e-mail address it was sent to."
        footer={
          <p>
            Didn't ask for a link?{' '}
            <Link className={styles.link} to="/login">
              Go to log in
            </Link>
          </p>
        }
      >
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <EmailField
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={form.blur('email')}
            error={form.errorFor('email')}
            autoFocus
          />
          <Button type="submit" size="lg" block>
            {registering ? 'Create my account' : 'Continue'}
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={registering ? 'Creating your account' : 'Signing you in'}>
      <div className={styles.centered}>
        <Spinner label={registering ? 'Creating your account' : 'Signing you in'} />
        <p>Just a moment…</p>
      </div>
    </AuthCard>
  );
}
