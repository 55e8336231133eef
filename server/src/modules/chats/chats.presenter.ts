import {
  type ChatDto,
  lookalikeLinkWarning,
  type MessageDto,
  type MessageWarningDto,
  SCAM_WARNINGS,
} from '@common/schemas/chats';
import {
  MEETUP_STATUSES,
  type MeetupDto,
  type MeetupStatus,
  spotRef,
} from '@common/schemas/meetups';
import type { MediaDto } from '@common/schemas/posts';
import { chatCan, messageCan } from '../../core/policies/chat';
import { meetupCan } from '../../core/policies/meetup';
import type { PostViewer } from '../../core/policies/post';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentAuthor } from '../users/users.presenter';
import type { ChatForViewer, MessageWithPost } from './chats.repository';
import type { ScamFinding } from './scam-check';

/** A chat as one participant sees it (chatSchema), with what they may do in it. */
export function presentChat(row: ChatForViewer, storage: BlobStore, viewer: PostViewer): ChatDto {
  return {
    id: row.id,
    other: presentAuthor(
      {
        id: row.other_id,
        username: row.other_username,
        first_name: row.other_first_name,
        last_name: row.other_last_name,
        avatar_key: row.other_avatar_key,
        school_verified: row.other_school_verified,
      },
      storage,
    ),
    can: chatCan(viewer, row.other_id),
    lastMessage: row.last_message_text,
    lastMessageId: row.last_message_id,
    unread: row.viewer_unread !== null,
    seen: row.other_unread === null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The scam check's stored findings in the recipient's words (ADR 018). */
export function presentWarnings(stored: string | null): MessageWarningDto[] {
  if (!stored) return [];
  let findings: ScamFinding[];
  try {
    findings = JSON.parse(stored) as ScamFinding[];
  } catch {
    return [];
  }
  return findings.flatMap(({ code, host, imitates }): MessageWarningDto[] => {
    if (code === 'lookalike_link')
      return host && imitates ? [{ code, text: lookalikeLinkWarning(host, imitates) }] : [];
    return code in SCAM_WARNINGS ? [{ code, text: SCAM_WARNINGS[code] }] : [];
  });
}

/** Who reads a message or meetup, and when: what `can` is computed for (ADR 044). */
export interface Reader {
  viewer: PostViewer;
  /** The other participant of the chat. */
  otherId: string;
  now: number;
}

/** Messages with their photos, hearts and shared post cards (messageSchema), as `reader` reads them. */
export function presentMessages(
  rows: MessageWithPost[],
  media: Map<string, MediaDto[]>,
  hearts: { counts: Map<string, number>; mine: Set<string> },
  reader: Reader,
): MessageDto[] {
  return rows.map((row) => ({
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    text: row.text,
    sharedPost:
      row.shared_post_id && row.shared_text !== null
        ? {
            id: row.shared_post_id,
            authorFirstName: row.shared_first_name ?? '',
            text: row.shared_text,
            imageUrl: null,
          }
        : null,
    media: media.get(row.id) ?? [],
    hearts: hearts.counts.get(row.id) ?? 0,
    hearted: hearts.mine.has(row.id),
    // The sender never sees what the check found in their own message.
    warnings: row.sender_id === reader.viewer.id ? [] : presentWarnings(row.warnings),
    meetup: presentMeetupOf(row, reader),
    can: messageCan(reader.viewer, row.sender_id, reader.otherId),
    createdAt: row.created_at,
  }));
}

/** The same message as another reader sees it: their `can` (the warnings are the caller's). */
export function messageFor(message: MessageDto, reader: Reader): MessageDto {
  return {
    ...message,
    can: messageCan(reader.viewer, message.senderId, reader.otherId),
    meetup: message.meetup && meetupFor(message.meetup, reader),
  };
}

/** The same meetup as another reader sees it. */
export function meetupFor(meetup: MeetupDto, reader: Reader): MeetupDto {
  const state = { proposer_id: meetup.proposerId, status: meetup.status, at: meetup.at };
  return { ...meetup, can: meetupCan(reader.viewer, state, reader.otherId, reader.now) };
}

/** The meetup a message carries (ADR 026), or null. */
function presentMeetupOf(row: MessageWithPost, reader: Reader): MeetupDto | null {
  if (!row.meetup_id || row.meetup_at === null || !row.meetup_proposer_id) return null;
  return presentMeetup(
    {
      id: row.meetup_id,
      campus_id: row.meetup_campus_id ?? '',
      spot_id: row.meetup_spot_id ?? '',
      at: row.meetup_at,
      status: row.meetup_status ?? 'proposed',
      proposer_id: row.meetup_proposer_id,
    },
    reader,
  );
}

/** A meetup as `reader` sees it: its state for both students, what they may do for them. */
export function presentMeetup(
  row: {
    id: string;
    campus_id: string;
    spot_id: string;
    at: number;
    status: string;
    proposer_id: string;
  },
  reader: Reader,
): MeetupDto {
  const status = (MEETUP_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as MeetupStatus)
    : 'proposed';
  return meetupFor(
    {
      id: row.id,
      spot: spotRef(row.campus_id, row.spot_id),
      at: Number(row.at),
      status,
      proposerId: row.proposer_id,
      can: { accept: false, decline: false, cancel: false },
    },
    reader,
  );
}
