import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { CommentNode } from '@common/schemas/posts';
import { timeAgo } from '@common/time';
import { useGate } from '../../../components/gates/use-gate';
import { createCommentPath } from '../../../components/posts/create-pages';
import { useIsMobile } from '../../../lib/use-media-query';
import { CommentForm } from './CommentForm';
import { authorName, MediaGrid, PostText } from '../../../components/posts/PostParts';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { Avatar } from '../../../components/ui/Avatar';
import styles from './Comments.module.css';

/** Comments of any depth, nested; each offers Delete when its `can` says so (ADR 044). */
export function CommentThread({
  comments,
  rootId,
  onDelete,
}: {
  comments: CommentNode[];
  rootId: string;
  onDelete(comment: CommentNode): void;
}) {
  return (
    <ul className={styles.thread}>
      {comments.map((c) => (
        <CommentItem key={c.id} comment={c} rootId={rootId} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function CommentItem({
  comment,
  rootId,
  onDelete,
}: {
  comment: CommentNode;
  rootId: string;
  onDelete(comment: CommentNode): void;
}) {
  const gate = useGate();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useIsMobile();
  const [replying, setReplying] = useState(false);
  const created = new Date(comment.createdAt);
  const name = authorName(comment.author);
  // On phones a reply is written on its own page.
  const handleReply = () => {
    if (!gate('comment')) return;
    if (mobile) navigate(createCommentPath(comment.id, location.pathname));
    else setReplying((r) => !r);
  };
  return (
    <li className={styles.item}>
      <article className={styles.comment} aria-label={`Comment by ${name}`}>
        <Avatar person={comment.author} size={32} />
        <div className={styles.body}>
          <div className={styles.bubble}>
            <div className={styles.head}>
              <span>
                <Link className={styles.name} to={`/${comment.author.username}`}>
                  {name}
                </Link>
                <Verified verified={comment.author.verified} />
              </span>
              <Link className={styles.time} to={`/post/${comment.id}`}>
                <time dateTime={created.toISOString()}>{timeAgo(created)}</time>
              </Link>
            </div>
            {comment.text ? <PostText text={comment.text} /> : null}
            <MediaGrid media={comment.media} />
          </div>
          <div className={styles.tools}>
            <button type="button" className={styles.tool} onClick={handleReply}>
              {MESSAGES.posts.reply}
            </button>
            {comment.can.delete ? (
              <button type="button" className={styles.tool} onClick={() => onDelete(comment)}>
                {MESSAGES.posts.delete}
              </button>
            ) : null}
          </div>
          {replying ? (
            <CommentForm
              parentId={comment.id}
              rootId={rootId}
              label={`Reply to ${name}`}
              autoFocus
              onSent={() => setReplying(false)}
            />
          ) : null}
        </div>
      </article>
      {comment.replies.length > 0 ? (
        <div className={styles.replies}>
          <CommentThread comments={comment.replies} rootId={rootId} onDelete={onDelete} />
        </div>
      ) : null}
    </li>
  );
}
