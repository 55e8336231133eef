import { useState } from 'react';
import { Link } from 'react-router';
import { LISTING_MESSAGES } from '@common/listings';
import type { ChatDto } from '@common/schemas/chats';
import { OFFER_MESSAGES as M } from '@common/schemas/offers';
import { OfferDialog } from './OfferDialog';
import styles from './Offers.module.css';

/**
 * The listing a chat is about, pinned at its top (ADR 051): its photo,
 * title, price and Pending/Sold badge, opening the listing. The buyer may
 * make an offer; before anyone wrote about it the buyer gets one-tap
 * openers, and the seller quick replies until they answer.
 */
export function ListingPin({
  chat,
  onSend,
}: {
  chat: ChatDto;
  onSend(text: string, file: File | null): void;
}) {
  const [offering, setOffering] = useState(false);
  const listing = chat.listing;
  if (!listing) return null;
  const badge = listing.status === 'available' ? null : listing.status;
  const prompts =
    chat.prompts === 'buyer'
      ? [M.openerAvailable, M.openerBuy]
      : chat.prompts === 'seller'
        ? [M.replyAvailable, M.replySold]
        : [];
  return (
    <div className={styles.pin}>
      <div className={styles.pinRow}>
        <Link to={`/post/${encodeURIComponent(listing.id)}`} className={styles.pinLink}>
          {listing.imageUrl ? (
            <img src={listing.imageUrl} alt="" className={styles.thumb} width={44} height={44} />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
          <span className={styles.pinText}>
            <span className={styles.pinTitle}>{listing.title}</span>
            <span className={styles.pinPrice}>
              {listing.priceLabel}
              {badge ? (
                <span className={`${styles.badge} ${styles[badge]}`}>
                  {LISTING_MESSAGES[badge]}
                </span>
              ) : null}
            </span>
          </span>
        </Link>
        {chat.can.makeOffer ? (
          <button
            type="button"
            className="btn btn--sm btn--secondary"
            onClick={() => setOffering(true)}
          >
            {M.makeOffer}
          </button>
        ) : null}
      </div>
      {prompts.length > 0 && chat.can.send ? (
        <div className={styles.prompts} role="group" aria-label="Quick messages">
          {prompts.map((text) => (
            <button
              key={text}
              type="button"
              className={styles.chip}
              onClick={() => onSend(text, null)}
            >
              {text}
            </button>
          ))}
          {chat.prompts === 'buyer' && chat.can.makeOffer ? (
            <button type="button" className={styles.chip} onClick={() => setOffering(true)}>
              {M.openerOffer}
            </button>
          ) : null}
        </div>
      ) : null}
      {chat.can.makeOffer ? (
        <OfferDialog
          chatId={chat.id}
          listing={listing}
          initial={listing.price ?? undefined}
          open={offering}
          onOpenChange={setOffering}
        />
      ) : null}
    </div>
  );
}
