import webpush from 'web-push';
import type { Db } from '../../db/kysely';
import { isAllowedPushService, type VapidKeys } from './push.keys';
import { pushRepository as pushes } from './push.repository';

/** Attempts before a push is given up: a push hours late is worth less than a mail. */
export const PUSH_MAX_ATTEMPTS = 5;
const BATCH = 50;
/** How long a claimed push is reserved for the server that claimed it. */
const LEASE_MS = 60_000;
/** One push service answer, at most. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is off (seconds). */
const TTL_SECONDS = 24 * 60 * 60;
const MAX_ERROR_LENGTH = 500;

/** Wait after the n-th failed attempt: 15 s, 30 s, 1 min, 2 min. */
const retryDelayMs = (failed: number) => 15_000 * 2 ** Math.max(0, failed - 1);

export interface PushSenderDeps {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  services: readonly string[];
  now: () => number;
  log: (details: object, message: string) => void;
}

export interface PushSender {
  /** Sends every push due at `at` (now by default); how many a push service accepted. */
  deliverDue(at?: number): Promise<number>;
}

type Due = Awaited<ReturnType<typeof pushes.due>>[number];

/** What the push service answered to one push. */
async function post(deps: PushSenderDeps, row: Due): Promise<number> {
  if (!isAllowedPushService(row.endpoint, deps.services)) return 410;
  const request = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    row.payload,
    {
      vapidDetails: {
        subject: deps.subject,
        publicKey: deps.vapid.publicKey,
        privateKey: deps.vapid.privateKey,
      },
      TTL: TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * Delivers the push outbox (ADR 058): each push encrypted for its device
 * (aes128gcm, RFC 8291) and signed with the VAPID key, posted to the device's
 * push service. A device its service says is gone (404, 410) is removed with
 * its pushes; other failures are retried, then given up.
 */
export function createPushSender(deps: PushSenderDeps): PushSender {
  const { db, now, log } = deps;
  let inFlight: Promise<number> | null = null;

  const deliver = async (row: Due): Promise<boolean> => {
    if (!(await pushes.claim(db.kysely, row, now() + LEASE_MS))) return false;
    const attempt = row.attempts + 1;
    let outcome: number | string;
    try {
      outcome = await post(deps, row);
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    if (outcome === 404 || outcome === 410) {
      // The browser dropped the subscription (uninstalled, permission taken back).
      await pushes.remove(db.kysely, row.subscription_id);
      return false;
    }
    if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) {
      await pushes.done(db.kysely, row.id);
      await pushes.used(db.kysely, row.subscription_id, now());
      return true;
    }
    const error = (typeof outcome === 'number' ? `HTTP ${outcome}` : outcome).slice(
      0,
      MAX_ERROR_LENGTH,
    );
    if (attempt >= PUSH_MAX_ATTEMPTS) {
      log({ pushId: row.id, attempt, error }, 'push outbox: giving up on a push');
      await pushes.done(db.kysely, row.id);
    } else {
      await pushes.failed(db.kysely, row.id, error, now() + retryDelayMs(attempt));
    }
    return false;
  };

  const drain = async (at: number): Promise<number> => {
    // A push claimed by a server that died while sending it is given up a day later.
    await pushes.purgeGivenUp(db.kysely, PUSH_MAX_ATTEMPTS, at - TTL_SECONDS * 1000);
    let sent = 0;
    for (;;) {
      const rows = await pushes.due(db.kysely, at, PUSH_MAX_ATTEMPTS, BATCH);
      const results = await Promise.all(rows.map(deliver));
      sent += results.filter(Boolean).length;
      if (rows.length < BATCH) return sent;
    }
  };

  return {
    deliverDue(at?: number): Promise<number> {
      // One round at a time: a second call waits for the first, then runs.
      const previous = inFlight ?? Promise.resolve(0);
      const run: Promise<number> = previous
        .catch(() => 0)
        .then(() => drain(at ?? now()))
        .finally(() => {
          if (inFlight === run) inFlight = null;
        });
      inFlight = run;
      return run;
    },
  };
}
