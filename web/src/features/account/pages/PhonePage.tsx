import { useState } from 'react';
import { ACCOUNT_MESSAGES as L } from '@common/messages';
import { PHONE_MAX } from '@common/schemas/account';
import type { Viewer } from '@common/schemas/auth';
import { TextField } from '../../../components/ui/TextField';
import { useUpdateAccount } from '../../../lib/account-api';
import { useViewer } from '../../../lib/session';
import { displayPhone } from '../components/account-display';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';

/** /settings/account/phone (at most 20 characters); stored by the server in E.164. Empty removes it. */
export function PhonePage() {
  const viewer = useViewer();
  return viewer ? <PhoneForm viewer={viewer} /> : null;
}

function PhoneForm({ viewer }: { viewer: Viewer }) {
  const initial = viewer.phone ? displayPhone(viewer.phone) : '';
  const [phone, setPhone] = useState(initial);
  const [error, setError] = useState<string>();
  const update = useUpdateAccount();
  const saved = useSaved();

  const handleSubmit = () =>
    update.mutate(
      { phone: phone.trim() || null },
      {
        onSuccess: (result) => saved(result.message),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );

  return (
    <AccountSubPage
      title={L.phone}
      canSave={phone.trim() !== initial}
      saving={update.isPending}
      onSubmit={handleSubmit}
    >
      <TextField
        label={L.phone}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX}
        value={phone}
        error={error}
        hint={L.phoneHint}
        onChange={(event) => {
          setPhone(event.target.value);
          setError(undefined);
        }}
      />
    </AccountSubPage>
  );
}
