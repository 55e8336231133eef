import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { MESSAGES } from '@common/messages';
import type { MeetupDto } from '@common/schemas/meetups';
import { MEETUP_MESSAGES as M, MEETUP_STATUS_TEXT } from '@common/words/meetups';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { MapPinIcon } from '../../../components/ui/Icons';
import { ApiError } from '../../../lib/api';
import { patchMessage } from '../api/chat-cache';
import { answerMeetup } from '../api/meetups-api';
import styles from './Meetups.module.css';

/**
 * A meetup suggested in the chat (ADR 026): where, when, and its state, which
 * both students see change live. The other student accepts or declines; the
 * one who suggested it can cancel it.
 */
export function MeetupCard({
  meetup,
  chatId,
  messageId,
}: {
  meetup: MeetupDto;
  chatId: string;
  messageId: string;
}) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const at = new Date(meetup.at);
  // What the viewer may do, as the server said (ADR 044); a time gone by since closes the answers.
  const { can } = meetup;
  const ahead = meetup.at > Date.now();
  const answer = async (what: 'accept' | 'decline' | 'cancel') => {
    setBusy(true);
    try {
      const next = await answerMeetup(meetup.id, what);
      patchMessage(queryClient, chatId, messageId, { meetup: next });
    } catch (error) {
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.card} role="group" aria-label="Meetup">
      <p className={styles.cardTitle}>
        <MapPinIcon width={16} height={16} aria-hidden="true" />
        <span>{meetup.spot?.name ?? M.meetAt}</span>
      </p>
      <time className={styles.when} dateTime={at.toISOString()}>
        {format(at, 'EEE, MMM d · p')}
      </time>
      <p className={`${styles.state} ${styles[meetup.status]}`}>
        {MEETUP_STATUS_TEXT[meetup.status]}
      </p>
      {(can.accept || can.decline) && ahead ? (
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
        </div>
      ) : null}
      {can.cancel ? (
        <button
          type="button"
          className={styles.cancel}
          disabled={busy}
          onClick={() => void answer('cancel')}
        >
          {M.cancel}
        </button>
      ) : null}
    </div>
  );
}
