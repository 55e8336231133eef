import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { POST_MAX_CHARS } from '@common/limits';
import type { ChatCan } from '@common/schemas/chats';
import { CHAT_MESSAGES } from '@common/words/chats';
import { POST_MESSAGES } from '@common/words/posts';
import { countPostCharacters } from '@common/text';
import { useAlert } from '../../../components/ui/Alerts';
import { MEETUP_MESSAGES } from '@common/words/meetups';
import { CloseIcon, ImageIcon, MapPinIcon, SendIcon } from '../../../components/ui/Icons';
import { ACCEPT_MEDIA, ALLOWED_EXTENSIONS, extensionOf } from '../../../lib/media-files';
import { useIsMobile } from '../../../lib/use-media-query';
import { MeetupDialog } from './MeetupDialog';
import styles from './Messages.module.css';

/** The too-many-characters alert shows at most once every 3 s. */
const TOO_LONG_ALERT_EVERY_MS = 3000;

/**
 * The chat composer: "Say something . . .", one photo per
 * message, 500 characters. Enter sends on desktop, Shift+Enter starts a new
 * line; on phones Enter is a new line and the button sends.
 */
export function ChatComposer({
  chatId,
  can,
  onSend,
}: {
  chatId: string;
  /** What the viewer may do in the chat (ADR 044): the meetup button only when they may suggest one. */
  can: ChatCan;
  onSend(text: string, file: File | null): void;
}) {
  const [suggesting, setSuggesting] = useState(false);
  const alert = useAlert();
  const mobile = useIsMobile();
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ file: File; preview: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const lastTooLong = useRef(0);
  const count = countPostCharacters(text);

  useEffect(() => () => (file ? URL.revokeObjectURL(file.preview) : undefined), [file]);

  const warnTooLong = () => {
    const now = Date.now();
    if (now - lastTooLong.current < TOO_LONG_ALERT_EVERY_MS) return;
    lastTooLong.current = now;
    alert({ msg: CHAT_MESSAGES.tooManyCharacters, alertType: 'danger' });
  };

  const submit = () => {
    if (count > POST_MAX_CHARS) return warnTooLong();
    // An empty message with no photo is not sent.
    if (text.trim().length === 0 && !file) return;
    onSend(text, file?.file ?? null);
    setText('');
    setFile(null);
    box.current?.focus();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || mobile || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    if (countPostCharacters(event.target.value) > POST_MAX_CHARS) warnTooLong();
  };
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!ALLOWED_EXTENSIONS.includes(extensionOf(chosen.name))) {
      alert({ msg: POST_MESSAGES.onlyPhotosVideos, alertType: 'danger' });
      return;
    }
    setFile({ file: chosen, preview: URL.createObjectURL(chosen) });
  };

  return (
    <>
      <form className={styles.composer} onSubmit={handleSubmit}>
        {file ? (
          <div className={styles.attachment}>
            <img src={file.preview} alt="Photo to send" />
            <button
              type="button"
              className={styles.removeAttachment}
              aria-label="Remove photo"
              onClick={() => setFile(null)}
            >
              <CloseIcon width={14} height={14} />
            </button>
          </div>
        ) : null}
        <div className={styles.composerRow}>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT_MEDIA}
            className="visually-hidden"
            aria-label="Add a photo"
            tabIndex={-1}
            onChange={handleFile}
          />
          <button
            type="button"
            className="icon-button"
            aria-label="Add a photo"
            title="Add a photo"
            onClick={() => fileInput.current?.click()}
          >
            <ImageIcon width={22} height={22} />
          </button>
          {can.proposeMeetup ? (
            <button
              type="button"
              className="icon-button"
              aria-label={MEETUP_MESSAGES.suggest}
              title={MEETUP_MESSAGES.suggest}
              onClick={() => setSuggesting(true)}
            >
              <MapPinIcon width={22} height={22} />
            </button>
          ) : null}
          <textarea
            ref={box}
            className={styles.input}
            rows={1}
            value={text}
            placeholder={CHAT_MESSAGES.composerPlaceholder}
            aria-label={CHAT_MESSAGES.composerPlaceholder}
            onChange={handleChange}
            onKeyDown={handleKeyDown}
          />
          <button type="submit" className="icon-button" aria-label="Send" title="Send">
            <SendIcon width={22} height={22} />
          </button>
        </div>
        {count > POST_MAX_CHARS - 50 ? (
          <span className={`${styles.counter} ${count > POST_MAX_CHARS ? styles.over : ''}`}>
            {count} / {POST_MAX_CHARS}
          </span>
        ) : null}
      </form>
      <MeetupDialog chatId={chatId} open={suggesting} onOpenChange={setSuggesting} />
    </>
  );
}
