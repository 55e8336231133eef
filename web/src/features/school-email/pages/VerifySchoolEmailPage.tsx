import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { type CampusId, isCampusIdForm } from '@common/campus-rules';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { saveRedirectTarget } from '../../../components/gates/campus-site';
import { SCHOOL_EMAIL_PATH } from '../../../components/gates/paths';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { isGenericCampus, useCampus } from '../../../lib/campus';
import { schoolsQueryOptions } from '../../../lib/campuses';
import { useSetViewer, useViewer } from '../../../lib/session';
import { useSendSchoolPin } from '../api/send-school-pin';
import { useVerifySchoolCode } from '../api/verify-school-code';
import { SchoolEmailSteps } from '../components/SchoolEmailSteps';
import { schoolFor } from '../school-email-rules';
import styles from '../components/SchoolEmail.module.css';

/**
 * /settings/account/verify_school_email?email=&campus=: the PIN was e-mailed by
 * Send PIN; enter it, Verify.
 */
export function VerifySchoolEmailPage() {
  const site = useCampus();
  const viewer = useViewer();
  const setViewer = useSetViewer();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const verify = useVerifySchoolCode();
  const resend = useSendSchoolPin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const messageId = useId();

  const email = (params.get('email') ?? '').trim().toLowerCase();
  const campusParam = params.get('campus');
  const chosen: CampusId | undefined =
    isGenericCampus(site) && campusParam && isCampusIdForm(campusParam) ? campusParam : undefined;
  // The chosen school's logo, from the server's list (ADR 057); the site's until it answers.
  const schools = useQuery({ ...schoolsQueryOptions(), enabled: Boolean(chosen) });
  const back = `${SCHOOL_EMAIL_PATH}${chosen ? `?campus=${chosen}` : ''}`;
  if (!email) return <Navigate to={back} replace />;
  if (!viewer) return null; // ProtectedRoute has already sent guests away.

  const logo = schoolFor(site, campusParam, schools.data) ?? site;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(AUTH_MESSAGES.enterCode);
      return;
    }
    setError(null);
    verify.mutate(
      { code: value, email, ...(chosen ? { campus: chosen } : {}) },
      {
        onSuccess: (result) => {
          setViewer(result.viewer);
          if (result.redirectCampus) saveRedirectTarget(result.redirectCampus.id);
          alert({ msg: MESSAGES.schoolEmail.verified, alertType: 'success' });
          navigate(result.redirectTo, { replace: true });
        },
        onError: (failure) => {
          setCode('');
          alert({ msg: failure.message, alertType: 'danger' });
        },
      },
    );
  };

  const handleResend = () => {
    resend.mutate(
      { schoolEmail: email, ...(chosen ? { campus: chosen } : {}) },
      {
        onSuccess: (result) =>
          alert(
            result.sent
              ? { msg: AUTH_MESSAGES.emailSent, alertType: 'success' }
              : { msg: AUTH_MESSAGES.codeRecentlySent, alertType: 'okay' },
          ),
        onError: (failure) => alert({ msg: failure.message, alertType: 'danger' }),
      },
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader title="Verify School Email" fallback={back} />
      <section className={`card ${styles.card}`} aria-labelledby="verify-school-title">
        <div className={styles.head}>
          <CampusLogo campus={logo} size={64} />
          <h2 id="verify-school-title" className={styles.title}>
            Enter your PIN
          </h2>
          <p className={styles.intro}>
            We e-mailed a 4-digit PIN to <strong className={styles.address}>{email}</strong>. It can
            take a minute or two to arrive; check your spam folder too.
          </p>
        </div>
        <SchoolEmailSteps current="pin" done={['account', 'email']} />
        <form className={styles.form} noValidate onSubmit={handleSubmit}>
          <label className={styles.label} htmlFor={inputId}>
            Verification code
          </label>
          <input
            id={inputId}
            className={`${styles.input} ${styles.codeInput}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={4}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={messageId}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, 4));
              if (error) setError(null);
            }}
          />
          {error ? (
            <p id={messageId} className={styles.error} role="alert">
              {error}
            </p>
          ) : (
            <p id={messageId} className={styles.hint}>
              The PIN is valid for 2 hours.
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            block
            disabled={verify.isPending}
            aria-busy={verify.isPending}
          >
            {MESSAGES.schoolEmail.verify}
          </Button>
        </form>
        <div className={styles.links}>
          <span>
            Didn't get it?{' '}
            <button
              type="button"
              className={styles.textButton}
              onClick={handleResend}
              disabled={resend.isPending}
            >
              Resend code
            </button>
          </span>
          <Link className={styles.textButton} to={back}>
            Use a different email
          </Link>
        </div>
      </section>
    </div>
  );
}
