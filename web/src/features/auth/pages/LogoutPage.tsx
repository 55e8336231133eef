import { Navigate, useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { LogOutIcon } from '../../../components/ui/Icons';
import { useLogout, useSession } from '../../../lib/session';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { useErrorAlert } from '../components/use-error-alert';

/** /logout: signed-in only; a confirmation. */
export function LogoutPage() {
  const { viewer } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const showError = useErrorAlert();
  if (!viewer && !logout.isSuccess) return <Navigate to="/home" replace />;

  const handleLogout = async () => {
    try {
      await logout.mutateAsync();
      navigate('/home', { replace: true });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <AuthCard
      back={{ title: MESSAGES.settingsLogOut, fallback: '/home' }}
      title={MESSAGES.logoutQuestion}
      subtitle={
        viewer ? (
          <>
            You're logged in as <strong>{viewer.email}</strong>.
          </>
        ) : null
      }
    >
      <div className={styles.actions}>
        <Button size="lg" block disabled={logout.isPending} onClick={() => void handleLogout()}>
          <LogOutIcon width={20} height={20} />
          {MESSAGES.signIn.logOut}
        </Button>
        <ButtonLink to="/home" variant="secondary" size="lg" block>
          {MESSAGES.signIn.cancel}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
