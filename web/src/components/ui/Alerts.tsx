import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { ALERT_MS, type AlertTone } from '@common/messages';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './Icons';

export interface AlertInput {
  msg: string;
  alertType?: AlertTone;
  /** 2600 ms by default; 7800 ms for the too-many-attempts alert. */
  duration?: number;
  link?: { to: string; label: string };
}

interface ShownAlert extends Required<Omit<AlertInput, 'link'>> {
  id: number;
  link?: AlertInput['link'];
}

const AlertContext = createContext<((alert: AlertInput) => void) | null>(null);

/** Shows a toast alert: `const alert = useAlert(); alert({ msg, alertType: 'success' })`. */
export function useAlert(): (alert: AlertInput) => void {
  const show = useContext(AlertContext);
  if (!show) throw new Error('useAlert outside AlertProvider');
  return show;
}

const icons = { success: CheckIcon, okay: InfoIcon, danger: AlertIcon } as const;

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback(
    (id: number) => setAlerts((list) => list.filter((a) => a.id !== id)),
    [],
  );
  const show = useCallback(
    (input: AlertInput) => {
      const alert: ShownAlert = {
        id: nextId.current++,
        msg: input.msg,
        alertType: input.alertType ?? 'okay',
        duration: input.duration ?? ALERT_MS,
        link: input.link,
      };
      // The same message twice in a row is shown once (e.g. a double click).
      setAlerts((list) => [...list.filter((a) => a.msg !== alert.msg), alert].slice(-4));
      window.setTimeout(() => dismiss(alert.id), alert.duration);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <AlertContext.Provider value={value}>
      {children}
      <div className="alerts" aria-live="polite">
        {alerts.map((alert) => {
          const Icon = icons[alert.alertType];
          return (
            <div
              key={alert.id}
              className={`alert alert--${alert.alertType}`}
              role={alert.alertType === 'danger' ? 'alert' : 'status'}
            >
              <Icon className="alert__icon" width={20} height={20} />
              <span className="alert__msg">{alert.msg}</span>
              {alert.link ? (
                <Link className="alert__link" to={alert.link.to} onClick={() => dismiss(alert.id)}>
                  {alert.link.label}
                </Link>
              ) : null}
              <button
                type="button"
                className="alert__close"
                aria-label="Dismiss"
                onClick={() => dismiss(alert.id)}
              >
                <CloseIcon width={16} height={16} />
              </button>
              <span
                className="alert__progress"
                style={{ animationDuration: `${alert.duration}ms` }}
              />
            </div>
          );
        })}
      </div>
    </AlertContext.Provider>
  );
}
