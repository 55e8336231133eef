import { api } from './api';

/**
 * This browser's push subscription (ADR 058), in lib/ because two features
 * reach it: the push settings, and signing out, which ends this device's
 * pushes before the session ends.
 */

/** Whether this browser can get pushes at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Turns pushes off for this device: the server forgets it, then the browser. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api<void>(`/api/me/push-devices?endpoint=${encodeURIComponent(subscription.endpoint)}`, {
    method: 'DELETE',
  }).catch(() => undefined);
  await subscription.unsubscribe();
}
