import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { type FormEvent, useId, useState } from 'react';
import { LISTING_MESSAGES as L, type ListingStatus } from '@common/listings';
import type { PostDto } from '@common/schemas/posts';
import { MEDIA_ALT_MESSAGES } from '@common/words/posts';
import { useListingActions } from '../../../components/posts/use-listing-actions';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import fields from '../../../components/posts/ListingFields.module.css';
import styles from './ListingActions.module.css';

const MARKS: { status: ListingStatus; label: string }[] = [
  { status: 'available', label: L.markAvailable },
  { status: 'pending', label: L.markPending },
  { status: 'sold', label: L.markSold },
];

/**
 * The seller's items of the post's menu: the two other statuses, "Edit price"
 * (ADR 023) and, for a listing with a price that is not sold, "Renew listing"
 * (the weekly bump, ADR 029). "Mark as sold" opens "Sold to" (ADR 052).
 * A post with photos, listing or not, has "Describe photos" (ADR 060).
 */
export function ListingMenuItems({
  post,
  onEditPrice,
  onMarkSold,
  onDescribePhotos,
}: {
  post: PostDto;
  onEditPrice(): void;
  /** "Mark as sold" asks "Sold to" (ADR 052). */
  onMarkSold(): void;
  onDescribePhotos(): void;
}) {
  const { update, renew } = useListingActions(post.id);
  return (
    <>
      {post.price !== null && post.status !== 'sold' ? (
        <Dropdown.Item className="menu__item" onSelect={() => void renew()}>
          {L.renew}
        </Dropdown.Item>
      ) : null}
      {MARKS.filter((m) => m.status !== post.status).map((m) => (
        <Dropdown.Item
          key={m.status}
          className="menu__item"
          onSelect={() => (m.status === 'sold' ? onMarkSold() : void update({ status: m.status }))}
        >
          {m.label}
        </Dropdown.Item>
      ))}
      <Dropdown.Item className="menu__item" onSelect={onEditPrice}>
        {L.editPrice}
      </Dropdown.Item>
      {post.media.some((m) => m.kind === 'image') ? (
        <Dropdown.Item className="menu__item" onSelect={onDescribePhotos}>
          {MEDIA_ALT_MESSAGES.describePhotos}
        </Dropdown.Item>
      ) : null}
    </>
  );
}

/** "Edit price": whole dollars (empty: no price) and "or best offer". */
export function EditPriceDialog({
  post,
  open,
  onOpenChange,
}: {
  post: PostDto;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { update } = useListingActions(post.id);
  const id = useId();
  const [price, setPrice] = useState(post.price === null ? '' : String(post.price));
  const [obo, setObo] = useState(post.obo);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = price.trim();
    if (typed !== '' && !/^\d+$/.test(typed)) return setError(L.priceWhole);
    if (obo && typed === '') return setError(L.oboNeedsPrice);
    setError(null);
    const ok = await update({
      price: typed === '' ? null : Number(typed),
      obo: typed === '' ? false : obo,
    });
    if (ok) onOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={L.editPrice}>
      <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
        <label htmlFor={`${id}-price`} className={styles.label}>
          {L.price} ($)
        </label>
        <input
          id={`${id}-price`}
          className="text-box"
          inputMode="numeric"
          autoComplete="off"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          aria-invalid={error ? true : undefined}
          autoFocus
        />
        <label className={fields.check}>
          <input type="checkbox" checked={obo} onChange={(e) => setObo(e.target.checked)} />
          {L.obo}
        </label>
        {error ? (
          <p className={fields.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" block>
          {L.savePrice}
        </Button>
      </form>
    </Modal>
  );
}
