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
import { type ListingStatus, LISTING_STATUSES, priceLabel } from '@common/listings';
import {
  type ChatListingDto,
  listingTitle,
  OFFER_STATUSES,
  type OfferDto,
  type OfferStatus,
} from '@common/schemas/offers';
import type { MediaDto } from '@common/schemas/posts';
import { chatCan, messageCan } from '../../core/policies/chat';
import { meetupCan } from '../../core/policies/meetup';
import { offerCan } from '../../core/policies/offer';
import type { PostViewer } from '../../core/policies/post';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentAuthor } from '../users/users.presenter';
import type { ChatForViewer, MessageWithPost } from './chats.repository';
import type { ListingRow, OfferRow } from './offers.repository';
import type { ScamFinding } from './scam-check';

/** A chat's listing, as its pin (and the "About:" marker) shows it (ADR 051). */
export function presentListing(
  row: Omit<ListingRow, 'campus_id' | 'parent_id'>,
  storage: BlobStore | null,
): ChatListingDto {
  const obo = Boolean(row.obo);
  const status = (LISTING_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as ListingStatus)
    : 'available';
  return {
    id: row.id,
    title: listingTitle(row.text),
    price: row.price,
    obo,
    priceLabel: priceLabel({ price: row.price, obo }),
    status,
    sellerId: row.author_id,
    imageUrl: row.image_key && storage ? storage.url(row.image_key) : null,
  };
}

/** The chat's pinned listing from its row's columns (the inbox carries it too), or null. */
export function listingOf(row: ChatForViewer, storage: BlobStore): ChatListingDto | null {
  if (!row.listing_id || row.listing_text === null || !row.listing_author_id) return null;
  return presentListing(
    {
      id: row.listing_id,
      author_id: row.listing_author_id,
      text: row.listing_text,
      price: row.listing_price,
      obo: row.listing_obo ?? false,
      status: row.listing_status ?? 'available',
      image_key: row.listing_image_key,
    },
    storage,
  );
}

/** What the chat's page adds to a chat: its pinned listing and whose prompts show (ADR 051). */
export interface ChatTopic {
  listing: ChatListingDto | null;
  prompts: 'buyer' | 'seller' | null;
}

/** A chat as one participant sees it (chatSchema), with what they may do in it. */
export function presentChat(
  row: ChatForViewer,
  storage: BlobStore,
  viewer: PostViewer,
  topic: ChatTopic = { listing: listingOf(row, storage), prompts: null },
): ChatDto {
  const can = chatCan(viewer, row.other_id);
  return {
    ...topic,
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
    can: {
      ...can,
      makeOffer:
        can.send &&
        topic.listing !== null &&
        topic.listing.sellerId !== viewer.id &&
        topic.listing.status === 'available',
    },
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
  offers: Map<string, OfferRow> = new Map(),
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
    offer: offers.has(row.id) ? presentOffer(offers.get(row.id)!, reader) : null,
    about: aboutOf(row),
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
    offer: message.offer && offerFor(message.offer, reader),
  };
}

/** The listing a message turned the chat to ("About: …"), or null. */
function aboutOf(row: MessageWithPost): ChatListingDto | null {
  if (!row.about_post_id || row.about_text === null || !row.about_author_id) return null;
  return presentListing(
    {
      id: row.about_post_id,
      author_id: row.about_author_id,
      text: row.about_text,
      price: row.about_price,
      obo: row.about_obo ?? false,
      status: row.about_status ?? 'available',
      image_key: null,
    },
    null,
  );
}

/** An offer as `reader` sees it: its state for both, what they may do with it (ADR 044, 051). */
export function presentOffer(row: OfferRow, reader: Reader): OfferDto {
  const status = (OFFER_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as OfferStatus)
    : 'open';
  // Past its 48 hours it reads as expired, even before the job has run.
  const shown = status === 'open' && Number(row.expires_at) <= reader.now ? 'expired' : status;
  return offerFor(
    {
      id: row.id,
      listingId: row.listing_id,
      buyerId: row.buyer_id,
      sellerId: row.seller_id,
      fromId: row.from_id,
      amount: row.amount,
      note: row.note,
      status: shown,
      counterOf: row.counter_of,
      expiresAt: Number(row.expires_at),
      can: { accept: false, decline: false, counter: false, withdraw: false },
    },
    reader,
  );
}

/** The same offer as another reader sees it. */
export function offerFor(offer: OfferDto, reader: Reader): OfferDto {
  const state = {
    buyer_id: offer.buyerId,
    seller_id: offer.sellerId,
    from_id: offer.fromId,
    status: offer.status,
    expires_at: offer.expiresAt,
  };
  return { ...offer, can: offerCan(reader.viewer, state, reader.otherId, reader.now) };
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
