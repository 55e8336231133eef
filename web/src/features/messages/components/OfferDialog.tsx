import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { MESSAGES } from '@common/messages';
import { type ChatListingDto, OFFER_MESSAGES as M, offerTooHighText } from '@common/schemas/offers';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { chatKeys } from '../../../lib/chat-keys';
import { addMessage, patchChat } from '../api/chat-cache';
import { counterOffer, makeOffer } from '../api/offers-api';
import form from '../../../components/ui/Form.module.css';
import styles from './Meetups.module.css';

/** What is wrong with the amount, in the server's words, or null. */
export function amountProblem(value: string, listing: ChatListingDto | null): string | null {
  const amount = Number(value);
  if (!/^\d+$/.test(value.trim())) return value.trim() ? M.wholeDollars : M.atLeastOne;
  if (amount < 1) return M.atLeastOne;
  if (listing && !listing.obo && listing.price !== null && amount > listing.price)
    return offerTooHighText(listing.price);
  return null;
}

/**
 * "Make an offer" and "Counter" (ADR 051): whole dollars, at most the asking
 * price unless it is OBO, and an optional note; sent as a message of the chat.
 */
export function OfferDialog({
  chatId,
  listing,
  counterOf,
  initial,
  open,
  onOpenChange,
}: {
  chatId: string;
  listing: ChatListingDto | null;
  /** The offer this one counters (the seller), or none. */
  counterOf?: string;
  initial?: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) setAmount(initial !== undefined ? String(initial) : '');
  }, [open, initial]);
  const send = useMutation({
    mutationFn: (body: { amount: number; note?: string }) =>
      counterOf ? counterOffer(counterOf, body) : makeOffer(chatId, body),
    onSuccess: (message) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      patchChat(queryClient, chatId, { prompts: null });
      setNote('');
      onOpenChange(false);
    },
    onError: (error) =>
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      }),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = amountProblem(amount, listing);
    setProblem(wrong);
    if (!wrong) send.mutate({ amount: Number(amount), ...(note.trim() ? { note } : {}) });
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={counterOf ? M.counterTitle : M.makeOffer}
      description={
        listing ? `${listing.title}${listing.priceLabel ? ` · ${listing.priceLabel}` : ''}` : ''
      }
    >
      <form className={form.form} onSubmit={handleSubmit} noValidate>
        <p className={styles.hint}>{M.makeOfferText}</p>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-amount`}>
            {counterOf ? M.counterAmount : M.amount}
          </label>
          <input
            id={`${id}-amount`}
            className={`${form.control} ${styles.control}`}
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setProblem(null);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          {problem ? (
            <p id={`${id}-problem`} className={styles.problem} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-note`}>
            {M.note}
          </label>
          <textarea
            id={`${id}-note`}
            className={`${form.control} ${styles.control}`}
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <div className={form.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {MESSAGES.signIn.cancel}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {M.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
