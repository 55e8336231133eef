import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { ChatDto, MessageDto } from '@common/schemas/chats';
import { CHAT_MESSAGES } from '@common/words/chats';
import { BlockMenuItem, useBlockToggle } from '../../../components/blocks/BlockControl';
import { authorName } from '../../../components/posts/PostParts';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { Avatar } from '../../../components/ui/Avatar';
import { useAlert } from '../../../components/ui/Alerts';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { ChevronLeftIcon, MoreIcon } from '../../../components/ui/Icons';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { chatKeys, unreadKey } from '../../../lib/chat-keys';
import { useViewer } from '../../../lib/session';
import { patchChat, patchMessage, removeChat } from '../api/chat-cache';
import { deleteChat, markChatRead, setHeart } from '../api/chat-writes';
import { useChat } from '../api/get-chats';
import { usePendingMessages } from '../api/use-pending-messages';
import { PROFILE_MESSAGES } from '@common/words/profiles';
import { ReportDialog } from '../../../components/reports/ReportDialog';
import { ChatComposer } from './ChatComposer';
import { ListingPin } from './ListingPin';
import { MessageList } from './MessageList';
import styles from './Messages.module.css';

/** /messages/{chatId}: the open conversation, or "This conversation doesn't exist". */
/** `alone`: the conversation fills the screen (a phone), so its name is the page's heading. */
export function Conversation({ chatId, alone = false }: { chatId: string; alone?: boolean }) {
  const chat = useChat(chatId);
  if (chat.isPending) return <Spinner />;
  if (chat.error) {
    return (
      <section className={`empty-state ${styles.missing}`}>
        <BackToInbox />
        <h1 className="empty-state__title">
          {chat.error instanceof ApiError && chat.error.status === 404
            ? CHAT_MESSAGES.missingChat
            : chat.error.message}
        </h1>
      </section>
    );
  }
  return <OpenConversation key={chat.data.id} chat={chat.data} alone={alone} />;
}

function BackToInbox() {
  return (
    <Link to="/messages" className={`icon-button ${styles.back}`} aria-label="Back to messages">
      <ChevronLeftIcon />
    </Link>
  );
}

function OpenConversation({ chat, alone }: { chat: ChatDto; alone: boolean }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alert = useAlert();
  const sending = usePendingMessages(chat.id);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const blocking = useBlockToggle(chat.other.username);

  // Opening a chat marks it read.
  useEffect(() => {
    patchChat(queryClient, chat.id, { unread: false });
    markChatRead(chat.id)
      .then(() => queryClient.invalidateQueries({ queryKey: unreadKey }))
      .catch(() => undefined);
  }, [chat.id, queryClient]);

  const handleHeart = async (message: MessageDto) => {
    const on = !message.hearted;
    patchMessage(queryClient, chat.id, message.id, {
      hearted: on,
      hearts: Math.max(0, message.hearts + (on ? 1 : -1)),
    });
    try {
      const state = await setHeart(message.id, on);
      patchMessage(queryClient, chat.id, message.id, state);
      if (on) alert({ msg: CHAT_MESSAGES.reactionSent, alertType: 'success' });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    } catch (error) {
      patchMessage(queryClient, chat.id, message.id, {
        hearted: message.hearted,
        hearts: message.hearts,
      });
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    }
  };

  const handleDelete = async () => {
    try {
      await deleteChat(chat.id);
      navigate('/messages', { replace: true });
      setTimeout(() => removeChat(queryClient, chat.id));
      alert({ msg: CHAT_MESSAGES.chatDeleted, alertType: 'success' });
    } catch (error) {
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    }
  };

  if (!viewer) return null;
  const name = authorName(chat.other);
  return (
    <section className={styles.conversation} aria-label={`Conversation with ${name}`}>
      <header className={styles.convHeader}>
        <BackToInbox />
        <Link to={`/${chat.other.username}`} className={styles.convWho}>
          <Avatar person={chat.other} size={36} />
          {alone ? (
            <h1 className={styles.convName}>
              {name}
              <Verified verified={chat.other.verified} />
            </h1>
          ) : (
            <h2 className={styles.convName}>
              {name}
              <Verified verified={chat.other.verified} />
            </h2>
          )}
        </Link>
        <Dropdown.Root>
          <Dropdown.Trigger className="icon-button" aria-label={MESSAGES.posts.moreOptions}>
            <MoreIcon />
          </Dropdown.Trigger>
          <Dropdown.Portal>
            <Dropdown.Content className="menu" align="end" sideOffset={6}>
              <BlockMenuItem blocked={blocking.blocked} onSelect={blocking.select} />
              <Dropdown.Item className="menu__item" onSelect={() => setReporting(true)}>
                Report user
              </Dropdown.Item>
              <Dropdown.Item
                className={`menu__item ${styles.danger}`}
                onSelect={() => setDeleting(true)}
              >
                Delete chat
              </Dropdown.Item>
            </Dropdown.Content>
          </Dropdown.Portal>
        </Dropdown.Root>
      </header>
      <ListingPin chat={chat} onSend={sending.send} />
      <MessageList
        chat={chat}
        viewerId={viewer.id}
        pending={sending.pending}
        onHeart={(message) => void handleHeart(message)}
        onRetry={sending.retry}
        onDiscard={sending.discard}
      />
      <ChatComposer chatId={chat.id} can={chat.can} onSend={sending.send} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={CHAT_MESSAGES.deleteChatTitle}
        description={CHAT_MESSAGES.deleteChatText}
        confirmLabel={MESSAGES.posts.delete}
        danger
        onConfirm={() => void handleDelete()}
      />
      {blocking.dialog}
      <ReportDialog
        reported={{ username: chat.other.username }}
        title={PROFILE_MESSAGES.reportTitle(name)}
        description={PROFILE_MESSAGES.reportText}
        open={reporting}
        onOpenChange={setReporting}
      />
    </section>
  );
}
