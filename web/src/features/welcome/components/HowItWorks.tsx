import styles from './HowItWorks.module.css';

const steps = [
  {
    title: 'Find your school',
    text: 'Search for your university and open its own Buy / Sell site. Each school is a separate community.',
  },
  {
    title: 'Verify with your .edu e-mail',
    text: "We e-mail a code to your school address. Entering it shows you're a student there, and so is everyone you deal with.",
  },
  {
    title: 'Post in under 30 seconds',
    text: 'Add a few photos or a video, write a line about the item and post. Your classmates see it in the campus feed.',
  },
  {
    title: 'Meet and pay in person',
    text: 'Agree on the details in comments or messages, meet somewhere public on campus, check the item and pay there.',
  },
];

/** The how-it-works guide of the welcome page. */
export function HowItWorks() {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className={styles.heading}>
        How it works
      </h2>
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            <div className={styles.body}>
              <h3 className={styles.title}>{step.title}</h3>
              <p className={styles.text}>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
