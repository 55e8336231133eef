import type { CampusDto } from '@common/schemas/campus';
import { MESSAGES } from '@common/messages';
import { ButtonLink } from '../../../components/ui/Button';
import styles from './WelcomeHero.module.css';

/**
 * The three doors of the welcome page (spec core §2 "Feed (home)"). "View Your
 * Campus" opens the visitor's own campus site when we know it (a school-verified
 * user), and the school finder otherwise.
 */
export function CampusActions({ userCampus }: { userCampus: CampusDto | null }) {
  return (
    <div className={styles.actions}>
      {userCampus ? (
        <a href={userCampus.url} className={`btn btn--lg ${styles.primaryAction}`}>
          {MESSAGES.viewYourCampus}
        </a>
      ) : (
        <ButtonLink to="/search_schools" size="lg" className={styles.primaryAction}>
          {MESSAGES.viewYourCampus}
        </ButtonLink>
      )}
      <ButtonLink to="/search_schools" size="lg" className={styles.secondaryAction}>
        {MESSAGES.findYourCampus}
      </ButtonLink>
      <ButtonLink to="/user_registration" size="lg" className={styles.secondaryAction}>
        {MESSAGES.joinYourCampus}
      </ButtonLink>
    </div>
  );
}
