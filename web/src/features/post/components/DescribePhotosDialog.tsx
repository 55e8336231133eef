import { type FormEvent, useState } from 'react';
import type { PostDto } from '@common/schemas/posts';
import { ALT_TEXT_MAX_CHARS, MEDIA_ALT_MESSAGES as A } from '@common/words/posts';
import { AltField, altLength, suggestAlt } from '../../../components/posts/AltField';
import { useListingActions } from '../../../components/posts/use-listing-actions';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import fields from '../../../components/posts/ListingFields.module.css';
import styles from './DescribePhotosDialog.module.css';

/**
 * "Describe photos" (ADR 060): the author describes a post's photos after
 * posting, each beside its thumbnail in the composer's field. Save sends every
 * photo's description through the listing's edit, which changes nothing else.
 */
export function DescribePhotosDialog({
  post,
  open,
  onOpenChange,
}: {
  post: PostDto;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { update } = useListingActions(post.id);
  const photos = post.media.filter((m) => m.kind === 'image');
  const [alts, setAlts] = useState(() => photos.map((m) => m.alt));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleAlt = (index: number, next: string) => {
    setAlts((current) => {
      // As in the composer: typing stops at the limit; a longer paste is refused on Save.
      const typed = next.length - current[index]!.length === 1;
      if (typed && altLength(next) > ALT_TEXT_MAX_CHARS) return current;
      return current.map((alt, i) => (i === index ? next : alt));
    });
    setError(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (alts.some((alt) => altLength(alt) > ALT_TEXT_MAX_CHARS)) return setError(A.altTooLong);
    setSaving(true);
    const ok = await update(
      { mediaAlt: photos.map((m, i) => ({ id: m.id, alt: alts[i]!.trim() })) },
      A.descriptionsSaved,
    );
    setSaving(false);
    if (ok) onOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={A.describePhotos} size="md">
      <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
        <ul className={styles.photos}>
          {photos.map((photo, index) => (
            <li key={photo.id} className={styles.photo}>
              <img className={styles.thumb} src={photo.thumbUrl} alt="" />
              <AltField
                value={alts[index]!}
                number={index + 1}
                of={photos.length}
                suggestion={suggestAlt(post.text)}
                onChange={(value) => handleAlt(index, value)}
              />
            </li>
          ))}
        </ul>
        {error ? (
          <p className={fields.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" block disabled={saving}>
          {A.saveDescriptions}
        </Button>
      </form>
    </Modal>
  );
}
