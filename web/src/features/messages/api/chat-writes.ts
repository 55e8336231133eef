import type { heartStateSchema } from '@common/schemas/chats';
import type { z } from 'zod';
import { api } from '../../../lib/api';

const chatPath = (id: string) => `/api/chats/${encodeURIComponent(id)}`;

export { sendMessage } from '../../../lib/chats-api';

export function markChatRead(chatId: string): Promise<{ ok: true }> {
  return api<{ ok: true }>(`${chatPath(chatId)}/read`, { method: 'POST' });
}

export function deleteChat(chatId: string): Promise<{ ok: true }> {
  return api<{ ok: true }>(chatPath(chatId), { method: 'DELETE' });
}

export type HeartState = z.infer<typeof heartStateSchema>;

/** Puts a heart on a message, or takes it off. */
export function setHeart(messageId: string, on: boolean): Promise<HeartState> {
  return api<HeartState>(`/api/messages/${encodeURIComponent(messageId)}/heart`, {
    method: on ? 'PUT' : 'DELETE',
  });
}
