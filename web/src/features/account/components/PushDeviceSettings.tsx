import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '@common/messages';
import type { PushDevice } from '@common/schemas/push';
import { PUSH_MESSAGES as M } from '@common/words/push';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import list from '../../../components/layout/SettingsList.module.css';
import {
  currentSubscription,
  PushPermissionDenied,
  pushDevicesKey,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
  usePushDevices,
  useRemovePushDevice,
} from '../api/push-devices';
import styles from './PushDeviceSettings.module.css';

const added = (at: number) =>
  M.addedOn(
    new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
  );

/** This browser's push endpoint, once known (null: none, undefined: still looking). */
function useOwnEndpoint(): [string | null | undefined, (endpoint: string | null) => void] {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, []);
  return [endpoint, setEndpoint];
}

/** "Push notifications on this device": on subscribes this browser, off forgets it. */
function ThisDeviceSwitch({
  on,
  onChange,
}: {
  on: boolean;
  onChange: (endpoint: string | null) => void;
}) {
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const supported = pushSupported();
  const [blocked, setBlocked] = useState(
    supported && typeof Notification !== 'undefined' && Notification.permission === 'denied',
  );

  const handleToggle = async () => {
    if (busy || !supported) return;
    setBusy(true);
    try {
      if (on) {
        await unsubscribeThisDevice();
        onChange(null);
        alert({ msg: M.pushOff, alertType: 'success' });
      } else {
        const device = await subscribeThisDevice();
        onChange(device.endpoint);
        alert({ msg: M.pushOn, alertType: 'success' });
      }
      await queryClient.invalidateQueries({ queryKey: pushDevicesKey });
    } catch (error) {
      if (error instanceof PushPermissionDenied) setBlocked(true);
      alert({
        msg:
          error instanceof PushPermissionDenied
            ? M.pushBlocked
            : error instanceof ApiError
              ? error.message
              : AUTH_MESSAGES.genericError,
        alertType: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className={styles.switchRow}
        disabled={!supported || busy}
        onClick={() => void handleToggle()}
      >
        <span className={styles.text}>
          <span id={labelId} className={styles.label}>
            {M.pushThisDevice}
          </span>
          <span id={hintId} className={styles.hint}>
            {M.pushThisDeviceHint}
          </span>
        </span>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
      </button>
      {!supported ? <p className={styles.note}>{M.pushUnsupported}</p> : null}
      {supported && blocked && !on ? <p className={styles.note}>{M.pushBlocked}</p> : null}
    </>
  );
}

function DeviceRow({ device, mine }: { device: PushDevice; mine: boolean }) {
  const alert = useAlert();
  const remove = useRemovePushDevice();
  return (
    <li className={styles.device}>
      <span className={styles.deviceText}>
        <span className={styles.label}>
          {device.device}
          {mine ? <span className={styles.tag}>{M.thisDevice}</span> : null}
        </span>
        <span className={styles.hint}>{added(device.createdAt)}</span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        disabled={remove.isPending}
        aria-label={M.removeDeviceLabel(device.device)}
        onClick={() =>
          remove.mutate(device, {
            onSuccess: () => alert({ msg: M.deviceRemoved(device.device), alertType: 'success' }),
            onError: (error) =>
              alert({
                msg: error instanceof ApiError ? error.message : AUTH_MESSAGES.genericError,
                alertType: 'danger',
              }),
          })
        }
      >
        {M.removeDevice}
      </Button>
    </li>
  );
}

/** Push on this device and the devices that get pushes (ADR 058): sections of /settings/notifications. */
export function PushDeviceSettings() {
  const { data, isPending, isError } = usePushDevices();
  const [endpoint, setEndpoint] = useOwnEndpoint();
  const on = Boolean(endpoint && data?.items.some((d) => d.endpoint === endpoint));
  const headingId = useId();
  return (
    <>
      <section className={`card ${list.card}`} aria-label={M.pushThisDevice}>
        <ThisDeviceSwitch on={on} onChange={setEndpoint} />
      </section>
      <section className={`card ${list.card}`} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {M.devicesTitle}
        </h2>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <p className={styles.empty}>{AUTH_MESSAGES.genericError}</p>
        ) : data.items.length === 0 ? (
          <p className={styles.empty}>{M.noDevices}</p>
        ) : (
          <ul className={list.list}>
            {data.items.map((device) => (
              <DeviceRow key={device.id} device={device} mine={device.endpoint === endpoint} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
