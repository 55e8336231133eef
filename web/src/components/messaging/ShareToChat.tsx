import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { ChatDto } from '@common/schemas/chats';
import { CHAT_MESSAGES } from '@common/words/chats';
import { useAlert } from '../ui/Alerts';
import { Avatar } from '../ui/Avatar';
import { ApiError } from '../../lib/api';
import { chatKeys } from '../../lib/chat-keys';
import { chatListQueryOptions, sendMessage } from '../../lib/chats-api';
import styles from './ShareToChat.module.css';

/** How many recent conversations the share dialog offers. */
const RECENT = 5;

/**
 * "Send in a message": the viewer's
 * recent conversations; choosing one adds a message holding the post id.
 * For school-verified students only; the caller decides.
 */
export function ShareToChat({ postId, onSent }: { postId: string; onSent(): void }) {
  const headingId = useId();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const chats = useInfiniteQuery(chatListQueryOptions);
  const send = useMutation({
    mutationFn: (chat: ChatDto) => sendMessage(chat.id, { sharedPostId: postId }),
    onSuccess: (_message, chat) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(chat.id) });
      onSent();
      alert({
        msg: CHAT_MESSAGES.sentToChat,
        alertType: 'success',
        link: { to: `/messages/${encodeURIComponent(chat.id)}`, label: 'View' },
      });
    },
    onError: (error) =>
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      }),
  });
  const recent = chats.data?.pages[0]?.items.slice(0, RECENT) ?? [];
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.title}>
          {CHAT_MESSAGES.sendInMessage}
        </h3>
        <Link className={styles.newMessage} to="/messages/new">
          {CHAT_MESSAGES.newMessage}
        </Link>
      </div>
      {chats.isPending ? (
        <ul className={styles.people} aria-busy="true" aria-label="Loading conversations">
          {Array.from({ length: RECENT }, (_, i) => (
            <li key={i} className={styles.placeholder}>
              <span className={`skeleton ${styles.faceSkeleton}`} />
              <span className={`skeleton ${styles.nameSkeleton}`} />
            </li>
          ))}
        </ul>
      ) : recent.length === 0 ? (
        <p className={styles.empty}>
          {chats.isError ? MESSAGES.somethingWentWrong : 'No conversations yet.'}
        </p>
      ) : (
        <ul className={styles.people}>
          {recent.map((chat) => (
            <li key={chat.id}>
              <button
                type="button"
                className={styles.person}
                disabled={send.isPending}
                aria-label={`Send to ${chat.other.firstName} ${chat.other.lastInitial}.`}
                onClick={() => send.mutate(chat)}
              >
                <Avatar person={chat.other} size={48} />
                <span className={styles.name}>{chat.other.firstName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
