import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushDeviceList } from '@common/schemas/push';
import { api } from '../../../lib/api';
import { currentSubscription } from '../../../lib/push-subscription';

export {
  currentSubscription,
  pushSupported,
  unsubscribeThisDevice,
} from '../../../lib/push-subscription';

export const pushDevicesKey = ['push-devices'] as const;

/** GET /api/me/push-devices: the viewer's devices that get pushes. */
export function usePushDevices() {
  return useQuery({
    queryKey: pushDevicesKey,
    queryFn: () => api<PushDeviceList>('/api/me/push-devices'),
  });
}

/** DELETE /api/me/push-devices/:id: one device stops getting pushes. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      await api<void>(`/api/me/push-devices/${encodeURIComponent(device.id)}`, {
        method: 'DELETE',
      });
      // This very device: its browser forgets the subscription too.
      const mine = await currentSubscription();
      if (mine?.endpoint === device.endpoint) await mine.unsubscribe();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushDevicesKey }),
  });
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
};

export class PushPermissionDenied extends Error {}

/**
 * Turns pushes on for this device: asks the browser's permission, subscribes
 * with the server's key (again when the key changed) and saves the subscription.
 */
export async function subscribeThisDevice(): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const { publicKey } = await api<{ publicKey: string }>('/api/push/key');
  const key = keyBytes(publicKey);
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return api<PushDevice>('/api/me/push-devices', { method: 'PUT', json: subscription.toJSON() });
}
