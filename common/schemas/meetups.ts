import { z } from 'zod';
import { findSpot } from '../meetup-spots';
import { NO_CONTROLS, oneLine } from './fields';
import { MEETUP_MESSAGES, MEETUP_STATUSES } from '../words/meetups';

export * from '../words/meetups';

export const spotRefSchema = z.object({ id: z.string(), name: z.string() });
export type SpotRefDto = z.infer<typeof spotRefSchema>;

/** The campus's spot as posts and meetups show it, or null when the file no longer has it. */
export function spotRef(campusId: string, spotId: string | null): SpotRefDto | null {
  const spot = spotId ? findSpot(campusId, spotId) : undefined;
  return spot ? { id: spot.id, name: spot.name } : null;
}

/**
 * What the viewer may do with a meetup, from the server's meetup policy (ADR
 * 044): the other student accepts or declines it while it is open and ahead;
 * the one who suggested it cancels it until it is declined or cancelled.
 */
export const meetupCanSchema = z.object({
  accept: z.boolean(),
  decline: z.boolean(),
  cancel: z.boolean(),
});
export type MeetupCan = z.infer<typeof meetupCanSchema>;

export const meetupSchema = z.object({
  id: z.string(),
  spot: spotRefSchema.nullable(),
  /** When, epoch milliseconds. */
  at: z.number(),
  status: z.enum(MEETUP_STATUSES),
  proposerId: z.string(),
  can: meetupCanSchema,
});
export type MeetupDto = z.infer<typeof meetupSchema>;

/** A spot's id as a request carries it; whether the campus has it is the server's check. */
export const spotIdField = z.string().trim().min(1).max(60).refine(oneLine, NO_CONTROLS);

export const proposeMeetupBodySchema = z.object({
  spotId: spotIdField,
  at: z.number({ error: MEETUP_MESSAGES.pickTime }).int(MEETUP_MESSAGES.pickTime),
});
export type ProposeMeetupBody = z.infer<typeof proposeMeetupBodySchema>;
