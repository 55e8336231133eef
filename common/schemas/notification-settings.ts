import { z } from 'zod';
import type { NotificationType } from './notifications';

/** What a student chooses notifications by (ADR 059): each groups some notification types. */
export const NOTIFICATION_KINDS = [
  'messages',
  'offers',
  'comments',
  'saves',
  'savedSearches',
  'reminders',
  'news',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification reaches the student. */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The kind of each notification type (ADR 059); null: a moderator's notice,
 * which always arrives in the app and is not a choice.
 */
export const KIND_OF_TYPE: Record<NotificationType, NotificationKind | null> = {
  message: 'messages',
  'new chat': 'messages',
  'message like': 'messages',
  offer: 'offers',
  review: 'offers',
  comment: 'comments',
  'comment reply': 'comments',
  mention: 'comments',
  like: 'saves',
  'price drop': 'saves',
  'saved search': 'savedSearches',
  meetup: 'reminders',
  'did it sell': 'reminders',
  moderation: null,
};

export type ChannelChoices = Record<NotificationChannel, boolean>;
export type KindChoices = Record<NotificationKind, ChannelChoices>;

const on = (inApp: boolean, push: boolean, email: boolean): ChannelChoices => ({
  inApp,
  push,
  email,
});

/** What a student who never chose gets (ADR 059). */
export const DEFAULT_CHOICES: KindChoices = {
  messages: on(true, true, true),
  offers: on(true, true, true),
  comments: on(true, true, true),
  saves: on(true, false, true),
  savedSearches: on(true, false, true),
  reminders: on(true, true, true),
  news: on(true, false, false),
};

/** The settings page's words (ADR 059). */
export const NOTIFICATION_SETTINGS_TEXT = {
  title: 'Notifications',
  menuHint: 'What reaches you in the app, on this device and by e-mail',
  intro: 'Choose what reaches you, and where.',
  channels: { inApp: 'In the app', push: 'Push', email: 'E-mail' },
  kinds: {
    messages: 'Messages',
    offers: 'Offers and meetups',
    comments: 'Comments and replies',
    saves: 'Saves',
    savedSearches: 'Saved searches',
    reminders: 'Reminders',
    news: 'Product news',
  },
  kindHints: {
    messages: 'New messages, new conversations and hearts',
    offers: 'Answers to offers, and sales to review',
    comments: 'Comments, replies and @mentions',
    saves: 'Someone saved your listing, or one you saved got cheaper',
    savedSearches: 'New listings that match a search you saved',
    reminders: 'Meetups in an hour, and "Did it sell?"',
    news: 'Now and then, what is new in Quad',
  },
  pushHint: 'Push reaches this device once you allow it.',
  quietTitle: 'Quiet hours',
  quietHint: 'Push and e-mail wait until quiet hours end. Notifications in the app still arrive.',
  quietSwitch: 'Quiet hours',
  quietFrom: 'From',
  quietTo: 'To',
  timeZone: (zone: string) => `Times are in your time zone (${zone}).`,
  saved: 'Notification settings saved',
  sameTimes: 'Quiet hours need a different start and end.',
  badZone: 'That time zone is not one we know.',
} as const;

/** A time of day as HH:MM, 24-hour. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00.');

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const channelChoicesSchema = z
  .object({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() })
  .strict();

export const quietHoursSchema = z
  .object({
    start: timeOfDay,
    end: timeOfDay,
    timeZone: z.string().min(1).max(64).refine(isTimeZone, NOTIFICATION_SETTINGS_TEXT.badZone),
  })
  .strict()
  .refine((q) => q.start !== q.end, { message: NOTIFICATION_SETTINGS_TEXT.sameTimes });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** The whole grid and quiet hours (null: none), as read and as saved. */
export const notificationSettingsSchema = z
  .object({
    kinds: z
      .object(
        Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelChoicesSchema])) as Record<
          NotificationKind,
          typeof channelChoicesSchema
        >,
      )
      .strict(),
    quietHours: quietHoursSchema.nullable(),
  })
  .strict();
export type NotificationSettingsDto = z.infer<typeof notificationSettingsSchema>;
