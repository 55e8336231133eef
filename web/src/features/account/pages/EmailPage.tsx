import { useState } from 'react';
import { ACCOUNT_MESSAGES as L, AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { ACCOUNT_MESSAGES as M, emailChangeBodySchema } from '@common/schemas/account';
import type { Viewer } from '@common/schemas/auth';
import { useAlert } from '../../../components/ui/Alerts';
import { TextField } from '../../../components/ui/TextField';
import { useViewer } from '../../../lib/session';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/change-email';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';
import styles from '../components/AccountSubPage.module.css';

/**
 * /settings/account/email (companion §2; issue 12): the new address first,
 * then the code e-mailed to it; the e-mail changes only then.
 */
export function EmailPage() {
  const viewer = useViewer();
  return viewer ? <EmailForm viewer={viewer} /> : null;
}

function EmailForm({ viewer }: { viewer: Viewer }) {
  const [email, setEmail] = useState('');
  /** The address the code went to, once sent. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const alert = useAlert();
  const saved = useSaved();

  const handleSend = () => {
    const parsed = emailChangeBodySchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data.email === viewer.email) return setError(M.emailSame);
    request.mutate(parsed.data.email, {
      onSuccess: (result) => {
        alert(
          result.sent
            ? { msg: M.emailCodeSent, alertType: 'success' }
            : { msg: AUTH_MESSAGES.codeRecentlySent },
        );
        setSentTo(result.email);
        setCode('');
        setError(undefined);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const handleVerify = () => {
    if (!sentTo) return;
    if (!code) return setError(AUTH_MESSAGES.enterCode);
    confirm.mutate(
      { email: sentTo, code },
      {
        onSuccess: (result) => saved(result.message),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  if (sentTo) {
    return (
      <AccountSubPage
        title={L.email}
        intro={L.codeSentTo(sentTo)}
        canSave
        saving={confirm.isPending}
        submitLabel={MESSAGES.signIn.verify}
        onSubmit={handleVerify}
      >
        <TextField
          key="code"
          label={L.verificationCode}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          value={code}
          error={error}
          hint={MESSAGES.signIn.emailDelay}
          autoFocus
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 4));
            setError(undefined);
          }}
        />
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            setSentTo(null);
            setError(undefined);
          }}
        >
          {L.useAnotherEmail}
        </button>
      </AccountSubPage>
    );
  }

  return (
    <AccountSubPage
      title={L.email}
      intro={L.emailIntro}
      canSave={email.trim() !== ''}
      saving={request.isPending}
      submitLabel={L.sendCode}
      onSubmit={handleSend}
    >
      <p className={styles.current}>
        {L.email}: <strong>{viewer.email}</strong>
      </p>
      <TextField
        key="email"
        label={L.newEmail}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
    </AccountSubPage>
  );
}
