import { useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES as L, AUTH_MESSAGES } from '@common/messages';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { useSetViewer } from '../../../lib/session';
import { useEmailChangeLink } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/AuthForm.module.css';
import { errorText } from '../components/error-text';

const WORDS = {
  approve: { title: L.approveTitle, text: L.approveText, button: L.approveButton },
  undo: { title: L.undoTitle, text: L.undoText, button: L.undoButton },
} as const;

/**
 * /email_change/approve?token= and /email_change/undo?token= (ADR 036): the
 * links of an e-mail change. Opening one changes nothing (mail scanners open
 * links too); its button does, and the page says what happened.
 */
export function EmailChangeLinkPage({ kind }: { kind: 'approve' | 'undo' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const use = useEmailChangeLink(kind);
  const setViewer = useSetViewer();
  const words = WORDS[kind];

  if (!token || !email)
    return <AuthCard title={L.linkIncomplete} subtitle={AUTH_MESSAGES.linkExpired} />;

  if (use.isSuccess) {
    return (
      <AuthCard title={kind === 'undo' ? L.undoneTitle : L.approvedTitle}>
        <div className={styles.actions}>
          <p className={styles.notice} role="status">
            {use.data.message}
          </p>
          {kind === 'undo' ? (
            <>
              <ButtonLink to="/login" size="lg" block>
                {L.signInAgain}
              </ButtonLink>
              <ButtonLink to="/forgotpassword" variant="secondary" size="lg" block>
                {L.resetPassword}
              </ButtonLink>
            </>
          ) : (
            <ButtonLink to="/settings/account/email" size="lg" block>
              {L.toEmailPage}
            </ButtonLink>
          )}
        </div>
      </AuthCard>
    );
  }

  const handleClick = () =>
    use.mutate(token, {
      // Undoing ends every session, this browser's too.
      onSuccess: () => (kind === 'undo' ? setViewer(null) : undefined),
    });

  return (
    <AuthCard title={words.title} subtitle={words.text(email)}>
      <div className={styles.actions}>
        {use.isError ? (
          <p className={styles.notice} role="alert">
            {errorText(use.error)}
          </p>
        ) : null}
        <Button size="lg" block disabled={use.isPending} onClick={handleClick}>
          {words.button}
        </Button>
      </div>
    </AuthCard>
  );
}

export const EmailApprovePage = () => <EmailChangeLinkPage kind="approve" />;
export const EmailUndoPage = () => <EmailChangeLinkPage kind="undo" />;
