/*
 * Words and limits of moderation that the web shows, apart from the schemas
 * (schemas/moderation.ts re-exports them): a page importing these does not
 * evaluate zod (docs/benchmarks.md, Web).
 */

/**
 * Moderation per campus (ADR 025): the campus's open
 * reports, one item per reported thing, and what a moderator does about it.
 */
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const SUSPEND_DAYS = { min: 1, max: 365 } as const;
/** Upheld reports against a student within this many days suspend them automatically. */
export const AUTO_SUSPEND = { upheld: 3, windowDays: 90, days: 7 } as const;

const KIND = {
  post: 'post',
  comment: 'comment',
  message: 'message',
  user: 'profile',
  review: 'review',
} as const;
type Kind = keyof typeof KIND;
const until = (at: number) =>
  new Date(at).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const MODERATION_MESSAGES = {
  /** The moderation page, and its entry in a moderator's account menus (ADR 050). */
  moderation: 'Moderation',
  notFound: 'Not found.',
  reasonRequired: 'Please give a reason.',
  reasonTooLong: 'Error: Too many characters!',
  daysRange: `Suspend for ${SUSPEND_DAYS.min} to ${SUSPEND_DAYS.max} days.`,
  reportGone: 'These reports were already handled.',
  cannotRemoveProfile: 'A profile cannot be removed; warn, suspend or ban the student instead.',
  /** What the moderator reads once it is done. */
  done: {
    dismiss: 'Reports dismissed.',
    remove: 'Content removed.',
    warn: 'Warning sent.',
    suspend: 'Student suspended.',
    ban: 'Student banned.',
  } satisfies Record<ModerationAction, string>,
  /** What the student is told (a notification; ADR 025 words them). */
  removed: (kind: Kind, reason: string) =>
    `A moderator removed your ${KIND[kind]}. Reason: ${reason}`,
  warned: (kind: Kind, reason: string) =>
    `A moderator warned you about your ${KIND[kind]}. Reason: ${reason}`,
  /** Sign-in of a suspended account (a banned one gets AUTH_MESSAGES.banned). */
  suspended: (endsAt: number) => `Account suspended until ${until(endsAt)}.`,
  removedMessage: 'This message was removed by a moderator.',
  /** The reason of the report Quad files itself on an account sharing a mailbox (ADR 040). */
  sharedMailbox: (otherUsername: string, mailbox: string) =>
    `Quad found that this account's school e-mail reaches the same mailbox (${mailbox}) as @${otherUsername}'s. One student, one account: check whether this is ban evasion.`,
  /** The moderation page's list of the campus's popular searches (ADR 040). */
  popularTitle: 'Popular searches',
  popularIntro:
    'What students of your campus see under the search box. Remove anything that should not be there.',
  popularEmpty: 'No popular searches yet.',
  dropSearchButton: 'Remove',
  dropSearchLabel: (text: string) => `Remove “${text}” from popular searches`,
  dropSearchTitle: (text: string) => `Remove “${text}” from popular searches?`,
  dropSearchText:
    'Students of your campus won’t see it in popular searches or suggestions again. This can’t be undone.',
  cancel: 'Cancel',
  searchDropped: 'Search removed from the campus’s popular searches.',
  searchGone: 'That search is not on the campus’s list.',
  empty: 'No open reports. Nice and quiet.',
} as const;
