import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';
import { VERIFY_SCHOOL_EMAIL_PATH } from '../../../components/gates/paths';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useAlert } from '../../../components/ui/Alerts';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { CheckIcon, MailIcon } from '../../../components/ui/Icons';
import { Skeleton } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { isGenericCampus, useCampus } from '../../../lib/campus';
import { schoolsQueryOptions } from '../../../lib/campuses';
import { useViewer } from '../../../lib/session';
import { useSendSchoolPin } from '../api/send-school-pin';
import { SchoolEmailSteps } from '../components/SchoolEmailSteps';
import { SchoolPicker } from '../components/SchoolPicker';
import { schoolEmailError, schoolFor } from '../school-email-rules';
import styles from '../components/SchoolEmail.module.css';

/**
 * /settings/account/school_email[?campus=]: enter a school e-mail, Send PIN.
 */
export function SchoolEmailPage() {
  const site = useCampus();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const sendPin = useSendSchoolPin();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const messageId = useId();

  const generic = isGenericCampus(site);
  const campusParam = params.get('campus');
  // On the generic site ?campus= names a school of the server's list (ADR 057).
  const schools = useQuery({ ...schoolsQueryOptions(), enabled: generic });
  const school = schoolFor(site, campusParam, schools.data);
  const loadingSchool = generic && Boolean(campusParam) && schools.isPending;
  if (!viewer) return null; // ProtectedRoute has already sent guests away.

  const handlePick = (campus: CampusDto) => {
    setError(null);
    setParams({ campus: campus.id }, { replace: true });
  };
  const handleChangeSchool = () => {
    setError(null);
    setParams({}, { replace: true });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = schoolEmailError(email, viewer.schoolEmail, school);
    setError(problem);
    if (problem) return;
    const schoolEmail = email.trim().toLowerCase();
    const chosen = generic && school ? school.id : undefined;
    sendPin.mutate(
      { schoolEmail, ...(chosen ? { campus: chosen } : {}) },
      {
        onSuccess: (result) => {
          if (!result.sent) alert({ msg: AUTH_MESSAGES.codeRecentlySent, alertType: 'okay' });
          const next = new URLSearchParams({ email: result.email });
          if (chosen) next.set('campus', chosen);
          navigate(`${VERIFY_SCHOOL_EMAIL_PATH}?${next.toString()}`);
        },
        onError: (failure) => {
          const notVerified = failure instanceof ApiError && failure.status === 403;
          alert({
            msg: failure.message,
            alertType: 'danger',
            ...(notVerified ? { link: { to: '/verify', label: MESSAGES.verifyAccount } } : {}),
          });
        },
      },
    );
  };

  const logo = school ?? site;
  const pickingSchool = viewer.verified && generic && !school && !loadingSchool;
  const title = !viewer.verified
    ? 'Confirm your account first'
    : pickingSchool
      ? 'Find your school'
      : 'Verify your school email';
  const intro = !viewer.verified
    ? `${MESSAGES.schoolEmail.usedToVerify} Before that, confirm the e-mail you signed up with (${viewer.email}).`
    : pickingSchool
      ? `${MESSAGES.schoolEmail.usedToVerify} Pick your school to see which addresses it accepts.`
      : `${MESSAGES.schoolEmail.usedToVerify} Enter your ${school?.name ?? 'school'} email address and we'll e-mail you a 4-digit PIN.`;

  return (
    <div className={styles.page}>
      <PageHeader title="School Email" fallback="/settings/account" />
      <section className={`card ${styles.card}`} aria-labelledby="school-email-title">
        <div className={styles.head}>
          <CampusLogo campus={logo} size={64} />
          <h2 id="school-email-title" className={styles.title}>
            {title}
          </h2>
          <p className={styles.intro}>{intro}</p>
        </div>
        <SchoolEmailSteps
          current={viewer.verified ? 'email' : 'account'}
          done={[
            ...(viewer.verified ? (['account'] as const) : []),
            ...(viewer.schoolVerified ? (['email', 'pin'] as const) : []),
          ]}
        />

        {viewer.schoolEmail && viewer.schoolVerified ? (
          <p className={styles.current}>
            <CheckIcon width={16} height={16} aria-hidden="true" />
            <span>
              Verified school email: <strong>{viewer.schoolEmail}</strong>. Enter a new one to
              change it.
            </span>
          </p>
        ) : null}

        {!viewer.verified ? (
          <ButtonLink to="/verify" size="lg" block>
            {MESSAGES.verifyAccount}
          </ButtonLink>
        ) : loadingSchool ? (
          <div className={styles.form} aria-busy="true" aria-label="Loading your school">
            <Skeleton width="70%" height={18} radius={6} />
            <Skeleton height={48} radius={10} />
            <Skeleton height={48} radius={10} />
          </div>
        ) : pickingSchool ? (
          <SchoolPicker onPick={handlePick} />
        ) : (
          <form className={styles.form} noValidate onSubmit={handleSubmit}>
            {generic && school ? (
              <p className={styles.school}>
                <span>
                  School: <strong>{school.schoolName}</strong>
                </span>
                <button type="button" className={styles.textButton} onClick={handleChangeSchool}>
                  Change school
                </button>
              </p>
            ) : null}
            <label className={styles.label} htmlFor={inputId}>
              School email
            </label>
            <div className={styles.field}>
              <MailIcon className={styles.fieldIcon} width={20} height={20} aria-hidden="true" />
              <input
                id={inputId}
                className={styles.input}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={AUTH_MESSAGES.schoolEmailPlaceholder}
                value={email}
                maxLength={254}
                aria-invalid={error ? true : undefined}
                aria-describedby={messageId}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (error) setError(null);
                }}
              />
            </div>
            {error ? (
              <p id={messageId} className={styles.error} role="alert">
                {error}
              </p>
            ) : (
              <p id={messageId} className={styles.hint}>
                {school
                  ? `For example yourname@${school.emailDomains[0]}. We'll send the PIN there.`
                  : 'We will send the PIN to this address.'}
              </p>
            )}
            <Button
              type="submit"
              size="lg"
              block
              disabled={sendPin.isPending}
              aria-busy={sendPin.isPending}
            >
              {MESSAGES.schoolEmail.sendPin}
            </Button>
          </form>
        )}
      </section>
      {school ? (
        <p className={styles.footnote}>
          Only {school.name} students can join {school.productName}: that is what keeps it a trusted
          place to buy and sell.
        </p>
      ) : null}
    </div>
  );
}
