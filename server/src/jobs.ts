import type { Services } from './services';

/**
 * The app's own periodic work, on its services: what each job does, how
 * often main.ts runs it, and what the log says of it. The dev routes run one
 * on demand (ADR 035), so a test need not wait for its timer; the jobs that
 * read the time take it as `at`, the clock their services already inject.
 */
export interface Job {
  /** How often main.ts runs it. */
  everyMs: number;
  /** Its first run after start: 0 at once, null at the first interval. */
  firstAfterMs: number | null;
  /** Runs it once; what it did (a count, or counts by kind). */
  run(at?: number): Promise<number | Record<string, number>>;
  /** The log line when it did something, and the one when it failed. */
  done: string;
  failed: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Offers unanswered for 48 hours expire (ADR 051): each claimed once across servers. */
const offerExpiry = (chats: Services['chats']): Job => ({
  everyMs: MINUTE,
  firstAfterMs: null,
  run: (at?: number) => chats.expireDueOffers(at),
  done: 'expired unanswered offers',
  failed: 'offer expiry failed',
});

/** Marks of saves and other undoable acts past their window (ADR 037) hold nothing back: hourly. */
const marksSweep = (notifications: Services['notifications']): Job => ({
  everyMs: HOUR,
  firstAfterMs: MINUTE,
  run: (at?: number) => notifications.sweepMarks(at),
  done: 'forgot notification marks past their window',
  failed: 'notification marks sweep failed',
});

export type JobName = keyof ReturnType<typeof createJobs>;
export type Jobs = ReturnType<typeof createJobs>;

export function createJobs({
  media,
  savedSearchAlerts,
  analytics,
  chats,
  posts,
  outbox,
  auth,
  notifications,
}: Services) {
  return {
    // Uploads no post took within a day: hourly, and once a minute after start.
    'upload-sweep': {
      everyMs: HOUR,
      firstAfterMs: MINUTE,
      run: () => media.sweepUnattached(),
      done: 'removed unattached uploads',
      failed: 'upload sweep failed',
    },
    // Uploads older than a day no longer count against the daily limit (ADR 039).
    'upload-usage-sweep': {
      everyMs: HOUR,
      firstAfterMs: MINUTE,
      run: () => media.sweepUsage(),
      done: 'forgot upload usage older than a day',
      failed: 'upload usage sweep failed',
    },
    // Files no row points at and half-written .part files, left by a crash (ADR 020).
    'orphan-file-sweep': {
      everyMs: HOUR,
      firstAfterMs: 0,
      run: () => media.sweepOrphanFiles(),
      done: 'removed files no row points at',
      failed: 'orphan file sweep failed',
    },
    // Saved-search e-mails an hour held back, and daily digests (ADR 010).
    'saved-search-mail': {
      everyMs: 5 * MINUTE,
      firstAfterMs: null,
      run: (at?: number) => savedSearchAlerts.sendDue(at),
      done: 'queued saved-search e-mails',
      failed: 'saved-search e-mails failed',
    },
    // Reminders an hour before accepted meetups (ADR 026): claimed once across servers.
    'meetup-reminders': {
      everyMs: MINUTE,
      firstAfterMs: null,
      run: (at?: number) => chats.remindDueMeetups(at),
      done: 'sent meetup reminders',
      failed: 'meetup reminders failed',
    },
    'offer-expiry': offerExpiry(chats),
    // "Did it sell?" 14 days after posting (ADR 029): claimed once across servers.
    'did-it-sell': {
      everyMs: MINUTE,
      firstAfterMs: null,
      run: (at?: number) => posts.askDidItSell(at),
      done: 'asked sellers "Did it sell?"',
      failed: '"Did it sell?" questions failed',
    },
    // Wrong-password counts past their window and sessions past their end: hourly, and at start.
    'sign-in-sweep': {
      everyMs: HOUR,
      firstAfterMs: 0,
      run: (at?: number) => auth.sweep(at),
      done: 'removed finished sign-in counts and expired sessions',
      failed: 'sign-in sweep failed',
    },
    // Sent e-mail (links, codes, others' words) leaves the outbox after its retention (ADR 039).
    'mail-retention': {
      everyMs: HOUR,
      firstAfterMs: MINUTE,
      run: (at?: number) => outbox.purge(at),
      done: 'deleted sent e-mail past retention',
      failed: 'mail retention sweep failed',
    },
    'notification-marks-sweep': marksSweep(notifications),
    // Analytics events are kept 13 months (ADR 016): swept at start and daily.
    'analytics-sweep': {
      everyMs: 24 * HOUR,
      firstAfterMs: 0,
      run: () => analytics.sweep(),
      done: 'removed analytics events past retention',
      failed: 'analytics sweep failed',
    },
  } satisfies Record<string, Job>;
}

/** Whether a job's result says it did something (a count above zero, or any count above zero). */
export function didSomething(result: number | Record<string, number>): boolean {
  return typeof result === 'number' ? result > 0 : Object.values(result).some((n) => n > 0);
}
