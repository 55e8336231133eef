import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/words/posts';
import { CreatePage, MobileOnly, resolveGoBack } from '../../../components/posts/create-pages';
import { PostHeader, PostText } from '../../../components/posts/PostParts';
import { Spinner } from '../../../components/ui/Spinner';
import { useViewer } from '../../../lib/session';
import { usePostPage } from '../api/posts';
import { CommentForm } from '../components/CommentForm';
import styles from './CreateCommentPage.module.css';

/**
 * /create/comment/{id}?goBack=: commenting on a post, or replying to a
 * comment, as a page on phones. Cancel and a
 * sent reply return to goBack.
 */
export function CreateCommentPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const viewer = useViewer();
  const goBack = resolveGoBack(params.get('goBack'), {
    detail: `/post/${id}`,
    profile: viewer ? `/${viewer.username}` : '/home',
  });
  return (
    <MobileOnly goBack={goBack}>
      <CreateComment id={id} goBack={goBack} />
    </MobileOnly>
  );
}

function CreateComment({ id, goBack }: { id: string; goBack: string }) {
  const navigate = useNavigate();
  const page = usePostPage(id);
  const handleBack = () => navigate(goBack, { replace: true });
  const target = page.data?.post;
  return (
    <CreatePage
      title={target && target.depth > 0 ? MESSAGES.posts.reply : MESSAGES.posts.comment}
      onCancel={handleBack}
    >
      {page.isPending ? (
        <Spinner />
      ) : !target ? (
        <p className={styles.missing} role="alert">
          {POST_MESSAGES.postDeletedMissing}
        </p>
      ) : (
        <>
          <article className={styles.target} aria-label={target.depth === 0 ? 'Post' : 'Comment'}>
            <PostHeader post={target} />
            {target.text ? <PostText text={target.text} /> : null}
          </article>
          <CommentForm
            page
            autoFocus
            parentId={target.id}
            rootId={target.rootId ?? target.id}
            label={POST_MESSAGES.commentPlaceholder}
            onSent={handleBack}
          />
        </>
      )}
    </CreatePage>
  );
}
