import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENTS_MESSAGES as M, type PayoutStatus } from '@common/schemas/payments';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { CashIcon, CheckIcon, ExternalIcon } from '../../../components/ui/Icons';
import { ApiError } from '../../../lib/api';
import { useIsMobile, useSettingsNarrow } from '../../../lib/use-media-query';
import { useEarningsLink, useOnboardingLink, usePayoutStatus } from '../api/payouts';
import styles from './PaymentsPage.module.css';

const SOMETHING_WRONG = 'Something went wrong';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : SOMETHING_WRONG);

/**
 * /settings/payments: Set Up Payouts, Resume
 * Application, or Payouts Enabled with View Earnings; on a site without a
 * payment provider, a plain note. Stripe's pages open in this window (its
 * dashboard in a new tab on wide screens).
 */
export function PaymentsPage() {
  const alert = useAlert();
  const status = usePayoutStatus();
  const onboarding = useOnboardingLink();
  const earnings = useEarningsLink();
  const narrow = useIsMobile();
  const settingsNarrow = useSettingsNarrow();
  const [params, setParams] = useSearchParams();
  const fail = (error: unknown) => alert({ msg: messageOf(error), alertType: 'danger' });

  const handleOnboarding = (create: boolean) =>
    onboarding.mutate(
      { create },
      { onSuccess: ({ url }) => window.location.assign(url), onError: fail },
    );

  const handleEarnings = () => {
    // A tab opened before the request, so no popup blocker stops it.
    const tab = narrow ? null : window.open('', '_blank');
    if (tab) tab.opener = null;
    earnings.mutate(undefined, {
      onSuccess: ({ url }) => (tab ? tab.location.replace(url) : window.location.assign(url)),
      onError: (error) => {
        tab?.close();
        fail(error);
      },
    });
  };

  // The toast when the provider's flags changed the stored ones.
  const told = useRef(false);
  useEffect(() => {
    if (status.data?.changed && !told.current) {
      told.current = true;
      alert({ msg: M.profileUpdated, alertType: 'success' });
    }
  }, [status.data?.changed, alert]);

  // Stripe sends a student whose link expired back with ?resume=1: a new link at once.
  const resumed = useRef(false);
  const resume = params.get('resume') === '1';
  const state = status.data?.state;
  useEffect(() => {
    if (!resume || resumed.current || state !== 'onboarding') return;
    resumed.current = true;
    setParams({}, { replace: true });
    handleOnboarding(false);
  });

  const busy = onboarding.isPending || earnings.isPending;
  return (
    <div className={styles.page}>
      <PageHeader
        title={M.title}
        fallback="/settings"
        {...(settingsNarrow ? { backTo: '/settings' } : {})}
      />
      <section className={`card ${styles.card}`} aria-label={M.title} aria-busy={status.isPending}>
        {status.isPending ? (
          <PaymentsSkeleton />
        ) : status.isError ? (
          <div className={styles.body}>
            <p className={styles.text}>{messageOf(status.error)}</p>
            <Button variant="secondary" onClick={() => void status.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <PaymentsState
            status={status.data}
            busy={busy}
            onSetUp={() => handleOnboarding(true)}
            onResume={() => handleOnboarding(false)}
            onEarnings={handleEarnings}
          />
        )}
      </section>
    </div>
  );
}

function PaymentsState({
  status,
  busy,
  onSetUp,
  onResume,
  onEarnings,
}: {
  status: PayoutStatus;
  busy: boolean;
  onSetUp: () => void;
  onResume: () => void;
  onEarnings: () => void;
}) {
  switch (status.state) {
    case 'not_configured':
      return (
        <div className={styles.body}>
          <h2 className={styles.heading}>{M.notConfiguredTitle}</h2>
          <p className={styles.text}>{M.notConfigured}</p>
        </div>
      );
    case 'none':
    case 'onboarding': {
      // One account to make, or its application to finish: the same card.
      const first = status.state === 'none';
      return (
        <div className={styles.body}>
          <span className={styles.badge} aria-hidden="true">
            <CashIcon width={28} height={28} />
          </span>
          <p className={styles.text}>{first ? M.intro : M.resumeIntro}</p>
          <Button size="lg" disabled={busy} aria-busy={busy} onClick={first ? onSetUp : onResume}>
            {first ? M.setUpPayouts : M.resumeApplication}
          </Button>
        </div>
      );
    }
    case 'enabled':
      return (
        <div className={styles.body}>
          <span className={`${styles.badge} ${styles.enabled}`} aria-hidden="true">
            <CheckIcon width={28} height={28} />
          </span>
          <h2 className={styles.heading}>{M.payoutsEnabled}</h2>
          <p className={styles.text}>{M.enabledIntro}</p>
          <Button size="lg" disabled={busy} aria-busy={busy} onClick={onEarnings}>
            {M.viewEarnings}
            <ExternalIcon width={16} height={16} aria-hidden="true" />
          </Button>
        </div>
      );
  }
}

/** The card's shape while the state loads, so nothing moves when it arrives. */
function PaymentsSkeleton() {
  return (
    <div className={styles.body} aria-label="Loading">
      <span className={`${styles.badge} skeleton`} />
      <span className={`${styles.line} skeleton`} />
      <span className={`${styles.line} ${styles.short} skeleton`} />
      <span className={`${styles.button} skeleton`} />
    </div>
  );
}
