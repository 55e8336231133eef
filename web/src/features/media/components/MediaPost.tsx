import type { PostDto } from '@common/schemas/posts';
import { PhotoButton } from '../../../components/media/PhotoButton';
import { usePhotoViewer } from '../../../components/media/use-photo-viewer';
import { VideoPlayer } from '../../../components/media/VideoPlayer';
import {
  authorName,
  CommentLink,
  ListingLine,
  PostHeader,
  PostText,
  SaveButton,
  viewerOptions,
} from '../../../components/posts/PostParts';
import parts from '../../../components/posts/PostParts.module.css';
import { Skeleton } from '../../../components/ui/Spinner';
import styles from './MediaPost.module.css';

/**
 * A post of the media detail page: author, time, the listing's price and
 * status, text, then every photo and video at feed size, one under the
 * other, and Save and Comment. Photos carry the width and height the server
 * measured, so the page keeps its place while they load; a photo opens the
 * photo viewer at it (ADR 046).
 */
export function MediaPost({ post, headingLevel = 2 }: { post: PostDto; headingLevel?: 2 | 3 }) {
  const name = authorName(post.author);
  const { open, viewer } = usePhotoViewer(post.media, viewerOptions(post));
  return (
    <article className={`card ${parts.card}`} aria-labelledby={`media-${post.id}-author`}>
      <PostHeader post={post} nameId={`media-${post.id}-author`} headingLevel={headingLevel} />
      <ListingLine post={post} />
      {post.text ? <PostText text={post.text} /> : null}
      <div className={styles.media}>
        {post.media.map((media, index) =>
          media.kind === 'image' ? (
            <PhotoButton key={media.id} onOpen={(opener) => open(index, opener)}>
              <img
                src={media.url}
                alt={media.alt || `Photo ${index + 1} of ${post.media.length} by ${name}`}
                width={media.width}
                height={media.height}
                decoding="async"
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            </PhotoButton>
          ) : (
            <VideoPlayer
              key={media.id}
              media={media}
              className={media.width ? undefined : styles.video}
              label={`Video ${index + 1} of ${post.media.length} by ${name}`}
            />
          ),
        )}
      </div>
      <footer className={parts.actions}>
        <SaveButton post={post} />
        <CommentLink post={post} />
      </footer>
      {viewer}
    </article>
  );
}

/** The shape of a media post while it loads. */
export function MediaPostSkeleton() {
  return (
    <div className={`card ${parts.card}`} aria-hidden="true">
      <div className={parts.header}>
        <Skeleton width={40} height={40} radius={999} />
        <div className={parts.meta}>
          <Skeleton width={120} height={14} />
          <Skeleton width={72} height={12} />
        </div>
      </div>
      <Skeleton height={14} width="70%" />
      <span className={styles.placeholder}>
        <Skeleton height="100%" radius={12} />
      </span>
    </div>
  );
}
