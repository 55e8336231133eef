import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '@common/messages';
import { emailStatusQuerySchema, loginBodySchema, PASSWORD_MAX } from '@common/schemas/auth';
import { Button } from '../../../components/ui/Button';
import { MailIcon } from '../../../components/ui/Icons';
import { useSession } from '../../../lib/session';
import { getEmailStatus, useLogin } from '../api/auth-api';
import { AuthCard, Divider } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { EmailLinkForm } from '../components/EmailLinkForm';
import { GoogleButton } from '../components/GoogleButton';
import { LegalLinks } from '../components/LegalLinks';
import { EmailField, PasswordField } from '../../../components/ui/TextField';
import { useErrorAlert } from '../components/use-error-alert';
import { useFormCheck } from '../components/use-form-check';
import { useQueryAlerts } from '../components/use-query-alerts';
import { afterSignIn, useSignedOutPage } from '../components/use-signed-out-page';

const withEmail = (path: string, email: string, extra = '') => {
  const query = new URLSearchParams();
  if (email.trim()) query.set('email', email.trim());
  const rest = [query.toString(), extra].filter(Boolean).join('&');
  return rest ? `${path}?${rest}` : path;
};

/**
 * /login: the entry step asks for the e-mail and sends the
 * visitor on to the password step or to registration; `method=password` and
 * `method=noPassword` are the two ways to sign in.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const { signedIn, finish } = useSignedOutPage();
  useQueryAlerts();
  if (signedIn) return <Navigate to="/home" replace />;
  const method = params.get('method');
  const email = params.get('email') ?? '';
  // Keyed by the e-mail too, so a step reached again with another address starts fresh.
  if (method === 'password')
    return <PasswordStep key={`password:${email}`} initialEmail={email} finish={finish} />;
  if (method === 'noPassword') return <EmailLinkStep key={`link:${email}`} initialEmail={email} />;
  return <EntryStep key={`entry:${email}`} initialEmail={email} />;
}

function EntryStep({ initialEmail }: { initialEmail: string }) {
  const navigate = useNavigate();
  const { googleEnabled } = useSession();
  const showError = useErrorAlert();
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState(false);
  const form = useFormCheck(emailStatusQuerySchema, { email });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.check(event.currentTarget);
    if (!valid) return;
    setPending(true);
    try {
      const { exists } = await getEmailStatus(valid.email);
      navigate(
        exists
          ? withEmail('/login', valid.email, 'method=password')
          : withEmail('/register', valid.email),
      );
    } catch (error) {
      showError(error);
      setPending(false);
    }
  };

  return (
    <AuthCard title={MESSAGES.logInSignUp} subtitle={MESSAGES.takesSeconds}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {/* "username": a password manager fills the first step of a sign-in too (docs/accessibility.md). */}
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={form.blur('email')}
          error={form.errorFor('email')}
          autoFocus
        />
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? 'Checking…' : 'Continue'}
        </Button>
      </form>
      <Divider />
      <div className={styles.actions}>
        {googleEnabled ? <GoogleButton /> : null}
        <Button
          variant="secondary"
          size="lg"
          block
          onClick={() => navigate(withEmail('/login', email, 'method=noPassword'))}
        >
          <MailIcon width={20} height={20} />
          {MESSAGES.signIn.emailMeALink}
        </Button>
      </div>
      <LegalLinks />
    </AuthCard>
  );
}

function PasswordStep({
  initialEmail,
  finish,
}: {
  initialEmail: string;
  finish: ReturnType<typeof useSignedOutPage>['finish'];
}) {
  const login = useLogin();
  const showError = useErrorAlert();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const form = useFormCheck(loginBodySchema, { email, password });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.check(event.currentTarget);
    if (!valid || login.isPending) return;
    try {
      const { viewer } = await login.mutateAsync(valid);
      finish(viewer, afterSignIn(viewer));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <AuthCard
      back={{ title: MESSAGES.signIn.logIn, fallback: '/login' }}
      title="Welcome back"
      subtitle="Enter your password to log in."
      footer={
        <>
          <p>
            Prefer no password?{' '}
            <Link className={styles.link} to={withEmail('/login', email, 'method=noPassword')}>
              {MESSAGES.signIn.emailMeALink}
            </Link>
          </p>
          <p>
            New here?{' '}
            <Link className={styles.link} to={withEmail('/register', email)}>
              {MESSAGES.signIn.createAccount}
            </Link>
          </p>
        </>
      }
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={form.blur('email')}
          error={form.errorFor('email')}
          autoFocus={!initialEmail}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={form.errorFor('password')}
          autoFocus={Boolean(initialEmail)}
          aside={
            <Link className={styles.smallLink} to={withEmail('/forgotpassword', email)}>
              {MESSAGES.signIn.forgotPassword}
            </Link>
          }
        />
        <Button type="submit" size="lg" block disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : MESSAGES.signIn.logIn}
        </Button>
      </form>
      <LegalLinks />
    </AuthCard>
  );
}

function EmailLinkStep({ initialEmail }: { initialEmail: string }) {
  return (
    <AuthCard
      back={{ title: MESSAGES.signIn.logIn, fallback: '/login' }}
      title="Log in with a link"
      subtitle="We'll e-mail you a link that signs you in. No password needed."
      footer={
        <p>
          Have a password?{' '}
          <Link className={styles.link} to={withEmail('/login', initialEmail, 'method=password')}>
            Log in with it
          </Link>
        </p>
      }
    >
      <EmailLinkForm initialEmail={initialEmail} />
      <LegalLinks />
    </AuthCard>
  );
}
