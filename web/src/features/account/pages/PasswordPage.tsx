import { useState } from 'react';
import { ACCOUNT_MESSAGES as L, AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { ACCOUNT_MESSAGES as M, passwordBodySchema } from '@common/schemas/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '@common/schemas/auth';
import { useAlert } from '../../../components/ui/Alerts';
import { PasswordField } from '../../../components/ui/TextField';
import { useViewer } from '../../../lib/session';
import { type PasswordBody, useChangePassword, useSendPasswordLink } from '../api/change-password';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';

type Field = keyof PasswordBody;
type Errors = Partial<Record<Field, string>>;

/** Each message in its field; the current password is checked first, then new, again, equal. */
function check(body: Required<PasswordBody>): Errors {
  const errors: Errors = {};
  if (!body.currentPassword) errors.currentPassword = M.currentPasswordRequired;
  const parsed = passwordBodySchema.safeParse(body);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The field a message of the server belongs under. */
function fieldOf(message: string): Field {
  if (message === M.currentPasswordRequired || message === M.currentPasswordWrong)
    return 'currentPassword';
  if (message === M.reenterPassword || message === M.passwordsDoNotMatch) return 'password2';
  return 'password';
}

/**
 * /settings/account/password: current, new, and new again. An account without
 * a password gets a link to its address instead (ADR 036).
 */
export function PasswordPage() {
  const viewer = useViewer();
  if (!viewer) return null;
  return viewer.hasPassword ? <PasswordForm /> : <FirstPasswordLink email={viewer.email} />;
}

/** "Email me a link": the reset link to the account's own address chooses the first password. */
function FirstPasswordLink({ email }: { email: string }) {
  const send = useSendPasswordLink();
  const alert = useAlert();
  const [error, setError] = useState<string>();
  return (
    <AccountSubPage
      title={L.changePassword}
      intro={L.setPasswordIntro(email)}
      canSave={!send.isSuccess}
      saving={send.isPending}
      submitLabel={L.sendPasswordLink}
      onSubmit={() =>
        send.mutate(email, {
          onSuccess: () => alert({ msg: AUTH_MESSAGES.emailSent, alertType: 'success' }),
          onError: (failure) => setError(errorMessage(failure)),
        })
      }
    >
      {send.isSuccess ? (
        <p role="status">{MESSAGES.signIn.checkYourInbox}</p>
      ) : error ? (
        <p role="alert">{error}</p>
      ) : null}
    </AccountSubPage>
  );
}

function PasswordForm() {
  const [body, setBody] = useState<Required<PasswordBody>>({
    currentPassword: '',
    password: '',
    password2: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword();
  const saved = useSaved();

  const handleSubmit = () => {
    const problems = check(body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    change.mutate(body, {
      onSuccess: (result) => saved(result.message),
      onError: (failure) => {
        const message = errorMessage(failure);
        setErrors({ [fieldOf(message)]: message });
      },
    });
  };

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <PasswordField
      label={label}
      name={name}
      autoComplete={autoComplete}
      maxLength={PASSWORD_MAX}
      value={body[name]}
      error={errors[name]}
      hint={hint}
      onChange={(event) => {
        setBody((b) => ({ ...b, [name]: event.target.value }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
    />
  );

  return (
    <AccountSubPage
      title={L.changePassword}
      intro={L.passwordIntro}
      canSave
      saving={change.isPending}
      onSubmit={handleSubmit}
    >
      {field('currentPassword', L.currentPassword, 'current-password')}
      {field(
        'password',
        L.newPassword,
        'new-password',
        `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
      )}
      {field('password2', L.newPasswordAgain, 'new-password')}
    </AccountSubPage>
  );
}
