import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { startChatResultSchema } from '@common/schemas/chats';
import { CHAT_MESSAGES } from '@common/words/chats';
import type { z } from 'zod';
import { useAlert } from '../ui/Alerts';
import { api, ApiError } from '../../lib/api';
import { chatKeys } from '../../lib/chat-keys';

export type StartChatResult = z.infer<typeof startChatResultSchema>;

/** `listingId`: "Send Message" on a listing, which the chat is then about (ADR 051). */
export function startChat(
  to: string | { userId: string; listingId?: string },
): Promise<StartChatResult> {
  const json = typeof to === 'string' ? { userId: to } : to;
  return api<StartChatResult>('/api/chats', { method: 'POST', json });
}

/**
 * Opens the conversation with a student: the pair's
 * existing chat, or a new one with "New Conversation Started".
 */
export function useStartChat() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alert = useAlert();
  return useMutation({
    mutationFn: startChat,
    onSuccess: ({ chat, created }) => {
      queryClient.setQueryData(chatKeys.detail(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      navigate(`/messages/${encodeURIComponent(chat.id)}`);
      if (created) alert({ msg: CHAT_MESSAGES.newConversation, alertType: 'success' });
    },
    onError: (error) =>
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      }),
  });
}
