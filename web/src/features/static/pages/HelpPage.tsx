import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@common/messages';
import { useCampus } from '../../../lib/campus';
import { schoolEmailOf, schoolOf } from '../components/campus-text';
import { ContactOptions } from '../components/ContactOptions';
import { PolicyPage } from '../components/PolicyPage';
import styles from './StaticPages.module.css';

/** /settings/help: Customer Support, with contact options and the FAQs. */
export function HelpPage() {
  const campus = useCampus();
  const site = campus.productName;
  const faqs: { question: string; answer: ReactNode }[] = [
    {
      question: 'How do I verify that I am a student?',
      answer: (
        <p>
          After you sign up, enter {schoolEmailOf(campus)} when we ask for your school e-mail. We
          send a 4-digit code to that inbox; enter it within 2 hours and your account is verified.
          Codes can take a minute or two to arrive, so check your spam folder before asking for a
          new one.
        </p>
      ),
    },
    {
      question: `Why is ${site} private?`,
      answer: (
        <p>
          Because it is for students of {schoolOf(campus)} only. Keeping posts, photos and profiles
          behind a verified school e-mail keeps out scammers and strangers, and means everyone you
          deal with is part of your campus.
        </p>
      ),
    },
    {
      question: 'How do I report a post or a person?',
      answer: (
        <p>
          Open their profile and choose <strong>Report</strong>, or send us the username and what
          happened by Instagram message or e-mail. Reports are private: the person is not told who
          reported them. Read our <Link to="/settings/trust_and_safety">Trust and Safety</Link>{' '}
          guidelines for what is not allowed.
        </p>
      ),
    },
    {
      question: 'Can I return something I bought?',
      answer: (
        <p>
          Yes, if you act quickly: message the seller within 2 days of getting the item, and if that
          does not solve it, report it to us within 2 more days. After 4 days the sale is final. The
          full <Link to="/settings/returns">Return Policy</Link> has the details.
        </p>
      ),
    },
    {
      question: 'How do I pay or get paid?',
      answer: (
        <p>
          Almost always in person: meet in a public place, check the item, and pay in cash. Never
          send a wire transfer or gift card to someone you have not met.
        </p>
      ),
    },
    {
      question: 'How do I delete a post?',
      answer: (
        <p>
          Open your post, choose <strong>Delete</strong> and confirm. Sold items are best deleted
          right away so nobody keeps asking about them.
        </p>
      ),
    },
  ];

  return (
    <PolicyPage
      title={MESSAGES.settingsCustomerSupport}
      intro={
        <p>
          Questions, problems with a sale, or trouble with your account? The {site} team answers
          students directly. Send us a direct message on Instagram or write us an e-mail.
        </p>
      }
      sections={[
        {
          id: 'faqs',
          title: 'FAQs',
          content: (
            <div className={styles.faq}>
              {faqs.map((faq) => (
                <details key={faq.question}>
                  <summary>{faq.question}</summary>
                  <div className={styles.answer}>{faq.answer}</div>
                </details>
              ))}
            </div>
          ),
        },
        {
          id: 'before-you-write',
          title: 'When you write to us',
          content: (
            <p>
              Tell us your username, the post or person involved, and what happened. Screenshots
              help. We never ask for your password, in a message or anywhere else.
            </p>
          ),
        },
      ]}
    >
      <ContactOptions subject={`${site} support`} />
    </PolicyPage>
  );
}
