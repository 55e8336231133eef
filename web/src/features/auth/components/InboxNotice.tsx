import type { ReactNode } from 'react';
import { MESSAGES } from '@common/messages';
import { MailIcon } from '../../../components/ui/Icons';
import styles from './AuthForm.module.css';

/** "Check your inbox": what was sent where, and that mail can take a moment. */
export function InboxNotice({
  children,
  actions,
  heading = true,
}: {
  children: ReactNode;
  actions?: ReactNode;
  /** Off when the card's own title already says "Check your inbox". */
  heading?: boolean;
}) {
  return (
    <div className={styles.form}>
      <div className={styles.notice} role="status">
        <MailIcon width={22} height={22} />
        <div>
          {heading ? (
            <p>
              <strong>{MESSAGES.signIn.checkYourInbox}</strong>
            </p>
          ) : null}
          <p>{children}</p>
          <p>{MESSAGES.signIn.emailDelay}</p>
        </div>
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
