import { useCampus } from '../../../lib/campus';
import { instagramUrl } from './campus-text';
import { MailIcon, ExternalIcon, InstagramIcon } from '../../../components/ui/Icons';
import styles from './ContactOptions.module.css';

/** The two ways to reach the campus team: Instagram direct messages and the support e-mail. */
export function ContactOptions({ subject }: { subject: string }) {
  const campus = useCampus();
  return (
    <ul className={styles.options} aria-label="Ways to reach us">
      <li>
        <a
          className={styles.option}
          href={instagramUrl(campus)}
          target="_blank"
          rel="noreferrer noopener"
        >
          <span className={`${styles.badge} ${styles.instagram}`}>
            <InstagramIcon width={20} height={20} />
          </span>
          <span className={styles.text}>
            <span className={styles.title}>Send us a DM</span>
            <span className={styles.detail}>@{campus.instagram} on Instagram</span>
            <span className={styles.note}>Quickest for short questions.</span>
          </span>
          <ExternalIcon className={styles.arrow} width={16} height={16} />
          <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </li>
      <li>
        <a
          className={styles.option}
          href={`mailto:${campus.supportEmail}?subject=${encodeURIComponent(subject)}`}
        >
          <span className={styles.badge}>
            <MailIcon width={20} height={20} />
          </span>
          <span className={styles.text}>
            <span className={styles.title}>E-mail us</span>
            <span className={styles.detail}>{campus.supportEmail}</span>
            <span className={styles.note}>Best when you have details or screenshots to share.</span>
          </span>
        </a>
      </li>
    </ul>
  );
}
