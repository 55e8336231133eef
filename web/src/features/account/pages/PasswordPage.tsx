import { useState } from 'react';
import { ACCOUNT_MESSAGES as L } from '@common/messages';
import { ACCOUNT_MESSAGES as M, passwordBodySchema } from '@common/schemas/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '@common/schemas/auth';
import type { Viewer } from '@common/schemas/auth';
import { PasswordField } from '../../../components/ui/TextField';
import { useViewer } from '../../../lib/session';
import { type PasswordBody, useChangePassword } from '../api/change-password';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';

type Field = keyof PasswordBody;
type Errors = Partial<Record<Field, string>>;

/** Each of the spec's messages in its field (companion §5), in the spec's order. */
function check(body: Required<PasswordBody>, needsCurrent: boolean): Errors {
  const errors: Errors = {};
  if (needsCurrent && !body.currentPassword) errors.currentPassword = M.currentPasswordRequired;
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

/** /settings/account/password: current (when there is one), new, and new again. */
export function PasswordPage() {
  const viewer = useViewer();
  return viewer ? <PasswordForm viewer={viewer} /> : null;
}

function PasswordForm({ viewer }: { viewer: Viewer }) {
  const [body, setBody] = useState<Required<PasswordBody>>({
    currentPassword: '',
    password: '',
    password2: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword();
  const saved = useSaved();
  const needsCurrent = viewer.hasPassword;

  const handleSubmit = () => {
    const problems = check(body, needsCurrent);
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
      intro={needsCurrent ? L.passwordIntro : L.setPasswordIntro}
      canSave
      saving={change.isPending}
      onSubmit={handleSubmit}
    >
      {needsCurrent ? field('currentPassword', L.currentPassword, 'current-password') : null}
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
