import { Link } from 'react-router';
import type { CommentNode } from '@common/schemas/posts';
import { PROFILE_MESSAGES } from '@common/words/profiles';
import { timeAgo } from '@common/time';
import { Avatar } from '../ui/Avatar';
import { authorName, MediaGrid, PostText } from './PostParts';
import { Verified } from '../ui/VerifiedBadge';
import styles from './ReplyTree.module.css';

/**
 * The replies below a post in a list (a profile's posts), nested at any depth,
 * oldest first. To answer one, its time leads to its page, where the thread can
 * be written to.
 */
export function ReplyTree({ replies, label }: { replies: CommentNode[]; label: string }) {
  return (
    <ul className={styles.tree} aria-label={label}>
      {replies.map((reply) => (
        <Reply key={reply.id} reply={reply} />
      ))}
    </ul>
  );
}

function Reply({ reply }: { reply: CommentNode }) {
  const created = new Date(reply.createdAt);
  const name = authorName(reply.author);
  return (
    <li className={styles.item}>
      <article className={styles.reply} aria-label={`Comment by ${name}`}>
        <Avatar person={reply.author} size={28} />
        <div className={styles.bubble}>
          <div className={styles.head}>
            <span>
              <Link className={styles.name} to={`/${reply.author.username}`}>
                {name}
              </Link>
              <Verified verified={reply.author.verified} />
            </span>
            <Link className={styles.time} to={`/post/${reply.id}`}>
              <time dateTime={created.toISOString()}>{timeAgo(created)}</time>
            </Link>
          </div>
          {reply.text ? <PostText text={reply.text} /> : null}
          <MediaGrid media={reply.media} />
        </div>
      </article>
      {reply.replies.length > 0 ? (
        <div className={styles.nested}>
          <ReplyTree replies={reply.replies} label={PROFILE_MESSAGES.repliesLabel(name)} />
        </div>
      ) : null}
    </li>
  );
}
