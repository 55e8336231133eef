import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { chatKeys, unreadKey } from '../../../lib/chat-keys';
import { useViewer } from '../../../lib/session';
import { useLive } from '../../../lib/use-live';
import {
  addMessage,
  followOffer,
  followTopic,
  patchChat,
  patchMessage,
  removeChat,
} from './chat-cache';
import { markChatRead } from './chat-writes';

/**
 * The inbox and the open conversation follow the live socket (ADR 008): new
 * messages, hearts, reads and deletes arrive without a reload. A message into
 * the open chat is read at once.
 */
export function useLiveChats(openChatId: string | null): void {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const navigate = useNavigate();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list });
  useLive(viewer?.schoolVerified ?? false, {
    onEvent: (event) => {
      switch (event.type) {
        case 'message.created': {
          addMessage(queryClient, event.message);
          refreshList();
          followTopic(queryClient, event.message, viewer?.id);
          if (event.message.senderId === viewer?.id) {
            patchChat(queryClient, event.chatId, { seen: false });
          } else if (event.chatId === openChatId && document.visibilityState === 'visible') {
            // Whoever writes has seen the chat (the server clears their mark too).
            patchChat(queryClient, event.chatId, { unread: false, seen: true });
            void markChatRead(event.chatId)
              .then(() => queryClient.invalidateQueries({ queryKey: unreadKey }))
              .catch(() => undefined);
          } else {
            patchChat(queryClient, event.chatId, { seen: true });
          }
          break;
        }
        case 'chat.read':
          // The other student read it: my latest message turns to "Seen".
          patchChat(
            queryClient,
            event.chatId,
            event.userId === viewer?.id ? { unread: false } : { seen: true },
          );
          break;
        case 'message.hearted':
          patchMessage(queryClient, event.chatId, event.messageId, {
            hearts: event.hearts,
            ...(event.by === viewer?.id ? { hearted: event.hearted } : {}),
          });
          refreshList();
          break;
        case 'meetup.updated':
          patchMessage(queryClient, event.chatId, event.messageId, { meetup: event.meetup });
          break;
        case 'offer.updated':
          patchMessage(queryClient, event.chatId, event.messageId, { offer: event.offer });
          followOffer(queryClient, event.chatId, event.offer);
          break;
        case 'message.removed':
          // As the next load shows it: the moderator's line, no warnings, shared post or photos.
          patchMessage(queryClient, event.chatId, event.messageId, {
            text: event.text,
            warnings: [],
            sharedPost: null,
            media: [],
          });
          refreshList();
          break;
        case 'chat.deleted':
          // Leave the conversation before its queries go, so it never refetches into a 404.
          if (event.chatId === openChatId) navigate('/messages', { replace: true });
          setTimeout(() => removeChat(queryClient, event.chatId));
          break;
        default:
          break;
      }
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
