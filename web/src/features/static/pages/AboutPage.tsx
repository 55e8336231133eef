import { Link } from 'react-router';
import { CAMPUSES, GENERIC_CAMPUS_ID } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { schoolOf } from '../components/campus-text';
import { PolicyPage } from '../components/PolicyPage';
import styles from './StaticPages.module.css';

const SCHOOLS = Object.values(CAMPUSES).filter((c) => c.id !== GENERIC_CAMPUS_ID);

/** /settings/about: what Quad is and how its campus communities work. */
export function AboutPage() {
  const campus = useCampus();
  const site = campus.productName;
  return (
    <PolicyPage
      title={MESSAGES.settingsAbout}
      intro={
        <p>
          {site} is a private marketplace and community for students of {schoolOf(campus)}: a place
          to buy and sell textbooks, furniture, tickets and everything else with people from your
          own campus.
        </p>
      }
      sections={[
        {
          id: 'facts',
          title: 'In three facts',
          content: (
            <ul className={styles.facts}>
              <li>
                <strong>Under 30 seconds</strong>
                <span>to post an item, photos included.</span>
              </li>
              <li>
                <strong>.edu verified</strong>
                <span>Every member proves they are a student with a school e-mail.</span>
              </li>
              <li>
                <strong>Paid in person</strong>
                <span>Meet on campus, check the item, pay the seller.</span>
              </li>
            </ul>
          ),
        },
        {
          id: 'campus-run',
          title: 'Run by campus, for campus',
          content: (
            <>
              <p>
                Each school has its own community with its own site, colors and team. Buyers and
                sellers are students who can meet between classes, so there is no shipping, no
                waiting and no stranger on the other end. The team behind each community answers its
                students directly, by Instagram message or e-mail.
              </p>
              <p>Communities today:</p>
              <ul className={styles.campuses}>
                {SCHOOLS.map((school) => (
                  <li key={school.id} aria-current={school.id === campus.id ? 'true' : undefined}>
                    <strong>{school.productName}</strong>
                    <span>{school.schoolName}</span>
                  </li>
                ))}
              </ul>
            </>
          ),
        },
        {
          id: 'quad',
          title: 'Quad',
          content: (
            <p>
              Every community runs on Quad, software built for campus marketplaces: verified
              members, private feeds, direct messages and no third-party trackers. Read how it works
              in <Link to="/settings/howitworks">How It Works</Link>, and how we handle your
              information in our <Link to="/settings/privacy">Privacy Policy</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
