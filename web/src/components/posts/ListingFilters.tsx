import { type FormEvent, useId, useState } from 'react';
import { LISTING_MESSAGES as L } from '@common/listings';
import type { ListingFilter } from '@common/schemas/posts';
import { Button } from '../ui/Button';
import { ChevronDownIcon } from '../ui/Icons';
import fields from './ListingFields.module.css';
import styles from './ListingFilters.module.css';

/** How many filters are on, for the button's count. */
const activeCount = (f: ListingFilter) =>
  [
    f.minPrice !== undefined,
    f.maxPrice !== undefined,
    f.free,
    f.includeSold,
    f.sort === 'price',
  ].filter(Boolean).length;

/**
 * "Filters": min and max price, free only, sort by price and the "Include
 * sold" switch, in a panel below its button (ADR 023). The page keeps them in
 * its URL, so back, forward and reload keep them.
 */
export function ListingFilters({
  value,
  onChange,
}: {
  value: ListingFilter;
  onChange(filter: ListingFilter): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = activeCount(value);
  return (
    <div className={styles.root}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {L.filters}
        {count > 0 ? <span className={styles.count}>{count}</span> : null}
        <ChevronDownIcon width={16} height={16} aria-hidden="true" />
      </button>
      {open ? (
        <FilterPanel
          id={`${id}-panel`}
          key={JSON.stringify(value)}
          value={value}
          onApply={(next) => {
            onChange(next);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function FilterPanel({
  id,
  value,
  onApply,
}: {
  id: string;
  value: ListingFilter;
  onApply(filter: ListingFilter): void;
}) {
  const [min, setMin] = useState(value.minPrice?.toString() ?? '');
  const [max, setMax] = useState(value.maxPrice?.toString() ?? '');
  const [free, setFree] = useState(value.free ?? false);
  const [includeSold, setIncludeSold] = useState(value.includeSold ?? false);
  const [sort, setSort] = useState(value.sort ?? 'recent');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = [min.trim(), max.trim()];
    if (typed.some((t) => t !== '' && !/^\d+$/.test(t))) return setError(L.priceWhole);
    const [minPrice, maxPrice] = typed.map((t) => (t === '' ? undefined : Number(t)));
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
      return setError(L.minAboveMax);
    onApply({
      ...(minPrice !== undefined ? { minPrice } : {}),
      ...(maxPrice !== undefined ? { maxPrice } : {}),
      ...(free ? { free } : {}),
      ...(includeSold ? { includeSold } : {}),
      ...(sort === 'price' ? { sort } : {}),
    });
  };

  return (
    <form id={id} className={`card ${styles.panel}`} onSubmit={handleSubmit} noValidate>
      <div className={styles.prices}>
        <label className={styles.field}>
          <span>{L.minPrice}</span>
          <input
            className="text-box"
            inputMode="numeric"
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{L.maxPrice}</span>
          <input
            className="text-box"
            inputMode="numeric"
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </label>
      </div>
      <label className={fields.check}>
        <input type="checkbox" checked={free} onChange={(e) => setFree(e.target.checked)} />
        {L.freeOnly}
      </label>
      <label className={fields.check}>
        <input
          type="checkbox"
          role="switch"
          checked={includeSold}
          onChange={(e) => setIncludeSold(e.target.checked)}
        />
        {L.includeSold}
      </label>
      <label className={styles.field}>
        <span>{L.sortBy}</span>
        <select
          className={fields.control}
          value={sort}
          onChange={(e) => setSort(e.target.value as 'recent' | 'price')}
        >
          <option value="recent">{L.sortRecent}</option>
          <option value="price">{L.sortPrice}</option>
        </select>
      </label>
      {error ? (
        <p className={fields.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button type="button" variant="secondary" onClick={() => onApply({})}>
          {L.clearFilters}
        </Button>
        <Button type="submit">{L.applyFilters}</Button>
      </div>
    </form>
  );
}
