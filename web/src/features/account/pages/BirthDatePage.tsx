import { format } from 'date-fns';
import { useId, useState } from 'react';
import { ACCOUNT_MESSAGES as L } from '@common/messages';
import { ACCOUNT_MESSAGES as M, birthYearOptions } from '@common/schemas/account';
import type { Viewer } from '@common/schemas/auth';
import { FieldMessage } from '../../../components/ui/TextField';
import { useUpdateAccount } from '../../../lib/account-api';
import { useViewer } from '../../../lib/session';
import { AccountSubPage, errorMessage, useSaved } from '../components/AccountSubPage';
import styles from '../components/AccountSubPage.module.css';

const MONTHS = Array.from({ length: 12 }, (_, i) => format(new Date(2000, i, 1), 'MMMM'));
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

type Parts = { month: string; day: string; year: string };

/** /settings/account/birth_date: month, day and year selectors. */
export function BirthDatePage() {
  const viewer = useViewer();
  return viewer ? <BirthDateForm viewer={viewer} /> : null;
}

function BirthDateForm({ viewer }: { viewer: Viewer }) {
  const stored = viewer.birthDate;
  const initial: Parts = {
    month: stored ? String(stored.month) : '',
    day: stored ? String(stored.day) : '',
    year: stored ? String(stored.year) : '',
  };
  const [parts, setParts] = useState(initial);
  const [error, setError] = useState<string>();
  const update = useUpdateAccount();
  const saved = useSaved();
  const messageId = useId();
  const unchanged =
    parts.month === initial.month && parts.day === initial.day && parts.year === initial.year;

  const handleSubmit = () => {
    if (!parts.month || !parts.day || !parts.year) return setError(M.fillAllFields);
    const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
    if (new Date(year, month - 1, day).getDate() !== day) return setError(M.notARealDate);
    update.mutate(
      { birthDate: { year, month, day } },
      {
        onSuccess: (result) => saved(result.message),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const select = (
    name: keyof Parts,
    label: string,
    options: { value: number; label: string }[],
  ) => (
    <label className={styles.selectField}>
      {label}
      <select
        className={styles.select}
        name={name}
        value={parts[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        onChange={(event) => {
          setParts((p) => ({ ...p, [name]: event.target.value }));
          setError(undefined);
        }}
      >
        <option value="">{label}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <AccountSubPage
      title={L.birthDate}
      canSave={!unchanged}
      saving={update.isPending}
      onSubmit={handleSubmit}
    >
      <fieldset className={styles.group}>
        <legend className="visually-hidden">{L.birthDate}</legend>
        <div className={styles.selects}>
          {select(
            'month',
            L.month,
            MONTHS.map((name, i) => ({ value: i + 1, label: name })),
          )}
          {select(
            'day',
            L.day,
            DAYS.map((day) => ({ value: day, label: String(day) })),
          )}
          {select(
            'year',
            L.year,
            birthYearOptions(new Date(), stored?.year).map((year) => ({
              value: year,
              label: String(year),
            })),
          )}
        </div>
        <FieldMessage error={error} hint={L.notShownPublicly} errorId={messageId} />
      </fieldset>
    </AccountSubPage>
  );
}
