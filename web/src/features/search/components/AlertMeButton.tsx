import { type FormEvent, useId, useState } from 'react';
import { priceFilterLabel } from '@common/listings';
import type { ListingFilter } from '@common/schemas/posts';
import { ALERT_EMAIL, type AlertEmail } from '@common/schemas/search';
import { SEARCH_MESSAGES } from '@common/words/search';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { BellIcon } from '../../../components/ui/Icons';
import { ApiError } from '../../../lib/api';
import { useCreateSavedSearch } from '../api/create-saved-search';
import styles from './SearchResults.module.css';

const EMAIL_LABELS: Record<AlertEmail, { label: string; hint: string }> = {
  off: { label: 'Off', hint: 'Only in the app' },
  instant: { label: 'Instant', hint: 'An e-mail as soon as something matches' },
  daily: { label: 'Daily digest', hint: 'One e-mail a day with what matched' },
};

/**
 * "Alert me" on the latest and media tabs (ADR 009): saves the search, with
 * its price filters (ADR 029) and the e-mail the student chooses (instant
 * unless changed).
 */
export function AlertMeButton({
  query,
  show,
  filter,
}: {
  query: string;
  show: 'latest' | 'media';
  filter: ListingFilter;
}) {
  const alert = useAlert();
  const save = useCreateSavedSearch();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState<AlertEmail>('instant');
  const baseId = useId();
  const price = priceFilterLabel(filter);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        query,
        show,
        email,
        minPrice: filter.minPrice,
        maxPrice: filter.maxPrice,
        free: filter.free,
      },
      {
        onSuccess: () => {
          setOpen(false);
          alert({ msg: SEARCH_MESSAGES.alertSaved, alertType: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setOpen(false);
          alert({ msg: error.message, alertType: 'danger' });
        },
      },
    );
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <BellIcon width={16} height={16} aria-hidden="true" />
        <span className={styles.alertLabel}>{SEARCH_MESSAGES.alertMe}</span>
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={SEARCH_MESSAGES.alertMe}
        description={`New ${show === 'media' ? 'photos and videos' : 'posts'} for "${query}"${
          price ? ` (${price.toLowerCase()})` : ''
        }.`}
      >
        <form onSubmit={handleSubmit} className={styles.alertForm}>
          <fieldset className={styles.choices}>
            <legend className={styles.legend}>E-mail me</legend>
            {ALERT_EMAIL.map((value) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name={`${baseId}-email`}
                  value={value}
                  checked={email === value}
                  onChange={() => setEmail(value)}
                />
                <span>
                  <span className={styles.choiceLabel}>{EMAIL_LABELS[value].label}</span>
                  <span className={styles.choiceHint}>{EMAIL_LABELS[value].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="dialog__actions">
            <Button type="submit" block disabled={save.isPending}>
              Save
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
