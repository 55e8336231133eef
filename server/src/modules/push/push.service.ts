import { type Campus, campusUrl } from '@common/campuses';
import {
  PUSH_MESSAGES as M,
  type PushDevice,
  type PushDeviceList,
  type PushPayload,
  type PushSubscriptionBody,
} from '@common/schemas/push';
import { v7 as uuidv7 } from 'uuid';
import { badRequest, notFound } from '../../core/errors';
import { canRead } from '../../core/policies/campus';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import { deviceLabel, isAllowedPushService, type VapidKeys } from './push.keys';
import { pushRepository as pushes, type PushSubscriptionRow } from './push.repository';
import { createPushSender, type PushSender } from './push.sender';

/** The most devices one student keeps; a new one beyond it replaces the least recently used. */
export const MAX_DEVICES = 10;

/** A stored notification, as the notifications service hands it over. */
export interface NotifiedRow {
  id: string;
  type: string;
  to_user_id: string;
  from_user_id: string | null;
  post_id: string | null;
  chat_id: string | null;
  message: string;
  created_at: number;
}

/**
 * When a notification of this type may reach each of these students'
 * devices (absent: never). Every push passes here and only here (ADR 058):
 * the student's notification settings answer it, quiet hours included (ADR
 * 059), one question per type for a whole batch of notifications.
 */
export type ShouldPush = (
  executor: Executor,
  userIds: string[],
  type: string,
  at: number,
) => Promise<Map<string, number>>;

/** Which of these students may have a device: whose devices to read (PushServiceDeps.pushable). */
export type Pushable = (executor: Executor, userIds: string[]) => Promise<string[]>;

/** Every push now (tests of the sending alone). */
export const pushEveryKind: ShouldPush = async (_, userIds, _type, at) =>
  new Map(userIds.map((id) => [id, at]));

export interface PushServiceDeps {
  db: Db;
  vapid: VapidKeys;
  /** The VAPID `sub`: who the push services may contact about our pushes. */
  subject: string;
  publicUrl: string;
  /** Where pushes may be sent (PUSH_SERVICES). */
  services: readonly string[];
  campusOf: (id: string) => Campus;
  shouldPush?: ShouldPush;
  /** The students whose devices are worth reading; all of them by default. */
  pushable?: Pushable;
  now?: () => number;
  /** Tells the worker that pushes were committed (main.ts wakes it). */
  queued?: () => void;
  log?: (details: object, message: string) => void;
}

/** Web push (ADR 058): the student's devices, and the pushes of their notifications. */
export interface PushService {
  /** The VAPID public key browsers subscribe with. */
  publicKey(): { publicKey: string };
  /**
   * Turns push on for this device: stores the browser's subscription for the
   * student (a device another student signed in on before becomes theirs),
   * bound to the session asking (ADR 068): whatever ends that session ends it.
   */
  subscribe(
    user: UserRow | null,
    campus: Campus,
    body: PushSubscriptionBody,
    device: { userAgent: string | undefined; sessionId: string | undefined },
  ): Promise<PushDevice>;
  /** The student's devices that get pushes, the most recently used first. */
  devices(user: UserRow | null, campus: Campus): Promise<PushDeviceList>;
  /** Turns push off for one of the student's devices, by id; 404 for anyone else's. */
  removeDevice(user: UserRow | null, campus: Campus, id: string): Promise<void>;
  /** Turns push off for this device, by its endpoint; 404 when it is not the student's. */
  removeEndpoint(user: UserRow | null, campus: Campus, endpoint: string): Promise<void>;
  /** Queues the pushes of these stored notifications in `trx`, to each recipient's devices. */
  queue(trx: Executor, rows: NotifiedRow[]): Promise<number>;
  /** After the transaction that queued pushes has committed: wakes the worker. */
  committed(): void;
  /** Sends every push due now; how many were delivered. */
  deliverDue(at?: number): Promise<number>;
}

const presentDevice = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  device: row.device,
  endpoint: row.endpoint,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** The page a push opens: the chat, else the post, else the notifications. */
export function pushPath(row: Pick<NotifiedRow, 'chat_id' | 'post_id'>): string {
  if (row.chat_id) return `/messages/${row.chat_id}`;
  if (row.post_id) return `/post/${row.post_id}`;
  return '/notifications';
}

/** What a device shows of a notification: the campus app's name, its words, its icon. */
export function pushPayload(publicUrl: string, campus: Campus, row: NotifiedRow): PushPayload {
  const site = campusUrl(publicUrl, campus.id);
  return {
    title: campus.productName,
    body: row.message,
    icon: `${site}/icon-192.png`,
    tag: row.chat_id ? `chat:${row.chat_id}` : `notification:${row.id}`,
    url: `${site}${pushPath(row)}`,
    chatId: row.chat_id,
  };
}

/** Builds the PushService. */
export function createPushService(deps: PushServiceDeps): PushService {
  const { db, publicUrl, campusOf, now = Date.now } = deps;
  const shouldPush = deps.shouldPush ?? pushEveryKind;
  const pushable: Pushable = deps.pushable ?? (async (_, userIds) => userIds);
  const sender: PushSender = createPushSender({
    db,
    vapid: deps.vapid,
    subject: deps.subject,
    services: deps.services,
    now,
    log: deps.log ?? (() => undefined),
  });
  let queuedSinceCommit = false;

  return {
    publicKey: () => ({ publicKey: deps.vapid.publicKey }),

    async subscribe(user, campus, body, { userAgent, sessionId }) {
      canRead(user, campus);
      if (!isAllowedPushService(body.endpoint, deps.services))
        throw badRequest('bad_endpoint', M.badEndpoint);
      const at = now();
      const label = deviceLabelOf(userAgent);
      const fields = {
        user_id: user.id,
        session_id: sessionId ?? null,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      };
      return db.kysely.transaction().execute(async (trx) => {
        const saved = await pushes.save(trx, {
          id: uuidv7(),
          endpoint: body.endpoint,
          ...fields,
          device: label,
          created_at: at,
          last_used_at: at,
        });
        const mine = await pushes.ofUser(trx, user.id);
        for (const old of mine.slice(MAX_DEVICES)) await pushes.remove(trx, old.id);
        return presentDevice(saved);
      });
    },

    async devices(user, campus) {
      canRead(user, campus);
      return { items: (await pushes.ofUser(db.kysely, user.id)).map(presentDevice) };
    },

    async removeDevice(user, campus, id) {
      canRead(user, campus);
      if (!(await pushes.removeOwn(db.kysely, user.id, { id })))
        throw notFound('push_device_not_found', M.notFound);
    },

    async removeEndpoint(user, campus, endpoint) {
      canRead(user, campus);
      if (!(await pushes.removeOwn(db.kysely, user.id, { endpoint })))
        throw notFound('push_device_not_found', M.notFound);
    },

    async queue(trx, rows) {
      const queued = await queuePushes(trx, rows, { publicUrl, campusOf, shouldPush, pushable });
      if (queued > 0) queuedSinceCommit = true;
      return queued;
    },

    committed() {
      if (!queuedSinceCommit) return;
      queuedSinceCommit = false;
      deps.queued?.();
    },

    deliverDue: (at) => sender.deliverDue(at),
  };
}

/** The outbox rows of these notifications' pushes, one per recipient's device, queued in `trx`. */
async function queuePushes(
  trx: Executor,
  rows: NotifiedRow[],
  ctx: {
    publicUrl: string;
    campusOf: (id: string) => Campus;
    shouldPush: ShouldPush;
    pushable: Pushable;
  },
): Promise<number> {
  // Never a push of the student's own act (ADR 058), whatever the caller filtered.
  const others = rows.filter((r) => r.from_user_id !== r.to_user_id);
  const recipients = await ctx.pushable(trx, [...new Set(others.map((r) => r.to_user_id))]);
  const devices = await pushes.devicesOf(trx, recipients);
  const withDevices = others.filter((r) => devices.some((d) => d.user_id === r.to_user_id));
  // When each recipient may be pushed, asked once per type of the batch (their settings).
  const when = new Map<string, Map<string, number>>();
  for (const type of new Set(withDevices.map((r) => r.type))) {
    const ids = [...new Set(withDevices.filter((r) => r.type === type).map((r) => r.to_user_id))];
    when.set(
      type,
      await ctx.shouldPush(trx, ids, type, Math.min(...withDevices.map((r) => r.created_at))),
    );
  }
  const queued = [];
  for (const row of withDevices) {
    const sendAt = when.get(row.type)!.get(row.to_user_id);
    if (sendAt === undefined) continue;
    for (const device of devices.filter((d) => d.user_id === row.to_user_id)) {
      const payload = pushPayload(ctx.publicUrl, ctx.campusOf(device.campus_id), row);
      queued.push({
        id: uuidv7(),
        subscription_id: device.id,
        payload: JSON.stringify(payload),
        created_at: row.created_at,
        attempts: 0,
        // Quiet hours hold it until they end (ADR 059).
        next_attempt_at: Math.max(row.created_at, sendAt),
        last_error: null,
      });
    }
  }
  await pushes.queue(trx, queued);
  return queued.length;
}

/** The label of a device, kept short (a user agent is the browser's to write). */
function deviceLabelOf(userAgent: string | undefined): string {
  return deviceLabel(userAgent).slice(0, 60);
}
