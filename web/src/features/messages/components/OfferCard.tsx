import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPrice } from '@common/listings';
import { MESSAGES } from '@common/messages';
import { OFFER_MESSAGES as M, OFFER_STATUS_TEXT, type OfferDto } from '@common/schemas/offers';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { StoreIcon } from '../../../components/ui/Icons';
import { ApiError } from '../../../lib/api';
import { followOffer, patchMessage } from '../api/chat-cache';
import { useChat } from '../api/get-chats';
import { answerOffer } from '../api/offers-api';
import { MeetupDialog } from './MeetupDialog';
import { OfferDialog } from './OfferDialog';
import styles from './Meetups.module.css';

/**
 * An offer in the chat (ADR 051): its amount, note and state, which both
 * students see change live. Whom it was made to accepts, declines or (the
 * seller) counters; the buyer withdraws theirs. Once accepted, either may
 * suggest a meetup at one of the campus's spots.
 */
export function OfferCard({
  offer,
  chatId,
  messageId,
}: {
  offer: OfferDto;
  chatId: string;
  messageId: string;
}) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const chat = useChat(chatId).data;
  const [busy, setBusy] = useState(false);
  const [countering, setCountering] = useState(false);
  const [meeting, setMeeting] = useState(false);
  const { can } = offer;
  const answer = async (what: 'accept' | 'decline' | 'withdraw') => {
    setBusy(true);
    try {
      const next = await answerOffer(offer.id, what);
      patchMessage(queryClient, chatId, messageId, { offer: next });
      followOffer(queryClient, chatId, next);
    } catch (error) {
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };
  const counter = offer.counterOf !== null;
  return (
    <div className={styles.card} role="group" aria-label={counter ? 'Counter-offer' : 'Offer'}>
      <p className={styles.cardTitle}>
        <StoreIcon width={16} height={16} aria-hidden="true" />
        <span>
          {counter ? 'Counter-offer' : 'Offer'}: {formatPrice(offer.amount)}
        </span>
      </p>
      {offer.note ? <p className={styles.note}>{offer.note}</p> : null}
      <p className={`${styles.state} ${styles[offer.status]}`}>{OFFER_STATUS_TEXT[offer.status]}</p>
      {can.accept || can.decline || can.counter ? (
        <div className={styles.cardActions}>
          {can.accept ? (
            <Button size="sm" disabled={busy} onClick={() => void answer('accept')}>
              {M.accept}
            </Button>
          ) : null}
          {can.decline ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => void answer('decline')}
            >
              {M.decline}
            </Button>
          ) : null}
          {can.counter ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => setCountering(true)}
            >
              {M.counter}
            </Button>
          ) : null}
        </div>
      ) : null}
      {can.withdraw ? (
        <button
          type="button"
          className={styles.cancel}
          disabled={busy}
          onClick={() => void answer('withdraw')}
        >
          {M.withdraw}
        </button>
      ) : null}
      {offer.status === 'accepted' && chat?.can.proposeMeetup ? (
        <Button size="sm" variant="secondary" onClick={() => setMeeting(true)}>
          {M.suggestMeetup}
        </Button>
      ) : null}
      {can.counter ? (
        <OfferDialog
          chatId={chatId}
          listing={chat?.listing ?? null}
          counterOf={offer.id}
          initial={offer.amount}
          open={countering}
          onOpenChange={setCountering}
        />
      ) : null}
      {meeting ? <MeetupDialog chatId={chatId} open={meeting} onOpenChange={setMeeting} /> : null}
    </div>
  );
}
