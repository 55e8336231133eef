import { MESSAGES } from '@common/messages';
import { useGate } from './gates/use-gate';
import { campusHandoffPath } from './gates/campus-site';
import { SCHOOL_EMAIL_PATH } from './gates/paths';
import { Button, ButtonLink } from './ui/Button';
import { CampusLogo } from './ui/CampusLogo';
import { CheckIcon, LockIcon } from './ui/Icons';
import { useCampus } from '../lib/campus';
import { useCampusById } from '../lib/campuses';
import { useViewer } from '../lib/session';
import styles from './PrivateCommunity.module.css';

/**
 * What signed-out visitors see instead of a private campus's content: Join
 * opens the guest prompt "Join Your Campus". Signed-in members get their
 * `MemberWelcome` instead. For a shared post (`post`) it says the post is
 * there, and offers Log In beside Join Group.
 */
export function PrivateCommunity({
  joinLabel = MESSAGES.joinGroup,
  post = false,
}: {
  joinLabel?: string;
  post?: boolean;
}) {
  const campus = useCampus();
  const viewer = useViewer();
  const gate = useGate();
  if (viewer)
    return viewer.schoolVerified && viewer.campusId !== campus.id ? (
      <OtherCampusMember />
    ) : (
      <MemberWelcome />
    );
  return (
    <section className="card empty-state private-community" aria-labelledby="private-title">
      <div className="private-community__badge">
        <CampusLogo campus={campus} size={64} />
        <span className="private-community__lock" aria-hidden="true">
          <LockIcon width={18} height={18} />
        </span>
      </div>
      <h1 id="private-title" className="empty-state__title">
        {MESSAGES.privateCommunity}
      </h1>
      {post ? (
        <p className="empty-state__text">{MESSAGES.privatePost(campus.productName)}</p>
      ) : (
        <p className="empty-state__text">
          {campus.productName} is where {campus.schoolName} students buy and sell with each other.
          Join with your school e-mail to see what's for sale.
        </p>
      )}
      <div className={styles.actions}>
        {post ? (
          <ButtonLink to="/login" variant="secondary" size="lg">
            {MESSAGES.signIn.logIn}
          </ButtonLink>
        ) : null}
        <Button size="lg" onClick={() => gate('join')}>
          {joinLabel}
        </Button>
      </div>
    </section>
  );
}

function Step({ done, title, detail }: { done: boolean; title: string; detail: string }) {
  return (
    <li className={`${styles.step} ${done ? styles.done : ''}`}>
      <span className={styles.mark} aria-hidden="true">
        {done ? <CheckIcon width={16} height={16} /> : null}
      </span>
      <span className={styles.stepText}>
        <span className={styles.stepTitle}>
          {title}
          <span className="visually-hidden">{done ? ': done' : ': to do'}</span>
        </span>
        <span className={styles.stepDetail}>{detail}</span>
      </span>
    </li>
  );
}

/**
 * The home of a signed-in member until the feed exists: where their account
 * stands (account verified, school verified) and the button for the next step.
 */
export function MemberWelcome() {
  const campus = useCampus();
  const viewer = useViewer();
  if (!viewer) return null;
  const member = viewer.verified && viewer.schoolVerified;
  const title = member
    ? `You're a verified member of ${campus.productName}`
    : `Welcome, ${viewer.firstName}`;
  const text = !viewer.verified
    ? `Two quick steps and you're in: confirm your account e-mail, then verify your ${campus.name} email.`
    : !viewer.schoolVerified
      ? `One step left: verify your ${campus.name} email to post, comment and message other students.`
      : `You can post, comment and message other ${campus.name} students, and save what you like.`;
  return (
    <section className={`card ${styles.welcome}`} aria-labelledby="member-title">
      <div className="private-community__badge">
        <CampusLogo campus={campus} size={64} />
        {member ? (
          <span className={styles.badge} aria-hidden="true">
            <CheckIcon width={16} height={16} />
          </span>
        ) : null}
      </div>
      <h1 id="member-title" className="empty-state__title">
        {title}
      </h1>
      <p className="empty-state__text">{text}</p>
      <ol className={styles.steps} aria-label="Your account">
        <Step done={viewer.verified} title="Account verified" detail={viewer.email} />
        <Step
          done={viewer.schoolVerified}
          title="School email verified"
          detail={viewer.schoolEmail ?? `Your ${campus.name} address`}
        />
      </ol>
      {!viewer.verified ? (
        <ButtonLink to="/verify" size="lg">
          {MESSAGES.verifyAccount}
        </ButtonLink>
      ) : !viewer.schoolVerified ? (
        <ButtonLink to={SCHOOL_EMAIL_PATH} size="lg">
          Verify school email
        </ButtonLink>
      ) : (
        <ButtonLink to="/settings/howitworks" variant="secondary" size="lg">
          {MESSAGES.settingsHowItWorks}
        </ButtonLink>
      )}
    </section>
  );
}

/**
 * A school-verified student on another campus's site: the campus is private
 * to its own students, so point them home, signed in.
 */
function OtherCampusMember() {
  const campus = useCampus();
  const viewer = useViewer();
  // Their campus may be one added after this build: its name comes from the server (ADR 057).
  const home = useCampusById(viewer?.campusId);
  if (!viewer) return null;
  return (
    <section className="card empty-state private-community" aria-labelledby="other-campus-title">
      <div className="private-community__badge">
        <CampusLogo campus={campus} size={64} />
      </div>
      <h1 id="other-campus-title" className="empty-state__title">
        {MESSAGES.privateCommunity}
      </h1>
      <p className="empty-state__text">
        {`${campus.productName} is for ${campus.name} students. You're a member of ${home?.productName ?? 'another campus'}.`}
      </p>
      <ButtonLink to={campusHandoffPath(viewer.campusId)} reloadDocument size="lg">
        {MESSAGES.visitYourCampus}
      </ButtonLink>
    </section>
  );
}
