import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { MESSAGES } from '@common/messages';
import {
  REVIEW_MAX_CHARS,
  REVIEW_TAG_LABELS,
  REVIEW_TAGS,
  type ReviewTag,
  reviewBodySchema,
  SALE_MESSAGES as M,
  type SaleDto,
} from '@common/schemas/sales';
import { ApiError } from '../../lib/api';
import { reviewSale, saleKeys } from '../../lib/sales-api';
import { authorName } from '../posts/PostParts';
import { useAlert } from '../ui/Alerts';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import styles from './Sales.module.css';

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

/** The other side of the sale, as the viewer sees it. */
export function otherSide(sale: SaleDto, viewerId: string) {
  return sale.seller.id === viewerId ? sale.buyer : sale.seller;
}

/**
 * "Review {name}": 1 to 5 stars, a few optional tags, up to 280 characters
 * (ADR 052). One submit: a review is never changed, and shows once both
 * sides reviewed or 14 days after the sale.
 */
export function ReviewDialog({
  sale,
  viewerId,
  open,
  onOpenChange,
}: {
  sale: SaleDto;
  viewerId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [stars, setStars] = useState(0);
  const [tags, setTags] = useState<ReviewTag[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const other = otherSide(sale, viewerId);
  const name = other ? authorName(other) : '';

  const toggle = (tag: ReviewTag) =>
    setTags((now) => (now.includes(tag) ? now.filter((t) => t !== tag) : [...now, tag]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewBodySchema.safeParse({ stars, tags, text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? M.starsRequired);
    setError(null);
    setBusy(true);
    try {
      const updated = await reviewSale(sale.id, parsed.data);
      queryClient.setQueryData(saleKeys.listing(sale.listingId ?? ''), { sale: updated });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      alert({ msg: M.reviewed, alertType: 'success' });
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={M.reviewTitle(name)} size="md">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.item}>{sale.title}</p>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{M.starsLabel}</legend>
          <div className={styles.stars}>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={`${styles.star} ${n <= stars ? styles.on : ''}`}>
                <input
                  type="radio"
                  name={`${id}-stars`}
                  value={n}
                  checked={stars === n}
                  onChange={() => setStars(n)}
                  aria-label={n === 1 ? '1 star' : `${n} stars`}
                />
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={STAR_PATH} />
                </svg>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{M.tagsLabel}</legend>
          <div className={styles.tags}>
            {REVIEW_TAGS.map((tag) => (
              <label key={tag} className={styles.tag}>
                <input type="checkbox" checked={tags.includes(tag)} onChange={() => toggle(tag)} />
                {REVIEW_TAG_LABELS[tag]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-text`} className={styles.legend}>
            {M.textLabel}
          </label>
          <textarea
            id={`${id}-text`}
            className={`text-box ${styles.textarea}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={`${id}-count`}
          />
          <p id={`${id}-count`} className={styles.counter}>
            {[...text].length} / {REVIEW_MAX_CHARS}
          </p>
        </div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <p className={styles.hint}>{M.hiddenUntil}</p>
        <Button type="submit" block disabled={busy}>
          {M.submit}
        </Button>
      </form>
    </Modal>
  );
}
