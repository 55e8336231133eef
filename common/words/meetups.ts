/*
 * Words and limits of meetups that the web shows, apart from the schemas
 * (schemas/meetups.ts re-exports them): a page importing these does not
 * evaluate zod (docs/benchmarks.md, Web).
 */
/**
 * Safer meetups (ADR 026): a listing's pick-up spot and a meetup suggested
 * in a chat, at one of the campus's public exchange spots. Quad's own words.
 */
export const MEETUP_MESSAGES = {
  meetAt: 'Meet at',
  noSpot: 'No spot',
  suggest: 'Suggest a meetup',
  suggestTitle: 'Suggest a meetup',
  suggestText: 'Pick a public spot on campus and a time. They can accept or decline.',
  spot: 'Spot',
  time: 'Date and time',
  send: 'Suggest',
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel meetup',
  unknownSpot: "Pick a meetup spot from your campus's list.",
  spotOnComment: 'Only a listing can have a meetup spot.',
  pickTime: 'Pick a date and time.',
  timeInPast: 'Pick a time in the future.',
  timeTooFar: 'Pick a time within the next 30 days.',
  missingMeetup: "This meetup doesn't exist",
  notYoursToAnswer: 'Only the other student can accept or decline this meetup.',
  notYoursToCancel: 'Only the student who suggested this meetup can cancel it.',
  notOpen: 'This meetup is no longer open.',
  notOpenToCancel: 'This meetup is already over.',
} as const;

/** How far ahead a meetup may be suggested. */
export const MEETUP_MAX_AHEAD_MS = 30 * 24 * 60 * 60 * 1000;
/** The reminder goes this long before an accepted meetup. */
export const MEETUP_REMINDER_MS = 60 * 60 * 1000;

export const MEETUP_STATUSES = ['proposed', 'accepted', 'declined', 'cancelled'] as const;
export type MeetupStatus = (typeof MEETUP_STATUSES)[number];

/** What both students read on the card. */
export const MEETUP_STATUS_TEXT: Record<MeetupStatus, string> = {
  proposed: 'Proposed',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** The message a suggestion leaves in the chat (its last line and the notification's quote). */
export const meetupSuggestedText = (spotName: string) => `Suggested a meetup at ${spotName}`;
/** The reminder both students get an hour before an accepted meetup (MEETUP_REMINDER_MS). */
export const meetupReminderText = (spotName: string) => `Meetup at ${spotName} in 1 hour`;
