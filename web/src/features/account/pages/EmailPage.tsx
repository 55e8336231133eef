import { useState } from 'react';
import { ACCOUNT_MESSAGES as L, AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { ACCOUNT_MESSAGES as M, emailChangeBodySchema } from '@common/schemas/account';
import { PASSWORD_MAX, type Viewer } from '@common/schemas/auth';
import { useAlert } from '../../../components/ui/Alerts';
import { PasswordField, TextField } from '../../../components/ui/TextField';
import { useViewer } from '../../../lib/session';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/change-email';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';
import styles from '../components/AccountSubPage.module.css';

/**
 * /settings/account/email (ADR 036): the new address with the
 * current password (an account without one confirms from its current
 * address instead), then the code e-mailed to the new address; the e-mail
 * changes only then.
 */
export function EmailPage() {
  const viewer = useViewer();
  return viewer ? <EmailForm viewer={viewer} /> : null;
}

type Field = 'email' | 'currentPassword';

/** The field a message of the server belongs under. */
const fieldOf = (message: string): Field =>
  message === M.currentPasswordRequired || message === M.currentPasswordWrong
    ? 'currentPassword'
    : 'email';

function EmailForm({ viewer }: { viewer: Viewer }) {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  /** The address the code goes to, once asked for. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** For an account without a password: the current address the confirming link went to. */
  const [approvalFrom, setApprovalFrom] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'code', string>>>({});
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const alert = useAlert();
  const saved = useSaved();
  const needsPassword = viewer.hasPassword;

  const handleSend = () => {
    const parsed = emailChangeBodySchema.safeParse({ email, currentPassword });
    if (!parsed.success) return setErrors({ email: parsed.error.issues[0]?.message });
    if (parsed.data.email === viewer.email) return setErrors({ email: M.emailSame });
    if (needsPassword && !currentPassword)
      return setErrors({ currentPassword: M.currentPasswordRequired });
    request.mutate(parsed.data, {
      onSuccess: (result) => {
        alert(
          result.sent
            ? { msg: M.emailCodeSent, alertType: 'success' }
            : { msg: AUTH_MESSAGES.codeRecentlySent },
        );
        setSentTo(result.email);
        setApprovalFrom(result.approvalSentTo);
        setCode('');
        setCurrentPassword('');
        setErrors({});
      },
      onError: (failure) => {
        const message = errorMessage(failure);
        setErrors({ [fieldOf(message)]: message });
      },
    });
  };

  const handleVerify = () => {
    if (!sentTo) return;
    if (!code) return setErrors({ code: AUTH_MESSAGES.enterCode });
    confirm.mutate(
      { email: sentTo, code },
      {
        onSuccess: (result) => saved(result.message),
        onError: (failure) => setErrors({ code: errorMessage(failure) }),
      },
    );
  };

  if (sentTo) {
    return (
      <AccountSubPage
        title={L.email}
        intro={approvalFrom ? L.approvalSentTo(approvalFrom, sentTo) : L.codeSentTo(sentTo)}
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
          error={errors.code}
          hint={MESSAGES.signIn.emailDelay}
          autoFocus
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 4));
            setErrors({});
          }}
        />
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            setSentTo(null);
            setApprovalFrom(null);
            setErrors({});
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
      intro={needsPassword ? L.emailIntro : L.emailIntroNoPassword}
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
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors((e) => ({ ...e, email: undefined }));
        }}
      />
      {needsPassword ? (
        <PasswordField
          label={L.currentPassword}
          name="currentPassword"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={currentPassword}
          error={errors.currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setErrors((e) => ({ ...e, currentPassword: undefined }));
          }}
        />
      ) : null}
    </AccountSubPage>
  );
}
