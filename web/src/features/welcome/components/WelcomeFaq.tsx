import type { ReactNode } from 'react';
import { ChevronDownIcon } from '../../../components/ui/Icons';
import { useCampus } from '../../../lib/campus';
import styles from './WelcomeFaq.module.css';

/** Frequently asked questions, each a native disclosure (keyboard and screen reader ready). */
export function WelcomeFaq() {
  const campus = useCampus();
  const questions: { question: string; answer: ReactNode }[] = [
    {
      question: 'Who can join?',
      answer:
        'Students with an e-mail address at one of our schools. Anyone can sign up; to post, comment and message on your campus you verify your school (.edu) e-mail with a code we send you.',
    },
    {
      question: 'Why is each campus private?',
      answer:
        'Only signed-in members see a campus, and only students verified with its school e-mail can post, comment or message there. You deal with classmates, not strangers from across the internet.',
    },
    {
      question: 'Is it free?',
      answer: 'Yes. Joining, posting, commenting and messaging cost nothing.',
    },
    {
      question: 'How does payment work?',
      answer:
        'In person. Agree on the price in comments or messages, meet somewhere public on campus, check the item, then pay the seller there.',
    },
    {
      question: "What if my school isn't listed?",
      answer: (
        <>
          E-mail us at{' '}
          <a className={styles.link} href={`mailto:${campus.supportEmail}`}>
            {campus.supportEmail}
          </a>{' '}
          with your school's name. We open new campuses where students ask for them.
        </>
      ),
    },
  ];

  return (
    <section className={`card ${styles.section}`} aria-labelledby="faq-title">
      <h2 id="faq-title" className={styles.heading}>
        Questions and answers
      </h2>
      <div className={styles.list}>
        {questions.map(({ question, answer }) => (
          <details key={question} className={styles.item}>
            <summary className={styles.summary}>
              <span>{question}</span>
              <ChevronDownIcon className={styles.chevron} width={20} height={20} />
            </summary>
            <p className={styles.answer}>{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
