import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { PolicyPage } from '../components/PolicyPage';
import styles from './StaticPages.module.css';

const STEPS = [
  {
    when: 'Days 1–2',
    title: 'Message the seller',
    text: 'Within 2 days of getting the item, message the seller, explain what is wrong and ask for a refund. Most problems end here.',
  },
  {
    when: 'Days 3–4',
    title: 'Report it to support',
    text: 'No answer, or no fair solution? Report it to us within 2 more days, and we will look at the conversation and help.',
  },
  {
    when: 'After day 4',
    title: 'The sale is complete',
    text: 'After those 4 days in total, the transaction is treated as complete and final.',
  },
];

/** /settings/returns: the Return Policy. */
export function ReturnsPage() {
  const campus = useCampus();
  const site = campus.productName;
  return (
    <PolicyPage
      title={MESSAGES.settingsReturnPolicy}
      intro={
        <p>
          Something not as described? You have <strong>4 days</strong> from the day you get an item
          to sort it out: 2 days with the seller, then 2 more days with us.
        </p>
      }
      sections={[
        {
          id: 'how-it-works',
          title: 'How to ask for a refund',
          content: (
            <ol className={styles.timeline}>
              {STEPS.map((step) => (
                <li key={step.title}>
                  <span className={styles.when}>{step.when}</span>
                  <strong className={styles.stepTitle}>{step.title}</strong>
                  <span>{step.text}</span>
                </li>
              ))}
            </ol>
          ),
        },
        {
          id: 'what-to-include',
          title: 'What to include',
          content: (
            <ul>
              <li>what is wrong with the item, and photos that show it;</li>
              <li>when and where you got it, and how you paid;</li>
              <li>what would make it right: a refund, or a partial refund if you keep the item.</li>
            </ul>
          ),
        },
        {
          id: 'reporting',
          title: 'Reporting to support',
          content: (
            <p>
              Write to us at <a href={`mailto:${campus.supportEmail}`}>{campus.supportEmail}</a> or
              through <Link to="/settings/help">Customer Support</Link> within those 2 extra days,
              with the seller&apos;s username and the details above. Most sales on {site} are paid
              in person, so we can&apos;t take money back from a seller, but we can mediate, and we
              act on sellers who mislead buyers, up to closing their accounts.
            </p>
          ),
        },
        {
          id: 'avoid-returns',
          title: 'Avoid needing one',
          content: (
            <p>
              Meet in a public place, look the item over and try it before you pay, and ask the
              seller anything you are unsure about before you meet. Our{' '}
              <Link to="/settings/trust_and_safety">Trust and Safety guidelines</Link> have more
              tips.
            </p>
          ),
        },
      ]}
    />
  );
}
