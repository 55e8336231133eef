import { Navigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import { ButtonLink } from '../../../components/ui/Button';
import { MailIcon } from '../../../components/ui/Icons';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { GoogleButton } from '../components/GoogleButton';
import { LegalLinks } from '../components/LegalLinks';

/** /user_registration: the auth chooser. */
export function UserRegistrationPage() {
  const { viewer, googleEnabled } = useSession();
  if (viewer) return <Navigate to="/home" replace />;
  return (
    <AuthCard title={MESSAGES.logInSignUp} subtitle={MESSAGES.takesSeconds}>
      <div className={styles.actions}>
        {googleEnabled ? <GoogleButton /> : null}
        <ButtonLink to="/login" variant="primary" size="lg" block>
          <MailIcon width={20} height={20} />
          {MESSAGES.continueWithEmail}
        </ButtonLink>
      </div>
      <LegalLinks />
    </AuthCard>
  );
}
