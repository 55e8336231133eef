import { useId, useState } from 'react';
import {
  type ChannelChoices,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_TEXT as T,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettingsDto,
  type QuietHours,
} from '@common/schemas/notification-settings';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useAlert } from '../../../components/ui/Alerts';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useSettingsNarrow } from '../../../lib/use-media-query';
import list from '../../../components/layout/SettingsList.module.css';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import styles from './NotificationSettingsPage.module.css';
import { PushDeviceSettings } from '../components/PushDeviceSettings';

/** The settings path of this page. */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

/** The time zone the browser reports, which quiet hours are kept in. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Quiet hours when first turned on: ten at night to seven in the morning. */
const FIRST_QUIET = { start: '22:00', end: '07:00' };

/** One on/off switch: a checkbox a screen reader calls a switch; Space turns it. */
function Switch({
  label,
  visible,
  checked,
  onChange,
}: {
  label: string;
  visible: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={styles.switchLabel}>
      <span className={styles.channelName}>{visible}</span>
      <input
        type="checkbox"
        role="switch"
        className={styles.switch}
        aria-label={label}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}

function KindRow({
  kind,
  choices,
  onChange,
}: {
  kind: NotificationKind;
  choices: ChannelChoices;
  onChange: (channel: NotificationChannel, on: boolean) => void;
}) {
  const hintId = useId();
  return (
    <li className={styles.row}>
      <div className={styles.kind}>
        <span className={styles.kindName}>{T.kinds[kind]}</span>
        <span id={hintId} className={styles.kindHint}>
          {T.kindHints[kind]}
        </span>
      </div>
      <div
        className={styles.channels}
        role="group"
        aria-label={T.kinds[kind]}
        aria-describedby={hintId}
      >
        {NOTIFICATION_CHANNELS.map((channel) => (
          <Switch
            key={channel}
            label={`${T.kinds[kind]}: ${T.channels[channel]}`}
            visible={T.channels[channel]}
            checked={choices[channel]}
            onChange={(on) => onChange(channel, on)}
          />
        ))}
      </div>
    </li>
  );
}

function QuietHoursSection({
  quiet,
  onChange,
}: {
  quiet: QuietHours | null;
  onChange: (quiet: QuietHours | null) => void;
}) {
  const zone = browserTimeZone();
  const [times, setTimes] = useState(quiet ?? FIRST_QUIET);
  const [error, setError] = useState<string>();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const setTime = (which: 'start' | 'end', value: string) => {
    const next = { ...times, [which]: value };
    setTimes(next);
    if (!/^\d\d:\d\d$/.test(value)) return;
    if (next.start === next.end) return setError(T.sameTimes);
    setError(undefined);
    onChange({ start: next.start, end: next.end, timeZone: zone });
  };
  return (
    <section className={`card ${styles.quiet}`} aria-labelledby={`${fromId}-title`}>
      <div className={styles.quietHead}>
        <div className={styles.kind}>
          <h2 id={`${fromId}-title`} className={styles.quietTitle}>
            {T.quietTitle}
          </h2>
          <span className={styles.kindHint}>{T.quietHint}</span>
        </div>
        <label className={styles.switchLabel}>
          <span className="visually-hidden">{T.quietSwitch}</span>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={quiet !== null}
            onChange={(event) =>
              onChange(event.target.checked ? { ...times, timeZone: zone } : null)
            }
          />
        </label>
      </div>
      {quiet ? (
        <>
          <div className={styles.times}>
            <label htmlFor={fromId} className={styles.timeLabel}>
              {T.quietFrom}
              <input
                id={fromId}
                type="time"
                className={styles.time}
                value={times.start}
                aria-describedby={error ? errorId : undefined}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setTime('start', event.target.value)}
              />
            </label>
            <label htmlFor={toId} className={styles.timeLabel}>
              {T.quietTo}
              <input
                id={toId}
                type="time"
                className={styles.time}
                value={times.end}
                aria-describedby={error ? errorId : undefined}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setTime('end', event.target.value)}
              />
            </label>
          </div>
          {error ? (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <p className={styles.kindHint}>{T.timeZone(quiet.timeZone)}</p>
        </>
      ) : null}
    </section>
  );
}

/** The grid and quiet hours, saved as soon as they change. */
export function NotificationSettingsForm({ settings }: { settings: NotificationSettingsDto }) {
  const save = useSaveNotificationSettings();
  const alert = useAlert();
  const [saved, setSaved] = useState(false);
  const put = (next: NotificationSettingsDto) => {
    setSaved(false);
    save.mutate(next, {
      onSuccess: () => setSaved(true),
      onError: (failure) =>
        alert({
          msg: failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.',
          alertType: 'danger',
        }),
    });
  };
  const handleKind = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    put({
      ...settings,
      kinds: { ...settings.kinds, [kind]: { ...settings.kinds[kind], [channel]: on } },
    });
  return (
    <>
      <section className={`card ${list.card} ${styles.table}`} aria-label={T.title}>
        <div className={styles.head} aria-hidden="true">
          <span />
          {NOTIFICATION_CHANNELS.map((channel) => (
            <span key={channel} className={styles.headCell}>
              {T.channels[channel]}
            </span>
          ))}
        </div>
        <ul className={list.list}>
          {NOTIFICATION_KINDS.map((kind) => (
            <KindRow
              key={kind}
              kind={kind}
              choices={settings.kinds[kind]}
              onChange={(channel, on) => handleKind(kind, channel, on)}
            />
          ))}
        </ul>
        <p className={styles.note}>{T.pushHint}</p>
      </section>
      <QuietHoursSection
        quiet={settings.quietHours}
        onChange={(quietHours) => put({ ...settings, quietHours })}
      />
      <p role="status" className={styles.status}>
        {saved && !save.isPending ? T.saved : ''}
      </p>
    </>
  );
}

/**
 * /settings/notifications: push on this device and the devices that get
 * pushes (ADR 058), then each kind of notification on or off in the app, by
 * push and by e-mail, and quiet hours (ADR 059).
 */
export function NotificationSettingsPage() {
  const { data, isPending, isError } = useNotificationSettings();
  const narrow = useSettingsNarrow();
  return (
    <div className={list.page}>
      <PageHeader
        title={T.title}
        fallback="/settings"
        {...(narrow ? { backTo: '/settings' } : {})}
      />
      <p className={list.intro}>{T.intro}</p>
      <PushDeviceSettings />
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p className={list.intro}>Something went wrong. Try again.</p>
      ) : (
        <NotificationSettingsForm settings={data} />
      )}
    </div>
  );
}
