import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { emailField } from '@common/schemas/auth';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { MailIcon } from '../../../components/ui/Icons';
import { useRequestMagicLink } from '../api/auth-api';
import styles from './AuthForm.module.css';
import { InboxNotice } from './InboxNotice';
import { storeEmail } from './stored-email';
import { EmailField } from '../../../components/ui/TextField';
import { useErrorAlert } from './use-error-alert';
import { useFormCheck } from './use-form-check';

const schema = z.object({ email: emailField });

/**
 * "Email me a link": e-mails a sign-in link, remembers the
 * address in this browser for the landing page, then says where it went.
 * With `names` the link creates the account.
 */
export function EmailLinkForm({
  initialEmail,
  names,
}: {
  initialEmail: string;
  names?: { first: string; last: string };
}) {
  const request = useRequestMagicLink();
  const alert = useAlert();
  const showError = useErrorAlert();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormCheck(schema, { email });

  const send = async (address: string) => {
    try {
      await request.mutateAsync({ email: address, ...names });
      storeEmail(address);
      setSentTo(address);
      alert({ msg: AUTH_MESSAGES.emailSent, alertType: 'okay' });
    } catch (error) {
      showError(error, AUTH_MESSAGES.unknownError);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.check(event.currentTarget);
    if (valid && !request.isPending) void send(valid.email);
  };

  if (sentTo) {
    return (
      <InboxNotice
        actions={
          <>
            <Button
              variant="secondary"
              size="lg"
              block
              disabled={request.isPending}
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
        We sent a sign-in link to <strong>{sentTo}</strong>. Open it in this browser to continue.
      </InboxNotice>
    );
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <EmailField
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={form.blur('email')}
        error={form.errorFor('email')}
        autoFocus
      />
      <Button type="submit" size="lg" block disabled={request.isPending}>
        <MailIcon width={20} height={20} />
        {request.isPending ? 'Sending…' : MESSAGES.signIn.emailMeALink}
      </Button>
    </form>
  );
}
