import {
  DEFAULT_CHOICES,
  KIND_OF_TYPE,
  type KindChoices,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettingsDto,
  type QuietHours,
} from '@common/schemas/notification-settings';
import type { NotificationType } from '@common/schemas/notifications';
import type { Executor, NotificationSettingsTable } from '../../db/schema';

/*
 * What each student lets reach them, by kind of notification and channel,
 * and their quiet hours (ADR 059). Every read is one statement for any
 * number of students.
 */

const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

type StoredSettings = NotificationSettingsTable;

/** The stored choices over the defaults; a kind or channel left out, or unreadable, is the default. */
export function choicesOf(row: Pick<StoredSettings, 'choices'> | undefined): KindChoices {
  let stored: Record<string, Record<string, unknown>> = {};
  try {
    stored = row ? (JSON.parse(row.choices) as typeof stored) : {};
  } catch {
    stored = {};
  }
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => {
          const chosen = stored[kind]?.[channel];
          return [channel, typeof chosen === 'boolean' ? chosen : DEFAULT_CHOICES[kind][channel]];
        }),
      ),
    ]),
  ) as KindChoices;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The stored quiet hours as the API writes them; null without them. */
export function quietHoursOf(row: StoredSettings | undefined): QuietHours | null {
  if (!row || row.quiet_start === null || row.quiet_end === null || !row.time_zone) return null;
  return { start: timeOf(row.quiet_start), end: timeOf(row.quiet_end), timeZone: row.time_zone };
}

/** The minute of the day it is at `at` in `timeZone`. */
function localMinute(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * The quiet hours that `at` falls in, from their first minute to the minute
 * they end; null when `at` is outside them. Quiet hours may run over
 * midnight (22:00 to 07:00).
 */
export function quietWindow(
  quiet: QuietHours | null,
  at: number,
): { since: number; until: number } | null {
  if (!quiet) return null;
  let now: number;
  try {
    now = localMinute(at, quiet.timeZone);
  } catch {
    return null;
  }
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  const minute = at - (at % MINUTE_MS);
  return {
    since: minute - ((now - start + DAY_MINUTES) % DAY_MINUTES) * MINUTE_MS,
    until: minute + ((end - now + DAY_MINUTES) % DAY_MINUTES) * MINUTE_MS,
  };
}

/**
 * A student's stored settings (none: never chose), the account's
 * `email_notifications`, and whether they have a device to push to.
 */
interface Stored {
  settings: StoredSettings | undefined;
  email: boolean;
  push: boolean;
}

/**
 * What a transaction already read of students' settings: an act's
 * notifications ask for the app, then for e-mail and push, about the same
 * students; in one transaction the settings are read once.
 */
const readIn = new WeakMap<Executor, Map<string, Stored | undefined>>();

/**
 * The settings of these students that exist: one statement, none for the
 * students a transaction (`db.isTransaction`) already read.
 */
async function storedOf(db: Executor, userIds: string[]): Promise<Map<string, Stored>> {
  const memo = db.isTransaction ? readIn.get(db) : undefined;
  const unread = [...new Set(userIds)].filter((id) => !memo?.has(id));
  const read = await readStored(db, unread);
  if (db.isTransaction) {
    const kept = memo ?? new Map<string, Stored | undefined>();
    for (const id of unread) kept.set(id, read.get(id));
    readIn.set(db, kept);
    for (const id of userIds) {
      const stored = kept.get(id);
      if (stored) read.set(id, stored);
    }
  }
  return read;
}

async function readStored(db: Executor, userIds: string[]): Promise<Map<string, Stored>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select([
      'u.id',
      'u.email_notifications',
      's.choices',
      's.quiet_start',
      's.quiet_end',
      's.time_zone',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('push_subscriptions as p')
              .select('p.id')
              .whereRef('p.user_id', '=', 'u.id'),
          )
          .as('push'),
    ])
    .where('u.id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        email: Boolean(r.email_notifications),
        push: Boolean(r.push),
        settings:
          r.choices === null
            ? undefined
            : {
                user_id: r.id,
                choices: r.choices,
                quiet_start: r.quiet_start,
                quiet_end: r.quiet_end,
                time_zone: r.time_zone,
              },
      },
    ]),
  );
}

/** When a notification may reach a student, and since when they have been quiet (if they are). */
export interface Reach {
  /** The time asked about, or for push and e-mail the end of the student's quiet hours. */
  at: number;
  /** The start of the quiet hours `at` was asked in; null outside them. */
  quietSince: number | null;
}

/**
 * When each of these students may be reached by a notification of `kind` on
 * `channel`, asked at `at`; a student who turned that kind off on that
 * channel is left out. Push and e-mail wait for the end of quiet hours; the
 * app does not. A kind of null (a moderator's notice) is not a choice: it
 * always reaches them. One statement for all of them (ADR 059).
 */
export async function reach(
  db: Executor,
  userIds: string[],
  kind: NotificationKind | null,
  channel: NotificationChannel,
  at: number,
): Promise<Map<string, Reach>> {
  const stored = await storedOf(db, userIds);
  const reached = new Map<string, Reach>();
  for (const id of userIds) {
    const student = stored.get(id);
    if (!student) continue;
    const row = student.settings;
    if (kind !== null && !choicesOf(row)[kind][channel]) continue;
    // `email_notifications` off (the unsubscribe link, the "E-mail alerts" switch) stops all e-mail.
    if (channel === 'email' && !student.email) continue;
    const quiet = channel === 'inApp' ? null : quietWindow(quietHoursOf(row), at);
    reached.set(id, { at: quiet?.until ?? at, quietSince: quiet?.since ?? null });
  }
  return reached;
}

/** As `reach`: when each student may be reached (absent: not at all). */
export async function allows(
  db: Executor,
  userIds: string[],
  kind: NotificationKind | null,
  channel: NotificationChannel,
  at: number,
): Promise<Map<string, number>> {
  const reached = await reach(db, userIds, kind, channel, at);
  return new Map([...reached].map(([id, r]) => [id, r.at]));
}

/**
 * When pushes of a notification of `type` may reach each student (the push
 * channel's question, ADR 058): absent for never. A type no kind holds
 * (moderation notices) always reaches them.
 */
export async function pushTimes(
  db: Executor,
  userIds: string[],
  type: string,
  at: number,
): Promise<Map<string, number>> {
  return allows(db, userIds, KIND_OF_TYPE[type as NotificationType] ?? null, 'push', at);
}

/**
 * Which of these students have a device to push to: in an act's transaction,
 * read with their settings, so a student with none costs no statement more.
 */
export async function withPushDevices(db: Executor, userIds: string[]): Promise<string[]> {
  const stored = await storedOf(db, userIds);
  return userIds.filter((id) => stored.get(id)?.push);
}

/** `pushTimes` for one student: the time to send it, or null for never. */
export async function shouldPush(
  db: Executor,
  userId: string,
  type: NotificationType,
  at: number,
): Promise<number | null> {
  return (await pushTimes(db, [userId], type, at)).get(userId) ?? null;
}

/** The student's settings as the settings page reads them. */
export async function readSettings(db: Executor, userId: string): Promise<NotificationSettingsDto> {
  const student = (await storedOf(db, [userId])).get(userId);
  const kinds = choicesOf(student?.settings);
  // E-mail turned off on the account is off for every kind.
  if (student && !student.email) for (const k of NOTIFICATION_KINDS) kinds[k].email = false;
  return { kinds, quietHours: quietHoursOf(student?.settings) };
}

const anyEmail = (kinds: KindChoices) => NOTIFICATION_KINDS.some((k) => kinds[k].email);

/** Writes the student's whole settings, and whether any e-mail is on as `email_notifications`. */
export async function writeSettings(
  db: Executor,
  userId: string,
  settings: NotificationSettingsDto,
): Promise<void> {
  readIn.get(db)?.delete(userId);
  const values = {
    choices: JSON.stringify(settings.kinds),
    quiet_start: settings.quietHours ? minutesOf(settings.quietHours.start) : null,
    quiet_end: settings.quietHours ? minutesOf(settings.quietHours.end) : null,
    time_zone: settings.quietHours?.timeZone ?? null,
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  await db
    .updateTable('users')
    .set({ email_notifications: anyEmail(settings.kinds) })
    .where('id', '=', userId)
    .execute();
}

/**
 * Every kind's e-mail off (the unsubscribe link, the "E-mail alerts" switch
 * off), or back to the defaults (the switch on); the rest stays as chosen.
 */
export async function setEveryEmail(db: Executor, userId: string, on: boolean): Promise<void> {
  const current = await readSettings(db, userId);
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [
      k,
      { ...current.kinds[k], email: on && DEFAULT_CHOICES[k].email },
    ]),
  ) as KindChoices;
  await writeSettings(db, userId, { kinds, quietHours: current.quietHours });
}
