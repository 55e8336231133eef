import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { schoolEmailOf, schoolOf } from '../components/campus-text';
import { PolicyPage } from '../components/PolicyPage';
import styles from './StaticPages.module.css';

/** /settings/howitworks: the How It Works guide. */
export function HowItWorksPage() {
  const campus = useCampus();
  const site = campus.productName;
  const steps = [
    {
      title: 'Join with your school e-mail',
      text: `Sign up, then verify ${schoolEmailOf(campus)} with the 4-digit code we send. Only verified students of ${schoolOf(campus)} can post and message.`,
    },
    {
      title: 'Post with photos',
      text: 'Snap a few photos, write what it is and the price, and pick a category. Posting takes under 30 seconds.',
    },
    {
      title: 'Message sellers',
      text: 'See something you like? Message the seller privately to ask questions and agree on a time and place.',
    },
    {
      title: 'Meet and pay in person',
      text: 'Meet somewhere public on campus, check the item, and pay the seller in person.',
    },
  ];

  return (
    <PolicyPage
      title={MESSAGES.settingsHowItWorks}
      intro={
        <p>
          {site} is the buy / sell group for {schoolOf(campus)}: textbooks, furniture, tickets,
          sublets and everything in between, from people you share a campus with.
        </p>
      }
      sections={[
        {
          id: 'steps',
          title: 'Four steps',
          content: (
            <ol className={styles.steps}>
              {steps.map((step, index) => (
                <li key={step.title}>
                  <span className={styles.stepNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className={styles.stepBody}>
                    <strong className={styles.stepTitle}>{step.title}</strong>
                    <span>{step.text}</span>
                  </span>
                </li>
              ))}
            </ol>
          ),
        },
        {
          id: 'why-school-email',
          title: 'Why a school e-mail?',
          content: (
            <p>
              A .edu address is the simplest proof that someone is really a student here. It keeps{' '}
              {site} a private community of classmates rather than an open marketplace, and it is
              used for nothing else: it never appears on your profile.
            </p>
          ),
        },
        {
          id: 'tips',
          title: 'Tips for a good sale',
          content: (
            <ul>
              <li>Use clear photos in daylight, and show any wear or damage.</li>
              <li>
                <Link to="/search">Search</Link> first to see what similar items go for, then price
                to sell.
              </li>
              <li>Reply quickly: the first seller to answer usually makes the sale.</li>
              <li>
                Follow our <Link to="/settings/trust_and_safety">Trust and Safety</Link> guidelines
                when you meet.
              </li>
            </ul>
          ),
        },
      ]}
    />
  );
}
