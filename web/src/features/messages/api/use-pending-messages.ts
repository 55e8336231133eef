import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@common/messages';
import { useAlert } from '../../../components/ui/Alerts';
import { ApiError } from '../../../lib/api';
import { chatKeys } from '../../../lib/chat-keys';
import { uploadFile } from '../../../lib/posts-api';
import { addMessage } from './chat-cache';
import { sendMessage } from './chat-writes';

/** A message on its way: shown at once, with a retry if it could not be sent. */
export interface PendingMessage {
  key: string;
  text: string;
  file: File | null;
  preview: string | null;
  /** Set once the photo is uploaded, so a retry does not upload it again. */
  mediaId: string | null;
  status: 'sending' | 'failed';
  /** Upload progress of the photo, 0 to 1. */
  progress: number | null;
  sentAt: number;
}

let nextKey = 1;

/**
 * Optimistic sending: the photo goes through POST
 * /api/uploads with its progress, then the message; on success the real
 * message replaces the pending one in the cache.
 */
export function usePendingMessages(chatId: string) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const update = (key: string, patch: Partial<PendingMessage>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const latest = useRef(pending);
  latest.current = pending;
  useEffect(
    () => () => latest.current.forEach((p) => p.preview && URL.revokeObjectURL(p.preview)),
    [],
  );

  const run = async (message: PendingMessage) => {
    update(message.key, { status: 'sending' });
    let mediaId = message.mediaId;
    try {
      if (message.file && !mediaId) {
        const size = message.file.size || 1;
        update(message.key, { progress: 0 });
        const media = await uploadFile(message.file, (loaded) =>
          update(message.key, { progress: Math.min(1, loaded / size) }),
        );
        mediaId = media.id;
        update(message.key, { mediaId, progress: null });
      }
      const sent = await sendMessage(chatId, {
        text: message.text,
        mediaIds: mediaId ? [mediaId] : [],
      });
      addMessage(queryClient, sent);
      // "Delivered" comes with the live copy of the message, which the server sends
      // before any read of it: set here, it could land after that read and stick.
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      setPending((list) => list.filter((p) => p.key !== message.key));
      if (message.preview) URL.revokeObjectURL(message.preview);
    } catch (error) {
      update(message.key, { status: 'failed', progress: null });
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    }
  };

  return {
    pending,
    send(text: string, file: File | null) {
      const message: PendingMessage = {
        key: `pending-${nextKey++}`,
        text,
        file,
        preview: file ? URL.createObjectURL(file) : null,
        mediaId: null,
        status: 'sending',
        progress: null,
        sentAt: Date.now(),
      };
      setPending((list) => [...list, message]);
      void run(message);
    },
    retry(key: string) {
      const message = latest.current.find((p) => p.key === key);
      if (message) void run(message);
    },
    discard(key: string) {
      const message = latest.current.find((p) => p.key === key);
      if (message?.preview) URL.revokeObjectURL(message.preview);
      setPending((list) => list.filter((p) => p.key !== key));
    },
  };
}
