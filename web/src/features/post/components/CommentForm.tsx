import { useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type FormEvent,
  forwardRef,
  type KeyboardEvent,
  useId,
  useState,
} from 'react';
import { POST_MAX_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/words/posts';
import { countPostCharacters, isBlank } from '@common/text';
import { useGate } from '../../../components/gates/use-gate';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { SendIcon } from '../../../components/ui/Icons';
import { ApiError } from '../../../lib/api';
import { createComment, postKeys } from '../../../lib/posts-api';
import { useIsMobile } from '../../../lib/use-media-query';
import styles from './Comments.module.css';

/**
 * "Write a comment..." under the post, the reply box of a comment, and (`page`)
 * the form of the mobile /create/comment page (gated: comment). On wide
 * screens Enter sends and Shift+Enter adds a line; on phones Enter adds a line
 * and the send button sends, as phone keyboards have no Shift+Enter habit.
 */
export const CommentForm = forwardRef<
  HTMLTextAreaElement,
  {
    parentId: string;
    rootId: string;
    label: string;
    onSent?(): void;
    autoFocus?: boolean;
    page?: boolean;
  }
>(function CommentForm({ parentId, rootId, label, onSent, autoFocus, page = false }, ref) {
  const gate = useGate();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();
  const mobile = useIsMobile();
  const count = countPostCharacters(text);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const next = event.target.value;
    if (next.length - text.length === 1 && countPostCharacters(next) > POST_MAX_CHARS) return;
    setText(next);
    setError(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mobile || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!gate('comment')) return;
    if (count > POST_MAX_CHARS) return setError(POST_MESSAGES.tooManyCharacters);
    if (isBlank(text)) return setError(POST_MESSAGES.needTextOrFile);
    setSending(true);
    try {
      await createComment(parentId, text);
      setText('');
      alert({ msg: POST_MESSAGES.replySent, alertType: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.detail(rootId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.detail(parentId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' }),
      ]);
      // Closed once the thread shows the reply, so the page moves once, not twice.
      onSent?.();
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong;
      setError(msg);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={page ? styles.pageForm : styles.form}
      onSubmit={handleSubmit}
      noValidate
      aria-label={label}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={page ? `text-box ${styles.pageInput}` : styles.input}
        placeholder={POST_MESSAGES.commentPlaceholder}
        value={text}
        rows={page ? 6 : text.includes('\n') || text.length > 60 ? 3 : 1}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
      />
      {text || page ? (
        <span className={`${styles.counter} ${count > POST_MAX_CHARS ? styles.over : ''}`}>
          {count} / {POST_MAX_CHARS}
        </span>
      ) : null}
      {page ? (
        <Button type="submit" disabled={sending}>
          {MESSAGES.posts.reply}
        </Button>
      ) : (
        <button
          type="submit"
          className={`icon-button ${styles.send}`}
          aria-label={MESSAGES.posts.reply}
          disabled={sending}
        >
          <SendIcon width={20} height={20} />
        </button>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
});
