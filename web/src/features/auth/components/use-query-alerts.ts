import { useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@common/messages';
import { useAlert } from '../../../components/ui/Alerts';
import { useOnce } from './use-once';

/** The message for a failed Google sign-in (`/login?google_error=<key>`). */
export function googleErrorMessage(key: string): string {
  if (key === 'banned') return AUTH_MESSAGES.banned;
  const messages: Record<string, string> = AUTH_MESSAGES.google;
  return Object.hasOwn(messages, key) ? messages[key]! : AUTH_MESSAGES.google.unknown;
}

/**
 * `redirect=true` ("Failed: Wrong Email.") and `google_error`
 * are shown once on arrival, then dropped from the address so a reload or a
 * step change does not repeat them.
 */
export function useQueryAlerts(): void {
  const [params, setParams] = useSearchParams();
  const alert = useAlert();
  const redirect = params.get('redirect') === 'true';
  const googleError = params.get('google_error');
  useOnce(redirect || googleError !== null, () => {
    if (redirect) alert({ msg: AUTH_MESSAGES.wrongEmail, alertType: 'danger' });
    if (googleError !== null) alert({ msg: googleErrorMessage(googleError), alertType: 'danger' });
    setParams(
      (next) => {
        next.delete('redirect');
        next.delete('google_error');
        return next;
      },
      { replace: true },
    );
  });
}
