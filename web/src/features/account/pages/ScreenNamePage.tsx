import { useState } from 'react';
import { ACCOUNT_MESSAGES as L } from '@common/messages';
import { ACCOUNT_MESSAGES as M, USERNAME_MAX, usernameBodySchema } from '@common/schemas/account';
import type { Viewer } from '@common/schemas/auth';
import { TextField } from '../../../components/ui/TextField';
import { useViewer } from '../../../lib/session';
import { useChangeUsername } from '../api/change-username';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';

/** /settings/account/screen_name: the username (at most 50 characters; Save disabled while unchanged). */
export function ScreenNamePage() {
  const viewer = useViewer();
  return viewer ? <ScreenNameForm viewer={viewer} /> : null;
}

function ScreenNameForm({ viewer }: { viewer: Viewer }) {
  const [username, setUsername] = useState(viewer.username);
  const [error, setError] = useState<string>();
  const change = useChangeUsername();
  const saved = useSaved();
  const unchanged = username.trim().toLowerCase() === viewer.username;

  const handleSubmit = () => {
    const parsed = usernameBodySchema.safeParse({ username });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    change.mutate(parsed.data.username, {
      onSuccess: (result) => saved(result.message),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <AccountSubPage
      title={L.username}
      canSave={!unchanged}
      saving={change.isPending}
      onSubmit={handleSubmit}
    >
      <TextField
        label={L.username}
        name="username"
        value={username}
        maxLength={USERNAME_MAX}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={error}
        hint={`${M.usernameRules} ${L.usernameHint}`}
        onChange={(event) => {
          setUsername(event.target.value);
          setError(undefined);
        }}
      />
    </AccountSubPage>
  );
}
