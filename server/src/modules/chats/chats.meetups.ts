import type { Campus } from '@common/campuses';
import type { MessageDto } from '@common/schemas/chats';
import { findCampusSpot } from '@common/meetup-spots';
import {
  MEETUP_MAX_AHEAD_MS,
  MEETUP_MESSAGES as M,
  MEETUP_REMINDER_MS,
  type MeetupDto,
  meetupSuggestedText,
  type ProposeMeetupBody,
  spotRef,
} from '@common/schemas/meetups';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { v7 as uuidv7 } from 'uuid';
import { badRequest, conflict, notFound } from '../../core/errors';
import * as chatPolicy from '../../core/policies/chat';
import * as meetupPolicy from '../../core/policies/meetup';
import * as postPolicy from '../../core/policies/post';
import type { UserRow } from '../../db/schema';
import {
  deliverMessage,
  type MessageActionsDeps,
  otherOf,
  recipient,
  refuseIfBlocked,
} from './chats.messages';
import { meetupFor, presentMeetup } from './chats.presenter';
import { chatsRepository as chats } from './chats.repository';
import { type DueMeetup, meetupsRepository as meetups } from './meetups.repository';

/** Reminders sent per run of the job; the next run takes the rest. */
const REMINDERS_PER_RUN = 200;

type Answer = 'accept' | 'decline' | 'cancel';
const NEXT: Record<Answer, { from: readonly string[]; to: string }> = {
  accept: { from: ['proposed'], to: 'accepted' },
  decline: { from: ['proposed'], to: 'declined' },
  cancel: { from: ['proposed', 'accepted'], to: 'cancelled' },
};

/** Both students' reminder of one meetup, if this server is the one that claims it. */
async function remind(
  { db, notifications }: MessageActionsDeps,
  meetup: DueMeetup,
  at: number,
): Promise<boolean> {
  const name = spotRef(meetup.campus_id, meetup.spot_id)?.name ?? M.meetAt;
  const announce = await db.kysely.transaction().execute(async (trx) => {
    if (!(await meetups.claimReminder(trx, meetup.id, at))) return null;
    const pair = [meetup.user_low, meetup.user_high];
    return notifications.notify(
      trx,
      pair.map((to, i) => ({
        type: 'meetup' as const,
        toUserId: to,
        from: { id: pair[1 - i]! },
        chatId: meetup.chat_id,
        message: NOTIFICATION_TEXT.meetup('', name),
      })),
    );
  });
  announce?.();
  return announce !== null;
}

/**
 * Safer meetups in chat (ADR 026): suggesting one at a campus spot, answering
 * it, and the reminder an hour before.
 */
export interface MeetupActions {
  /** A meetup suggestion: a message of the chat that carries a spot and a time. */
  proposeMeetup(
    user: UserRow | null,
    campus: Campus,
    chatId: string,
    body: ProposeMeetupBody,
  ): Promise<MessageDto>;
  /** Accept or decline (the other student), cancel (the proposer); both see the new state live. */
  answerMeetup(
    user: UserRow | null,
    campus: Campus,
    meetupId: string,
    answer: Answer,
  ): Promise<MeetupDto>;
  /**
   * The reminders due at `at` (an hour before each accepted meetup). Run
   * every minute by each server; a reminder is claimed in the transaction
   * that notifies, so it goes once whatever the servers and restarts.
   */
  remindDueMeetups(at?: number): Promise<number>;
}

/** Builds the meetup actions of the chats service. */
export function createMeetupActions(deps: MessageActionsDeps): MeetupActions {
  const { db, tellOne, now, log } = deps;

  return {
    async proposeMeetup(
      user: UserRow | null,
      campus: Campus,
      chatId: string,
      body: ProposeMeetupBody,
    ): Promise<MessageDto> {
      const chat = await chats.find(db.kysely, chatId);
      chatPolicy.canWrite(user, campus, chat);
      const spot = findCampusSpot(campus, body.spotId);
      if (!spot) throw badRequest('unknown_spot', M.unknownSpot);
      const at = now();
      if (body.at <= at) throw badRequest('meetup_in_past', M.timeInPast);
      if (body.at > at + MEETUP_MAX_AHEAD_MS) throw badRequest('meetup_too_far', M.timeTooFar);
      const text = meetupSuggestedText(spot.name);
      return deliverMessage(deps, {
        chat: chat!,
        user,
        text,
        body: { text, mediaIds: [] },
        also: (trx, messageId, createdAt) =>
          meetups.insert(trx, {
            id: uuidv7(),
            chat_id: chatId,
            message_id: messageId,
            proposer_id: user.id,
            campus_id: campus.id,
            spot_id: spot.id,
            at: body.at,
            status: 'proposed',
            remind_at: body.at - MEETUP_REMINDER_MS,
            created_at: createdAt,
            updated_at: createdAt,
          }),
      });
    },

    async answerMeetup(
      user: UserRow | null,
      campus: Campus,
      meetupId: string,
      answer: Answer,
    ): Promise<MeetupDto> {
      const meetup = await meetups.find(db.kysely, meetupId);
      const chat = meetup ? await chats.find(db.kysely, meetup.chat_id) : undefined;
      chatPolicy.canWrite(user, campus, chat);
      if (!meetup) throw notFound('meetup_not_found', M.missingMeetup);
      const at = now();
      if (answer === 'cancel') meetupPolicy.canCancel(user, meetup);
      else {
        meetupPolicy.canAnswer(user, meetup, at);
        // Accepting or declining answers the other student: refused across a block, as messages
        // are. Cancelling one's own suggestion stays open: it ends the plan (ADR 037).
        await refuseIfBlocked(deps.blocks, user.id, meetup.proposer_id);
      }
      const { from, to } = NEXT[answer];
      if (!(await meetups.setStatus(db.kysely, meetup.id, from, to, at)))
        // Another request changed it between the read and the write.
        throw conflict('meetup_not_open', answer === 'cancel' ? M.notOpenToCancel : M.notOpen);
      // Each student hears the new state with what they may do with it now (ADR 044).
      const other = otherOf(chat!, user.id);
      const mine = { viewer: postPolicy.postViewer(user), otherId: other, now: at };
      const dto = presentMeetup({ ...meetup, status: to }, mine);
      const theirs = meetupFor(dto, await recipient(db, other, user.id, at));
      const messageId = meetup.message_id;
      tellOne(user.id, chat!, { type: 'meetup.updated', messageId, meetup: dto });
      tellOne(other, chat!, { type: 'meetup.updated', messageId, meetup: theirs });
      return dto;
    },

    async remindDueMeetups(at: number = now()): Promise<number> {
      let sent = 0;
      for (const meetup of await meetups.due(db.kysely, at, REMINDERS_PER_RUN)) {
        try {
          if (await remind(deps, meetup, at)) sent++;
        } catch (error) {
          log(error);
        }
      }
      return sent;
    },
  };
}
