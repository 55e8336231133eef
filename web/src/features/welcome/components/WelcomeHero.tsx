import { CashIcon, ClockIcon, ShieldCheckIcon } from '../../../components/ui/Icons';
import { CampusActions } from './CampusActions';
import styles from './WelcomeHero.module.css';

const promises = [
  { Icon: ShieldCheckIcon, text: 'A .edu e-mail verifies you' },
  { Icon: ClockIcon, text: 'Post in under 30 seconds' },
  { Icon: CashIcon, text: 'Pay in person' },
];

/** The top of the welcome page: what the product is, and the way in. */
export function WelcomeHero() {
  return (
    <section className={styles.hero} aria-labelledby="welcome-title">
      <div className={styles.glow} aria-hidden="true" />
      <p className={styles.eyebrow}>Student marketplaces for your campus</p>
      <h1 id="welcome-title" className={styles.title}>
        Buy and sell with students at your school.
      </h1>
      <p className={styles.lead}>
        Every school gets its own private Buy / Sell community. Your .edu e-mail proves you belong,
        a post takes under 30 seconds, and you pay in person when you meet.
      </p>
      <CampusActions />
      <ul className={styles.promises}>
        {promises.map(({ Icon, text }) => (
          <li key={text} className={styles.promise}>
            <Icon width={18} height={18} />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
