import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ChatIcon, PlusIcon } from '../../../components/ui/Icons';
import { useIsMobile } from '../../../lib/use-media-query';
import { useLiveChats } from '../api/use-live-chats';
import { ChatList } from '../components/ChatList';
import { Conversation } from '../components/Conversation';
import { NewMessageDialog } from '../components/NewMessageDialog';
import styles from '../components/Messages.module.css';

/**
 * /messages and /messages/{chatId}: the inbox beside
 * the open conversation; at 767 px or less one of the two at a time.
 */
export function MessagesPage() {
  const { chatId = null } = useParams();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const [composing, setComposing] = useState(false);
  useLiveChats(chatId);
  // The new-message dialog has done its work once a chat opens.
  useEffect(() => setComposing(false), [chatId]);

  const handleNew = () => {
    if (mobile) navigate('/messages/new');
    else setComposing(true);
  };

  return (
    <div className={`card ${styles.layout}`} data-open={chatId ? 'chat' : 'inbox'}>
      <section className={styles.inbox} aria-labelledby="inbox-title">
        <header className={styles.inboxHeader}>
          <h1 id="inbox-title" className={styles.inboxTitle}>
            Messages
          </h1>
          <button
            type="button"
            className="icon-button"
            aria-label="New message"
            title="New message"
            onClick={handleNew}
          >
            <PlusIcon width={22} height={22} />
          </button>
        </header>
        <ChatList openChatId={chatId} />
      </section>
      <div className={styles.pane}>
        {chatId ? (
          <Conversation chatId={chatId} alone={mobile} />
        ) : (
          <div className={`empty-state ${styles.placeholder}`}>
            <ChatIcon width={40} height={40} aria-hidden="true" />
            <p className="empty-state__title">Your messages</p>
            <p className="empty-state__text">Send a private message to another student.</p>
            <button type="button" className="btn btn--primary btn--md" onClick={handleNew}>
              New message
            </button>
          </div>
        )}
      </div>
      <NewMessageDialog open={composing} onOpenChange={setComposing} />
    </div>
  );
}
