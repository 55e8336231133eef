import { type FormEvent, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { emailField, PASSWORD_MAX, PASSWORD_MIN, registerBodySchema } from '@common/schemas/auth';
import { parseName } from '@common/text';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { MailIcon } from '../../../components/ui/Icons';
import { useCampus } from '../../../lib/campus';
import { useSession } from '../../../lib/session';
import { useRegister, useRequestMagicLink } from '../api/auth-api';
import { AuthCard, Divider } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { GoogleButton } from '../components/GoogleButton';
import { InboxNotice } from '../components/InboxNotice';
import { storeEmail } from '../components/stored-email';
import { EmailField, PasswordField, TextField } from '../../../components/ui/TextField';
import { useErrorAlert, useMessagesAlert, validate } from '../components/use-error-alert';
import { useFormCheck } from '../components/use-form-check';
import { useQueryAlerts } from '../components/use-query-alerts';
import { useSignedOutPage } from '../components/use-signed-out-page';

/** The e-mailed-link sign-up needs a full name and an e-mail, and the terms. */
const linkSchema = z.object({
  name: registerBodySchema.shape.name,
  email: emailField,
  terms: registerBodySchema.shape.terms,
});

/** The first and last name of a link sign-up, as the server stores them (20 characters). */
function linkNames(name: string): { first: string; last: string } {
  const parsed = parseName(name);
  return { first: parsed.firstName.slice(0, 20), last: parsed.lastName.slice(0, 20) };
}

/** /register: create an account. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const { googleEnabled } = useSession();
  const campus = useCampus();
  const { signedIn, finish } = useSignedOutPage();
  const register = useRegister();
  const requestLink = useRequestMagicLink();
  const alert = useAlert();
  const showError = useErrorAlert();
  const showMessages = useMessagesAlert();
  useQueryAlerts();

  const [name, setName] = useState('');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useFormCheck(registerBodySchema, { name, email, password, terms });

  if (signedIn) return <Navigate to="/home" replace />;

  // The button stays disabled until all four are filled.
  const complete = name.trim() !== '' && email.trim() !== '' && password !== '' && terms;
  const busy = register.isPending || requestLink.isPending;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.check(event.currentTarget);
    if (!valid || busy) return;
    try {
      const { viewer } = await register.mutateAsync(valid);
      finish(viewer, '/verify');
    } catch (error) {
      showError(error);
    }
  };

  const sendLink = async () => {
    const checked = validate(linkSchema, { name, email, terms });
    if (!checked.data) {
      showMessages(checked.messages);
      return;
    }
    try {
      await requestLink.mutateAsync({ email: checked.data.email, ...linkNames(checked.data.name) });
      storeEmail(checked.data.email);
      setLinkSentTo(checked.data.email);
      alert({ msg: AUTH_MESSAGES.emailSent, alertType: 'okay' });
    } catch (error) {
      showError(error, AUTH_MESSAGES.unknownError);
    }
  };

  const footer = (
    <p>
      Already have an account?{' '}
      <Link
        className={styles.link}
        to={
          email.trim()
            ? `/login?email=${encodeURIComponent(email.trim())}&method=password`
            : '/login'
        }
      >
        {MESSAGES.signIn.logIn}
      </Link>
    </p>
  );

  if (linkSentTo) {
    return (
      <AuthCard
        title={MESSAGES.signIn.checkYourInbox}
        subtitle="One click and you're in."
        footer={footer}
      >
        <InboxNotice
          heading={false}
          actions={
            <>
              <Button
                variant="secondary"
                size="lg"
                block
                disabled={busy}
                onClick={() => void sendLink()}
              >
                Send the link again
              </Button>
              <Button variant="ghost" size="md" block onClick={() => setLinkSentTo(null)}>
                Back to the form
              </Button>
            </>
          }
        >
          We sent a link that creates your account to <strong>{linkSentTo}</strong>. Open it in this
          browser to finish.
        </InboxNotice>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle={`Join ${campus.productName.replace(/ /g, '\u00a0')} to buy and sell with students.`}
      footer={footer}
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          autoCapitalize="words"
          placeholder="First and last name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={form.blur('name')}
          error={form.errorFor('name')}
          autoFocus={!email}
        />
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={form.blur('email')}
          error={form.errorFor('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={form.blur('password')}
          error={form.errorFor('password')}
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="terms"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
          />
          <span>
            I agree to the{' '}
            <Link className={styles.link} to="/settings/terms">
              {MESSAGES.settingsTermsOfService}
            </Link>
            .
          </span>
        </label>
        <Button type="submit" size="lg" block disabled={!complete || busy}>
          {register.isPending ? 'Creating account…' : MESSAGES.signIn.createAccount}
        </Button>
      </form>
      <Divider />
      <div className={styles.actions}>
        {googleEnabled ? <GoogleButton /> : null}
        <Button variant="secondary" size="lg" block disabled={busy} onClick={() => void sendLink()}>
          <MailIcon width={20} height={20} />
          Email me a link instead
        </Button>
      </div>
    </AuthCard>
  );
}
