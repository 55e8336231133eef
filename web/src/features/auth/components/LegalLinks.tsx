import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import styles from './AuthForm.module.css';

/** The terms and support links of the sign-in pages. */
export function LegalLinks() {
  return (
    <p className={styles.fine}>
      By continuing you agree to our{' '}
      <Link to="/settings/terms">{MESSAGES.settingsTermsOfService}</Link>. Trouble signing in?{' '}
      <Link to="/settings/help">{MESSAGES.settingsCustomerSupport}</Link>
    </p>
  );
}
