import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { PolicyPage } from '../components/PolicyPage';
import styles from './StaticPages.module.css';

const VALUES = [
  {
    title: 'Be neighborly',
    text: 'Treat every buyer and seller like the classmate they are. Be polite, answer messages, and show up when you say you will.',
  },
  {
    title: 'Be ethical',
    text: 'Describe items honestly, price them fairly, and keep your word once a deal is made.',
  },
  {
    title: 'Be proactive',
    text: 'If something feels wrong, say so. Report suspicious posts and profiles so we can act before anyone gets hurt.',
  },
];

/** /settings/trust_and_safety (and /settings/trust): the Code of Conduct. */
export function TrustPage() {
  const campus = useCampus();
  const site = campus.productName;
  return (
    <PolicyPage
      title={MESSAGES.settingsTrustAndSafety}
      intro={
        <p>
          {site} works because students trust each other. This {MESSAGES.settingsCodeOfConduct} is
          what we ask of every member, and how to stay safe when you buy or sell.
        </p>
      }
      sections={[
        {
          id: 'code-of-conduct',
          title: MESSAGES.settingsCodeOfConduct,
          content: (
            <ul className={styles.values}>
              {VALUES.map((value) => (
                <li key={value.title}>
                  <strong>{value.title}</strong>
                  <span>{value.text}</span>
                </li>
              ))}
            </ul>
          ),
        },
        {
          id: 'not-allowed',
          title: 'Not allowed',
          content: (
            <>
              <ul>
                <li>
                  <strong>Bullying or harassment</strong>, including threats, insults and unwanted
                  messages after someone has said no.
                </li>
                <li>
                  <strong>Discrimination</strong> against anyone for their race, ethnicity,
                  religion, gender, sexual orientation, disability or any other part of who they
                  are.
                </li>
                <li>
                  <strong>Impersonation</strong> of another student, staff member, business or of
                  the {site} team.
                </li>
                <li>
                  <strong>Scams</strong>: fake listings, bait-and-switch, asking for deposits for
                  items you don&apos;t have, or pushing people to pay outside safe methods.
                </li>
              </ul>
              <p>
                Breaking these rules can get posts removed and accounts suspended or closed, as our{' '}
                <Link to="/settings/terms">Terms of Service</Link> explain.
              </p>
            </>
          ),
        },
        {
          id: 'meeting-up',
          title: 'Meeting up',
          content: (
            <ul>
              <li>
                <strong>Meet in public places</strong>: a busy spot on campus such as the student
                union or the library, or a police station&apos;s safe exchange zone. Daylight is
                best.
              </li>
              <li>Tell a friend where you are going, or bring one along.</li>
              <li>Look the item over, and try electronics, before any money changes hands.</li>
              <li>Never invite a stranger to your room or go to theirs for a sale.</li>
            </ul>
          ),
        },
        {
          id: 'paying',
          title: 'Paying',
          content: (
            <>
              <p>
                <strong>Pay in person</strong>, in cash or with a payment app, when you have the
                item in hand.
              </p>
              <p>
                <strong>No wire transfers</strong>, gift cards, cryptocurrency or checks for more
                than the price. Anyone who insists on them, or who wants to be paid before you have
                seen the item, is very likely running a scam.
              </p>
            </>
          ),
        },
        {
          id: 'reviews',
          title: 'Review each other',
          content: (
            <p>
              When a seller marks a listing sold to you, or you sell to a student you talked with,
              each of you can leave one review within 14 days: 1 to 5 stars, a few words. A review
              shows on the other&apos;s profile once you have both reviewed, or after the 14 days,
              and can&apos;t be changed. Be honest: it helps reliable buyers and sellers stand out
              and warns the next student. Use <strong>Report</strong> on a review that is unfair or
              abusive.
            </p>
          ),
        },
        {
          id: 'report',
          title: 'Reporting a problem',
          content: (
            <>
              <p>
                Use <strong>Report</strong> on a profile, or write to us at{' '}
                <a href={`mailto:${campus.supportEmail}`}>{campus.supportEmail}</a> with the
                username and what happened. Reports are kept private. See{' '}
                <Link to="/settings/help">Customer Support</Link> for every way to reach us.
              </p>
              <p className={styles.emergency}>
                If you are ever in danger, leave and call <strong>911</strong> first.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
