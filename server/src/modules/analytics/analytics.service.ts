import { v7 as uuidv7 } from 'uuid';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { analyticsRepository, DAY_MS, type NewEvent } from './analytics.repository';

/**
 * The events Quad records (ADR 016), each where the server sees the act happen.
 * 'Toggle Category Modal' is not among them: opening a dialog never reaches
 * the server, and a request for it alone would cost more than it tells.
 */
export type AnalyticsEventName =
  | 'Complete Registration'
  | 'Login'
  | 'Submit Post'
  | 'Delete Post'
  | 'Switch Post Category'
  | 'Page View';

/** What other services are handed: record an act of a signed-in student. */
export interface AnalyticsRecorder {
  /**
   * Queues the event and returns at once: it is written after the request's
   * answer, and a failure to write it is logged, never thrown.
   */
  record(
    user: Pick<UserRow, 'id' | 'email' | 'school_email' | 'campus_id'>,
    name: AnalyticsEventName,
    props?: Record<string, string | number | boolean | null>,
  ): void;
}

/** Records nothing (a service built without analytics, as in unit tests). */
export const noAnalytics: AnalyticsRecorder = { record: () => undefined };

/** Events are kept 13 months, then swept. */
export const RETENTION_MS = 396 * DAY_MS;
/** The longest view the operators may ask for: the whole retention. */
export const MAX_VIEW_DAYS = 396;
/** Events waiting beyond this are dropped (and logged): a database that stalls must not grow the heap. */
const MAX_PENDING = 10_000;

export interface AnalyticsServiceDeps {
  db: Db;
  /** Off on staging-type sites: nothing is recorded. */
  enabled: boolean;
  /** Staff accounts, by e-mail address, never recorded. */
  staffEmails: string[];
  /** Accounts, by verified e-mail address, that may read the daily view. */
  admins: string[];
  now?: () => number;
  log?: (error: unknown, message: string) => void;
}

/** The operators' counts of a day: students active and listings posted. */
export interface DailyCount {
  date: string;
  activeStudents: number;
  listings: number;
}

/**
 * First-party analytics: recorded here, read by operators, never sent away.
 * `record` is declared with the recorder other services are handed.
 */
export interface AnalyticsService extends AnalyticsRecorder {
  /** Resolves once every event recorded so far is written (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Anyone but an admin — an account whose verified e-mail is listed (an
   * unverified one could be anyone's registration) — is told the route
   * does not exist, as for any unknown path.
   */
  requireAdmin(viewer: UserRow | null): void;
  /** Deletes events older than the retention; resolves with how many went. */
  sweep(): Promise<number>;
  /**
   * The operators' view: per UTC day of the last `days` (today included),
   * the students active and the listings posted.
   */
  daily(viewer: UserRow | null, days: number): Promise<{ days: DailyCount[] }>;
}

/** Builds the analytics service: events recorded in the events table, never sent away. */
export function createAnalyticsService({
  db,
  enabled,
  staffEmails,
  admins: adminEmails,
  now = Date.now,
  log = () => undefined,
}: AnalyticsServiceDeps): AnalyticsService {
  const staff = new Set(staffEmails.map((e) => e.toLowerCase()));
  const admins = new Set(adminEmails.map((e) => e.toLowerCase()));
  const writer = createQueuedWriter(db, log);
  const requireAdmin = (viewer: UserRow | null): void => {
    if (!viewer || !viewer.verified || !admins.has(viewer.email.toLowerCase()))
      throw notFound('not_found', 'Route GET /api/admin/analytics not found');
  };

  return {
    record(user, name, props = {}) {
      if (!enabled) return;
      if (staff.has(user.email.toLowerCase())) return;
      if (user.school_email && staff.has(user.school_email.toLowerCase())) return;
      writer.push({
        id: uuidv7(),
        name,
        user_id: user.id,
        campus_id: user.campus_id,
        props: JSON.stringify(props),
        created_at: now(),
      });
    },

    idle: () => writer.idle(),

    requireAdmin,

    sweep: (): Promise<number> => analyticsRepository.deleteBefore(db.kysely, now() - RETENTION_MS),

    async daily(viewer: UserRow | null, days: number) {
      requireAdmin(viewer);
      const today = Math.floor(now() / DAY_MS);
      const first = today - days + 1;
      const counts = new Map(
        (await analyticsRepository.daily(db.kysely, first * DAY_MS, 'Submit Post')).map((c) => [
          c.day,
          c,
        ]),
      );
      return {
        days: Array.from({ length: days }, (_, i) => {
          const day = first + i;
          const c = counts.get(day);
          return {
            date: new Date(day * DAY_MS).toISOString().slice(0, 10),
            activeStudents: c?.activeStudents ?? 0,
            listings: c?.listings ?? 0,
          };
        }),
      };
    },
  };
}

/**
 * Events written in batches after the current turn of the event loop, so the
 * request that recorded one answers first and never waits for, or fails
 * with, the write.
 */
function createQueuedWriter(db: Db, log: (error: unknown, message: string) => void) {
  const pending: NewEvent[] = [];
  let writing: Promise<void> | null = null;
  let dropped = false;

  const drain = async (): Promise<void> => {
    while (pending.length > 0) {
      const batch = pending.splice(0, 500);
      await analyticsRepository
        .insert(db.kysely, batch)
        .catch((error: unknown) => log(error, 'analytics events not recorded'));
    }
  };
  const start = () => {
    writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
      writing = null;
      if (pending.length > 0) start();
    });
  };

  return {
    push(event: NewEvent) {
      if (pending.length >= MAX_PENDING) {
        if (!dropped) log(new Error('analytics queue full'), 'analytics events dropped');
        dropped = true;
        return;
      }
      dropped = false;
      pending.push(event);
      start();
    },
    async idle() {
      while (writing) await writing;
    },
  };
}
