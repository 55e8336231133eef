import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatDto, MessageDto } from '@common/schemas/chats';
import { CHAT_MESSAGES } from '@common/words/chats';
import { authorName } from '../../../components/posts/PostParts';
import { Spinner } from '../../../components/ui/Spinner';
import { useMessages } from '../api/get-messages';
import type { PendingMessage } from '../api/use-pending-messages';
import { MessageBubble, PendingBubble } from './MessageBubble';
import styles from './Messages.module.css';

/** Older messages load when the list is scrolled to 67 px or less from its top, 3 s apart. */
const LOAD_AT_TOP_PX = 67;
const LOAD_DELAY_MS = 3000;
const NEAR_BOTTOM_PX = 120;

interface Props {
  chat: ChatDto;
  viewerId: string;
  pending: PendingMessage[];
  onHeart(message: MessageDto): void;
  onRetry(key: string): void;
  onDiscard(key: string): void;
}

/**
 * The conversation's messages, oldest at the top. The API pages newest first;
 * an older page is added above without moving what is on screen, and the view
 * follows new messages while it is at the bottom.
 */
export function MessageList({ chat, viewerId, pending, onHeart, onRetry, onDiscard }: Props) {
  const messages = useMessages(chat.id, true);
  const scroller = useRef<HTMLDivElement>(null);
  const newestFirst = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = [...newestFirst].reverse();
  const oldestId = shown[0]?.id;
  const newestId = shown[shown.length - 1]?.id;
  const myLatest = newestFirst.find((m) => m.senderId === viewerId);
  // The live echo of a message can land before its POST answers: show it once.
  const waiting = pending.filter(
    (p) =>
      p.status === 'failed' ||
      !newestFirst.some(
        (m) =>
          m.senderId === viewerId &&
          m.text === p.text &&
          m.media.length === (p.file ? 1 : 0) &&
          m.createdAt >= p.sentAt - 60_000,
      ),
  );

  // Where the list stood before the last render: to keep it still, or at the bottom.
  const before = useRef<{ height: number; top: number; atBottom: boolean; oldestId?: string }>({
    height: 0,
    top: 0,
    atBottom: true,
  });
  const remember = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    before.current = {
      height: el.scrollHeight,
      top: el.scrollTop,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX,
      oldestId: before.current.oldestId,
    };
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const was = before.current;
    if (was.oldestId !== undefined && oldestId !== was.oldestId && was.height > 0) {
      // An older page arrived above: keep the same messages in view (no jump).
      el.scrollTop = was.top + (el.scrollHeight - was.height);
    } else if (was.atBottom || was.height === 0) {
      el.scrollTop = el.scrollHeight;
    }
    before.current.oldestId = oldestId;
    remember();
  }, [oldestId, newestId, pending.length, remember]);

  // A message of mine always brings the view down.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pending.length > 0) el.scrollTop = el.scrollHeight;
  }, [pending.length]);

  const lastLoad = useRef(Date.now());
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pager = useRef(messages);
  pager.current = messages;
  const maybeLoadOlder = useCallback(() => {
    const el = scroller.current;
    const { hasNextPage, isFetchingNextPage, fetchNextPage } = pager.current;
    if (!el || !hasNextPage || isFetchingNextPage || el.scrollTop > LOAD_AT_TOP_PX) return;
    const wait = lastLoad.current + LOAD_DELAY_MS - Date.now();
    if (wait > 0) {
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(maybeLoadOlder, wait);
      return;
    }
    lastLoad.current = Date.now();
    void fetchNextPage();
  }, []);
  useEffect(() => () => clearTimeout(retryTimer.current), []);
  // After a page lands, the list may still sit at the top: check again.
  useEffect(() => {
    if (!messages.isFetchingNextPage) maybeLoadOlder();
  }, [messages.isFetchingNextPage, messages.data, maybeLoadOlder]);

  const handleScroll = () => {
    remember();
    maybeLoadOlder();
  };
  // Photos arriving late grow the list: stay at the bottom if we were there.
  const handleLoad = () => {
    const el = scroller.current;
    if (el && before.current.atBottom) el.scrollTop = el.scrollHeight;
    remember();
  };

  const senderName = chat.other.firstName;
  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={handleScroll}
      onLoadCapture={handleLoad}
      tabIndex={0}
      role="log"
      aria-label={`Conversation with ${authorName(chat.other)}`}
    >
      {messages.isPending ? (
        <Spinner />
      ) : messages.error ? (
        <p className={styles.inboxNote}>{messages.error.message}</p>
      ) : (
        <>
          <div className={styles.olderSlot}>
            {messages.isFetchingNextPage ? <Spinner label="Loading older messages" /> : null}
          </div>
          <ol className={styles.messages} aria-label="Messages">
            {shown.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.senderId === viewerId}
                senderName={senderName}
                status={
                  message === myLatest && waiting.length === 0
                    ? chat.seen
                      ? CHAT_MESSAGES.seen
                      : CHAT_MESSAGES.delivered
                    : undefined
                }
                onHeart={onHeart}
              />
            ))}
            {waiting.map((p) => (
              <PendingBubble
                key={p.key}
                message={p}
                onRetry={() => onRetry(p.key)}
                onDiscard={() => onDiscard(p.key)}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
