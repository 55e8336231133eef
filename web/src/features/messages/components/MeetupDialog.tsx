import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { spotsOf } from '@common/meetup-spots';
import { MESSAGES } from '@common/messages';
import { MEETUP_MAX_AHEAD_MS, MEETUP_MESSAGES as M } from '@common/words/meetups';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { useCampus } from '../../../lib/campus';
import { chatKeys } from '../../../lib/chat-keys';
import { addMessage } from '../api/chat-cache';
import { proposeMeetup } from '../api/meetups-api';
import form from '../../../components/ui/Form.module.css';
import styles from './Meetups.module.css';

const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";

/** What is wrong with the chosen time, in the server's words, or null. */
function timeProblem(value: string, now: number): string | null {
  const at = new Date(value).getTime();
  if (!value || Number.isNaN(at)) return M.pickTime;
  if (at <= now) return M.timeInPast;
  if (at > now + MEETUP_MAX_AHEAD_MS) return M.timeTooFar;
  return null;
}

/**
 * "Suggest a meetup" (ADR 026): one of the campus's public
 * exchange spots and a time within 30 days, sent as a message of the chat.
 */
export function MeetupDialog({
  chatId,
  open,
  onOpenChange,
}: {
  chatId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const spots = spotsOf(useCampus());
  const [spotId, setSpotId] = useState(spots[0]?.id ?? '');
  const [when, setWhen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const spot = spots.find((s) => s.id === spotId);
  const send = useMutation({
    mutationFn: (at: number) => proposeMeetup(chatId, { spotId, at }),
    onSuccess: (message) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      setWhen('');
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
    const wrong = timeProblem(when, Date.now());
    setProblem(wrong);
    if (!wrong) send.mutate(new Date(when).getTime());
  };
  const now = new Date();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={M.suggestTitle}
      description={M.suggestText}
    >
      <form className={form.form} onSubmit={handleSubmit} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-spot`}>
            {M.spot}
          </label>
          <select
            id={`${id}-spot`}
            className={`${form.control} ${styles.control}`}
            value={spotId}
            onChange={(e) => setSpotId(e.target.value)}
            aria-describedby={`${id}-about`}
          >
            {spots.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <p id={`${id}-about`} className={styles.hint}>
            {spot ? [spot.description, spot.hours].filter(Boolean).join(' · ') : null}
          </p>
        </div>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-when`}>
            {M.time}
          </label>
          <input
            id={`${id}-when`}
            type="datetime-local"
            className={`${form.control} ${styles.control}`}
            value={when}
            min={format(now, LOCAL_MINUTE)}
            max={format(new Date(now.getTime() + MEETUP_MAX_AHEAD_MS), LOCAL_MINUTE)}
            onChange={(e) => {
              setWhen(e.target.value);
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
