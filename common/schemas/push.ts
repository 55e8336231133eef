import { z } from 'zod';
import { idParams, NO_CONTROLS, oneLine } from './fields';

export { PUSH_MESSAGES } from '../words/push';

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string().trim().url().max(2000).refine(oneLine, NO_CONTROLS),
  keys: z.object({
    /** The device's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a base64url P-256 public key'),
    /** The 16-byte auth secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'must be a base64url 16-byte secret'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** One device of the student's that gets pushes. */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** What the list calls it, e.g. "Chrome on Android". */
  device: z.string(),
  /** The push endpoint: the page compares it with its own to say "This device". */
  endpoint: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z.object({ items: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;

/** `GET /api/push/key`: the server's VAPID public key, base64url, for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ publicKey: z.string() });

export const pushDeviceParams = idParams;

/** `DELETE /api/me/push-devices?endpoint=`: this device's own subscription, by its endpoint. */
export const pushEndpointQuery = z.object({
  endpoint: z.string().url().max(2000).refine(oneLine, NO_CONTROLS),
});

/** What the service worker receives in a push (and shows). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  /** Pushes with one tag replace each other: one per chat, else one per notification. */
  tag: z.string(),
  /** The page to open on a click, on the student's campus site. */
  url: z.string(),
  /** A message's chat: not shown while that chat is open and visible. */
  chatId: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
