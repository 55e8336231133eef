import { GENERIC_CAMPUS_ID } from '@common/campus-rules';
import { MESSAGES } from '@common/messages';
import { campusHandoffPath } from '../../../components/gates/campus-site';
import { ButtonLink } from '../../../components/ui/Button';
import { useViewer } from '../../../lib/session';
import styles from './WelcomeHero.module.css';

/**
 * The welcome page's one way in, the one that fits
 * the viewer: a guest joins ("Join Your Campus", sign-up), a signed-in student
 * without a school finds it ("Find Your Campus", the school finder), and a
 * school-verified student opens their own campus's site, signed in there too
 * ("View Your Campus", through the session hand-over, as the "Visit Your Campus"
 * banner does).
 */
export function CampusActions() {
  const viewer = useViewer();
  const member = viewer?.schoolVerified && viewer.campusId !== GENERIC_CAMPUS_ID;
  return (
    <div className={styles.actions}>
      {member ? (
        <a href={campusHandoffPath(viewer.campusId)} className={`btn btn--lg ${styles.action}`}>
          {MESSAGES.viewYourCampus}
        </a>
      ) : viewer ? (
        <ButtonLink to="/search_schools" size="lg" className={styles.action}>
          {MESSAGES.findYourCampus}
        </ButtonLink>
      ) : (
        <ButtonLink to="/user_registration" size="lg" className={styles.action}>
          {MESSAGES.joinYourCampus}
        </ButtonLink>
      )}
    </div>
  );
}
