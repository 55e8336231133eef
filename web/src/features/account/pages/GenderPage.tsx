import { useId, useState } from 'react';
import { ACCOUNT_MESSAGES as L } from '@common/messages';
import { GENDERS } from '@common/schemas/account';
import type { Viewer } from '@common/schemas/auth';
import { FieldMessage } from '../../../components/ui/TextField';
import { useUpdateAccount } from '../../../lib/account-api';
import { useViewer } from '../../../lib/session';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';
import styles from '../components/AccountSubPage.module.css';

type Gender = (typeof GENDERS)[number];

/** /settings/account/gender: male, female or other, not shown publicly. */
export function GenderPage() {
  const viewer = useViewer();
  return viewer ? <GenderForm viewer={viewer} /> : null;
}

function GenderForm({ viewer }: { viewer: Viewer }) {
  const [gender, setGender] = useState(viewer.gender ?? '');
  const [error, setError] = useState<string>();
  const update = useUpdateAccount();
  const saved = useSaved();
  const noteId = useId();

  const handleSubmit = () =>
    update.mutate(
      { gender: gender as Gender },
      {
        onSuccess: (result) => saved(result.message),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );

  return (
    <AccountSubPage
      title={L.gender}
      canSave={gender !== '' && gender !== viewer.gender}
      saving={update.isPending}
      onSubmit={handleSubmit}
    >
      <fieldset className={styles.group} aria-describedby={noteId}>
        <legend className="visually-hidden">{L.gender}</legend>
        <div className={styles.choices}>
          {GENDERS.map((option) => (
            <label key={option} className={styles.choice}>
              <input
                type="radio"
                name="gender"
                value={option}
                checked={gender === option}
                onChange={() => {
                  setGender(option);
                  setError(undefined);
                }}
              />
              {L.genderOptions[option]}
            </label>
          ))}
        </div>
        <FieldMessage error={error} hint={L.notShownPublicly} errorId={noteId} />
      </fieldset>
    </AccountSubPage>
  );
}
