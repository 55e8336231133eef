import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { CommentNode, PostDto } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/words/posts';
import { PROFILE_MESSAGES } from '@common/words/profiles';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import { PrivateCommunity } from '../../../components/PrivateCommunity';
import { ReportDialog } from '../../../components/reports/ReportDialog';
import { ShareDialog } from '../../../components/gates/ShareDialog';
import { SendMessageButton } from '../../../components/messaging/SendMessageButton';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useGate, useGatedOffer } from '../../../components/gates/use-gate';
import { useAlert } from '../../../components/ui/Alerts';
import { ButtonLink } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { AlertIcon, ChatIcon, CopyIcon, ShareIcon } from '../../../components/ui/Icons';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useCampus } from '../../../lib/campus';
import { copyText } from '../../../lib/clipboard';
import { deletePost, forgetOwnPost, postKeys } from '../../../lib/posts-api';
import { Avatar } from '../../../components/ui/Avatar';
import { Verified } from '../../../components/ui/VerifiedBadge';
import {
  authorName,
  ListingLine,
  MediaGrid,
  PostHeader,
  PostSpot,
  PostText,
  SaveButton,
} from '../../../components/posts/PostParts';
import parts from '../../../components/posts/PostParts.module.css';
import { createCommentPath } from '../../../components/posts/create-pages';
import { useIsMobile } from '../../../lib/use-media-query';
import { usePostPage } from '../api/posts';
import { CommentForm } from '../components/CommentForm';
import { CommentThread } from '../components/CommentThread';
import { DescribePhotosDialog } from '../components/DescribePhotosDialog';
import { EditPriceDialog, ListingMenuItems } from '../components/ListingActions';
import { ListingDetails } from '../components/ListingDetails';
import { SoldToDialog } from '../../../components/sales/SoldToDialog';
import styles from './PostPage.module.css';

const linkTo = (id: string) => `${window.location.origin}/post/${id}?redirect=true`;

/**
 * /post/{id}: parents, the post, the actions it says the viewer may take, and
 * the whole comment thread. A listing shows as a product page (ADR 048).
 */
export function PostPage() {
  const { id = '' } = useParams();
  const page = usePostPage(id);
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const gate = useGate();
  const offered = useGatedOffer();
  const commentBox = useRef<HTMLTextAreaElement>(null);
  const [deleting, setDeleting] = useState<PostDto | null>(null);
  const [sharing, setSharing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [editingPrice, setEditingPrice] = useState(false);
  const [markingSold, setMarkingSold] = useState(false);
  const [describing, setDescribing] = useState(false);

  if (page.isPending) return <Spinner />;
  if (page.error) {
    if (page.error instanceof ApiError && page.error.status === 404) return <MissingPost />;
    if (page.error instanceof ApiError && page.error.status === 401)
      return <PrivateCommunity post />;
    return (
      <section className="card empty-state">
        <h1 className="empty-state__title">{MESSAGES.somethingWentWrong}</h1>
        <p className="empty-state__text">{page.error.message}</p>
      </section>
    );
  }
  const { post, parents, comments } = page.data;
  const { can } = post;
  const kind = post.parentId ? 'comment' : 'post';
  // A top-level post with a price reads as a product page (ADR 048).
  const listing = post.parentId === null && post.price !== null;

  const handleCopy = async () => {
    if (await copyText(linkTo(post.id))) alert({ msg: MESSAGES.linkCopied, alertType: 'success' });
  };
  // On phones commenting is a page of its own.
  const handleComment = () => {
    if (!gate('comment')) return;
    if (mobile) navigate(createCommentPath(post.id, location.pathname));
    else commentBox.current?.focus();
  };
  const handleDelete = async (target: PostDto) => {
    try {
      const { topLevel } = await deletePost(target.id);
      forgetOwnPost(queryClient, target.id);
      if (target.id === post.id) {
        queryClient.removeQueries({ queryKey: postKeys.detail(post.id) });
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
        if (topLevel) {
          alert({ msg: POST_MESSAGES.postDeleted, alertType: 'success' });
          navigate('/home', { replace: true });
        } else {
          alert({ msg: POST_MESSAGES.commentRemoved, alertType: 'success' });
          navigate(post.parentId ? `/post/${post.parentId}` : '/home', { replace: true });
        }
        return;
      }
      alert({ msg: POST_MESSAGES.commentRemoved, alertType: 'success' });
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
    } catch (err) {
      alert({
        msg: err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={MESSAGES.posts.postTitle(post.author.firstName)}
        actions={
          <Dropdown.Root>
            <Dropdown.Trigger className="icon-button" aria-label={MESSAGES.posts.moreOptions}>
              <span aria-hidden="true" className={styles.dots}>
                •••
              </span>
            </Dropdown.Trigger>
            <Dropdown.Portal>
              <Dropdown.Content className="menu" align="end" sideOffset={6}>
                <Dropdown.Item className="menu__item" onSelect={() => void handleCopy()}>
                  <CopyIcon width={18} height={18} aria-hidden="true" />
                  {MESSAGES.posts.copyLink}
                </Dropdown.Item>
                {can.report ? (
                  <Dropdown.Item className="menu__item" onSelect={() => setReporting(true)}>
                    <AlertIcon width={18} height={18} aria-hidden="true" />
                    {PROFILE_MESSAGES.report}
                  </Dropdown.Item>
                ) : null}
                {can.edit ? (
                  <ListingMenuItems
                    post={post}
                    onEditPrice={() => setEditingPrice(true)}
                    onMarkSold={() => setMarkingSold(true)}
                    onDescribePhotos={() => setDescribing(true)}
                  />
                ) : null}
                {can.delete ? (
                  <Dropdown.Item
                    className={`menu__item ${styles.danger}`}
                    onSelect={() => setDeleting(post)}
                  >
                    {MESSAGES.posts.delete}
                  </Dropdown.Item>
                ) : null}
              </Dropdown.Content>
            </Dropdown.Portal>
          </Dropdown.Root>
        }
      />
      <article className={`card ${styles.card}`} aria-label={`Post by ${authorName(post.author)}`}>
        {parents.length > 0 ? (
          <ol className={styles.parents} aria-label="Replying to">
            {parents.map((parent) => (
              <li key={parent.id} className={styles.parent}>
                <Avatar person={parent.author} size={32} />
                <div className={styles.parentBody}>
                  <span>
                    <Link className={styles.name} to={`/post/${parent.id}`}>
                      {authorName(parent.author)}
                    </Link>
                    <Verified verified={parent.author.verified} />
                  </span>
                  {parent.text ? <PostText text={parent.text} /> : null}
                </div>
              </li>
            ))}
          </ol>
        ) : null}
        {listing ? (
          <ListingDetails
            post={post}
            seller={page.data.seller}
            onEditPrice={() => setEditingPrice(true)}
            onMarkSold={() => setMarkingSold(true)}
          />
        ) : (
          <>
            <PostHeader post={post} />
            <ListingLine post={post} />
            {post.text ? <PostText text={post.text} className={styles.fullText} /> : null}
            <PostSpot post={post} />
            <MediaGrid media={post.media} post={post} />
          </>
        )}
        <div className={styles.stats}>
          <Link to={`/post/${post.id}/likes`}>
            {post.likeCount} {post.likeCount === 1 ? 'save' : 'saves'}
          </Link>
          <span>
            {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
          </span>
        </div>
        {!listing && offered(can.message) ? (
          <SendMessageButton to={post.author} className="btn btn--md btn--secondary btn--block" />
        ) : null}
        <footer className={`${parts.actions} ${styles.bar}`}>
          <SaveButton post={post} />
          <button type="button" className={parts.action} onClick={handleComment}>
            <ChatIcon width={20} height={20} aria-hidden="true" />
            <span>{MESSAGES.posts.comment}</span>
          </button>
          <button type="button" className={parts.action} onClick={() => setSharing(true)}>
            <ShareIcon width={20} height={20} aria-hidden="true" />
            <span>{MESSAGES.posts.share}</span>
          </button>
        </footer>
      </article>
      <section className={`card ${styles.comments}`} aria-label="Comments">
        <CommentForm
          ref={commentBox}
          parentId={post.id}
          rootId={post.id}
          label={POST_MESSAGES.commentPlaceholder}
        />
        {comments.length === 0 ? (
          <p className={styles.noComments}>{POST_MESSAGES.beFirstToComment}</p>
        ) : (
          <CommentThread
            comments={comments}
            rootId={post.id}
            onDelete={(c: CommentNode) => setDeleting(c)}
          />
        )}
      </section>
      {/* Share: e-mail and social links plus a copy-link field. */}
      {can.report ? (
        <ReportDialog
          reported={{ targetType: kind, targetId: post.id }}
          title={REPORT_MESSAGES.title[kind]}
          description={REPORT_MESSAGES.text}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
      {can.edit ? (
        <EditPriceDialog
          key={`${post.id}:${post.price}:${post.obo}`}
          post={post}
          open={editingPrice}
          onOpenChange={setEditingPrice}
        />
      ) : null}
      {can.edit ? (
        <DescribePhotosDialog
          key={post.media.map((m) => `${m.id}:${m.alt}`).join('\n')}
          post={post}
          open={describing}
          onOpenChange={setDescribing}
        />
      ) : null}
      {can.markSold || can.edit ? (
        <SoldToDialog post={post} open={markingSold} onOpenChange={setMarkingSold} />
      ) : null}
      <ShareDialog
        open={sharing}
        onOpenChange={setSharing}
        title={MESSAGES.posts.share}
        url={linkTo(post.id)}
        postId={post.id}
        text={
          post.text
            ? [...post.text].slice(0, 80).join('')
            : MESSAGES.posts.postTitle(post.author.firstName)
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={
          deleting && deleting.id === post.id && post.depth === 0
            ? POST_MESSAGES.deletePostTitle
            : MESSAGES.posts.deleteCommentTitle
        }
        description={MESSAGES.posts.deleteText}
        confirmLabel={MESSAGES.posts.delete}
        danger
        onConfirm={() => {
          if (deleting) void handleDelete(deleting);
        }}
      />
    </div>
  );
}

/** A deleted or unknown post. */
function MissingPost() {
  const campus = useCampus();
  return (
    <section className="card empty-state">
      <CampusLogo campus={campus} size={64} />
      <h1 className="empty-state__title">{POST_MESSAGES.missingPage}</h1>
      <ButtonLink to="/search" size="lg">
        {MESSAGES.posts.search}
      </ButtonLink>
    </section>
  );
}
