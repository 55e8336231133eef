import { MEETUP_MESSAGES as M, type MeetupCan } from '@common/schemas/meetups';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden } from '../errors';
import type { PostViewer } from './post';

/**
 * Who may change a meetup suggested in a chat (ADR 026). Being one of the
 * chat's two participants is the chat policy's; these are the roles inside.
 */
interface MeetupState {
  proposer_id: string;
  status: string;
  at: number;
}

/** Accepting or declining: the other student, while it is still proposed and ahead. */
export function canAnswer(user: UserRow, meetup: MeetupState, now: number): void {
  if (meetup.proposer_id === user.id) throw forbidden('not_your_meetup', M.notYoursToAnswer);
  if (meetup.status !== 'proposed' || meetup.at <= now)
    throw conflict('meetup_not_open', M.notOpen);
}

/** Cancelling: the student who suggested it, before it is declined or cancelled. */
export function canCancel(user: UserRow, meetup: MeetupState): void {
  if (meetup.proposer_id !== user.id) throw forbidden('not_your_meetup', M.notYoursToCancel);
  if (meetup.status !== 'proposed' && meetup.status !== 'accepted')
    throw conflict('meetup_not_open', M.notOpenToCancel);
}

/**
 * What a participant may do with a meetup (ADR 044), as canAnswer, canCancel
 * and the chat's rules decide it: writing in the chat takes a school e-mail;
 * answering is refused across a block, cancelling one's own is not (ADR 037).
 */
export function meetupCan(
  viewer: PostViewer,
  meetup: MeetupState,
  otherId: string,
  now: number,
): MeetupCan {
  const mine = meetup.proposer_id === viewer.id;
  const answer =
    viewer.schoolVerified &&
    !mine &&
    meetup.status === 'proposed' &&
    meetup.at > now &&
    !viewer.hidden.has(otherId);
  const cancel =
    viewer.schoolVerified && mine && (meetup.status === 'proposed' || meetup.status === 'accepted');
  return { accept: answer, decline: answer, cancel };
}
