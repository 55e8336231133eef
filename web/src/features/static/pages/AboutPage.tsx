import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Spinner';
import { useCampus } from '../../../lib/campus';
import { useSchools } from '../../../lib/campuses';
import { schoolOf } from '../components/campus-text';
import { PolicyPage } from '../components/PolicyPage';
import styles from './StaticPages.module.css';

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
              <Communities current={campus.id} />
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

/**
 * Every open school, from the server (GET /api/campuses): a campus added with
 * `npm run campus -- add` is listed without a new build (ADR 057).
 */
function Communities({ current }: { current: string }) {
  const schools = useSchools();
  if (schools.isError)
    return (
      <div className={styles.communitiesError} role="alert">
        <p>We couldn't load the list of communities.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void schools.refetch()}
          disabled={schools.isRefetching}
        >
          Try again
        </Button>
      </div>
    );
  if (schools.isPending)
    return (
      <ul className={styles.campuses} aria-busy="true" aria-label="Loading communities">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} aria-hidden="true">
            <Skeleton width="55%" height={17} radius={6} />
            <Skeleton width="85%" height={14} radius={6} />
          </li>
        ))}
      </ul>
    );
  return (
    <ul className={styles.campuses}>
      {schools.data.map((school) => (
        <li key={school.id} aria-current={school.id === current ? 'true' : undefined}>
          <strong>{school.productName}</strong>
          <span>{school.schoolName}</span>
        </li>
      ))}
    </ul>
  );
}
