import { Link } from 'react-router';
import { timeAgo } from '@common/time';
import type { ChatDto } from '@common/schemas/chats';
import { authorName } from '../../../components/posts/PostParts';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { Avatar } from '../../../components/ui/Avatar';
import { Skeleton } from '../../../components/ui/Spinner';
import { useChats } from '../api/get-chats';
import styles from './Messages.module.css';

/** The inbox: newest activity first, with an unread dot. */
export function ChatList({ openChatId }: { openChatId: string | null }) {
  const chats = useChats();
  if (chats.isPending) {
    return (
      <div className={styles.chatList} aria-busy="true" aria-label="Conversations">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.chatRow}>
            <Skeleton width={44} height={44} radius={999} />
            <span className={styles.chatText}>
              <Skeleton width="50%" height={14} />
              <Skeleton width="80%" height={12} />
            </span>
          </div>
        ))}
      </div>
    );
  }
  if (chats.error) return <p className={styles.inboxNote}>{chats.error.message}</p>;
  const items = chats.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className={styles.inboxEmpty}>
        <p className={styles.inboxEmptyTitle}>No messages yet</p>
        <p className={styles.inboxNote}>Start a conversation with another student.</p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.chatList} aria-label="Conversations">
        {items.map((chat) => (
          <li key={chat.id}>
            <ChatRow chat={chat} open={chat.id === openChatId} />
          </li>
        ))}
      </ul>
      {chats.hasNextPage ? (
        <button
          type="button"
          className={`btn btn--ghost btn--sm ${styles.more}`}
          disabled={chats.isFetchingNextPage}
          onClick={() => void chats.fetchNextPage()}
        >
          Older conversations
        </button>
      ) : null}
    </>
  );
}

/**
 * One conversation of the inbox: who, when, the last message and, for a chat
 * about a listing, the listing's title before it and its photo beside it
 * (ADR 051), as the marketplaces' inboxes show the item.
 */
export function ChatRow({ chat, open }: { chat: ChatDto; open: boolean }) {
  const updated = new Date(chat.updatedAt);
  const unread = chat.unread && !open;
  return (
    <Link
      to={`/messages/${encodeURIComponent(chat.id)}`}
      className={`${styles.chatRow} ${open ? styles.chatRowOpen : ''}`}
      aria-current={open ? 'page' : undefined}
    >
      <Avatar person={chat.other} size={44} />
      <span className={styles.chatText}>
        <span className={styles.chatTop}>
          <span className={`${styles.chatName} ${unread ? styles.bold : ''}`}>
            {authorName(chat.other)}
            <Verified verified={chat.other.verified} />
          </span>
          <time className={styles.chatTime} dateTime={updated.toISOString()}>
            {timeAgo(updated)}
          </time>
        </span>
        <span className={`${styles.chatLast} ${unread ? styles.bold : ''}`}>
          {chat.listing ? <span className={styles.chatAbout}>{chat.listing.title} · </span> : null}
          {chat.lastMessage ?? ' '}
        </span>
      </span>
      {chat.listing?.imageUrl ? (
        <img
          className={styles.chatThumb}
          src={chat.listing.imageUrl}
          alt=""
          width={40}
          height={40}
        />
      ) : null}
      {/* The dot keeps its place when hidden: nothing moves as chats are read. */}
      <span className="unread-dot" data-on={unread ? 'true' : undefined}>
        {unread ? <span className="visually-hidden">Unread</span> : null}
      </span>
    </Link>
  );
}
