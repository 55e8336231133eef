import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@common/messages';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useViewer } from '../../../lib/session';
import { handoffQueryOptions, useFinishHandoff } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { useErrorAlert } from '../components/use-error-alert';
import { errorText } from '../components/error-text';

const H = AUTH_MESSAGES.handoff;

/**
 * /handoff?token=: arriving from another campus site (ADR 036). The page names
 * the account the token would sign in to; only its button signs in, so a link
 * alone never signs anyone in nor replaces the session this browser has.
 */
export function HandoffPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return token ? <Confirmation token={token} /> : <Expired message={AUTH_MESSAGES.linkExpired} />;
}

function Expired({ message }: { message: string }) {
  return (
    <AuthCard title={H.expiredTitle} subtitle={message}>
      <ButtonLink to="/home" size="lg" block>
        {H.goHome}
      </ButtonLink>
    </AuthCard>
  );
}

function Confirmation({ token }: { token: string }) {
  const viewer = useViewer();
  const preview = useQuery(handoffQueryOptions(token));
  const finish = useFinishHandoff();
  const showError = useErrorAlert();

  if (preview.isPending) return <Spinner />;
  if (preview.isError) return <Expired message={errorText(preview.error)} />;
  const account = preview.data;
  // Already signed in here as that account: nothing to hand over, and the token stays unused.
  if (viewer?.username === account.username) return <Navigate to="/home" replace />;
  const replaces = viewer ? viewer.username : null;

  const handleContinue = () =>
    finish.mutate(token, {
      // A whole page load: nothing of the account this browser had stays in memory.
      onSuccess: () => window.location.assign('/home'),
      onError: (error) => showError(error),
    });

  return (
    <AuthCard title={H.title(account.name, account.username)} subtitle={H.text(account.campus)}>
      <div className={styles.actions}>
        {replaces ? <p className={styles.notice}>{H.replaces(replaces)}</p> : null}
        <Button size="lg" block disabled={finish.isPending} onClick={handleContinue}>
          {H.continue}
        </Button>
        <ButtonLink to="/home" variant="secondary" size="lg" block>
          {H.notNow}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
