import { useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGES, startConversationText } from '@common/words/chats';
import type { AuthorDto } from '@common/schemas/posts';
import { useGate } from '../gates/use-gate';
import { ConfirmDialog } from '../ui/Dialog';
import { ChatIcon } from '../ui/Icons';
import { useStartChat } from './use-start-chat';

/**
 * "Send Message" to a student (post page and liked-by list): the guest or
 * school prompt first, when the viewer may not message, then "Start Conversation?".
 */
export function SendMessageButton({
  to,
  className,
  compact = false,
  openAtOnce = false,
  listingId,
}: {
  to: Pick<AuthorDto, 'id' | 'firstName'>;
  className?: string;
  /** Icon only, the name in the accessible label (list rows). */
  compact?: boolean;
  /** Asks at once, as if clicked (a profile's `?redirect=true`); once. */
  openAtOnce?: boolean;
  /** On a listing: the chat is about it, pinned at its top (ADR 051). */
  listingId?: string;
}) {
  const gate = useGate();
  const start = useStartChat();
  const [asking, setAsking] = useState(false);
  const handleClick = () => {
    if (gate('message')) setAsking(true);
  };
  const opened = useRef(false);
  useEffect(() => {
    if (!openAtOnce || opened.current) return;
    opened.current = true;
    if (gate('message')) setAsking(true);
  }, [openAtOnce, gate]);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={handleClick}
        disabled={start.isPending}
        aria-label={compact ? `${CHAT_MESSAGES.sendMessage} to ${to.firstName}` : undefined}
        title={compact ? CHAT_MESSAGES.sendMessage : undefined}
      >
        <ChatIcon width={18} height={18} aria-hidden="true" />
        {compact ? null : <span>{CHAT_MESSAGES.sendMessage}</span>}
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={CHAT_MESSAGES.startConversationTitle}
        description={startConversationText(to.firstName)}
        confirmLabel={CHAT_MESSAGES.startConversation}
        onConfirm={() => start.mutate(listingId ? { userId: to.id, listingId } : to.id)}
      />
    </>
  );
}
