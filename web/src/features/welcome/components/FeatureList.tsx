import {
  BellIcon,
  BookmarkIcon,
  ChatIcon,
  ImageIcon,
  SearchIcon,
  SendIcon,
} from '../../../components/ui/Icons';
import styles from './FeatureList.module.css';

const features = [
  {
    Icon: ImageIcon,
    title: 'Photos and videos',
    text: 'Show the real thing: add photos or a short video to any post.',
  },
  {
    Icon: ChatIcon,
    title: 'Threaded comments',
    text: 'Ask about size, condition or price in replies that stay under the post.',
  },
  {
    Icon: BookmarkIcon,
    title: 'Saves',
    text: "Save the posts you're eyeing and come back to them in one place.",
  },
  {
    Icon: SendIcon,
    title: 'Direct messages',
    text: 'Settle the details privately with the seller, or share a post with a friend.',
  },
  {
    Icon: BellIcon,
    title: 'Notifications',
    text: 'Hear about new comments, replies and messages in the app and by e-mail.',
  },
  {
    Icon: SearchIcon,
    title: 'Search',
    text: 'Find posts, people and schools, with your recent searches one tap away.',
  },
];

/** What members get, in one short line each. */
export function FeatureList() {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="features-title">
      <h2 id="features-title" className={styles.heading}>
        Everything you need to buy and sell
      </h2>
      <ul className={styles.grid}>
        {features.map(({ Icon, title, text }) => (
          <li key={title} className={styles.feature}>
            <span className={styles.icon} aria-hidden="true">
              <Icon width={22} height={22} />
            </span>
            <div>
              <h3 className={styles.title}>{title}</h3>
              <p className={styles.text}>{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
