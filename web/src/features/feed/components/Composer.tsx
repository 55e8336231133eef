import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Category, CATEGORIES } from '@common/categories';
import { POST_MAX_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import { MAX_FILES_PER_POST, POST_MESSAGES } from '@common/schemas/posts';
import { countPostCharacters } from '@common/text';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog, Modal, ProgressDialog } from '../../../components/ui/Dialog';
import { ChevronDownIcon, CloseIcon, ImageIcon } from '../../../components/ui/Icons';
import { ApiError } from '../../../lib/api';
import { createPost, postKeys, prependToFeeds, uploadFile } from '../api/posts';
import styles from './Composer.module.css';

const ALLOWED = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'mp4', 'mov', 'avi'];
const VIDEO = ['mp4', 'mov', 'avi'];
const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

interface Draft {
  file: File;
  preview: string;
  video: boolean;
}

/** The "Create Post" dialog (spec core §2 Composer, §4 Post creation, §5). */
export function Composer({ open, onClose }: { open: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<Category | null>(null);
  const [files, setFiles] = useState<Draft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'compose' | 'categories'>('compose');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const count = countPostCharacters(text);
  const dirty = text.trim().length > 0 || files.length > 0;

  // Previews are object URLs: free them with the draft.
  const filesRef = useRef(files);
  filesRef.current = files;
  useEffect(() => () => filesRef.current.forEach((f) => URL.revokeObjectURL(f.preview)), []);

  const reset = () => {
    files.forEach((f) => URL.revokeObjectURL(f.preview));
    setText('');
    setCategory(null);
    setFiles([]);
    setError(null);
    setView('compose');
  };

  const handleOpenChange = (next: boolean) => {
    if (next || progress !== null) return;
    if (dirty) setConfirmDiscard(true);
    else {
      reset();
      onClose();
    }
  };

  const handleText = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const next = event.target.value;
    // Typing stops at the limit; a longer paste is kept and refused on submit.
    const typed = next.length - text.length === 1;
    if (typed && countPostCharacters(next) > POST_MAX_CHARS) return;
    setText(next);
    setError(null);
  };

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const allowed = chosen.filter((f) => ALLOWED.includes(extensionOf(f.name)));
    if (allowed.length < chosen.length) {
      alert({ msg: POST_MESSAGES.onlyPhotosVideos, alertType: 'danger' });
    }
    const room = MAX_FILES_PER_POST - files.length;
    if (allowed.length > room) alert({ msg: POST_MESSAGES.tooManyFiles, alertType: 'okay' });
    const added = allowed.slice(0, Math.max(0, room)).map((file) => ({
      file,
      preview: URL.createObjectURL(file),
      video: VIDEO.includes(extensionOf(file.name)),
    }));
    if (added.length > 0) {
      setFiles((list) => [...list, ...added]);
      setError(null);
    }
  };

  const handleRemove = (index: number) => {
    setFiles((list) => {
      const gone = list[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((_, i) => i !== index);
    });
  };

  const handleCategory = (next: Category | null) => {
    if (next !== category) alert({ msg: POST_MESSAGES.categorySwitched, alertType: 'success' });
    setCategory(next);
    setView('compose');
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (count > POST_MAX_CHARS) return setError(POST_MESSAGES.tooManyCharacters);
    if (text.trim().length === 0 && files.length === 0) {
      return setError(POST_MESSAGES.needTextOrFile);
    }
    setError(null);
    const total = files.reduce((sum, f) => sum + f.file.size, 0) || 1;
    let done = 0;
    setProgress(0);
    try {
      const mediaIds: string[] = [];
      for (const draft of files) {
        const media = await uploadFile(draft.file, (loaded) =>
          setProgress(Math.min(0.95, (done + loaded) / total)),
        );
        done += draft.file.size;
        mediaIds.push(media.id);
      }
      setProgress(0.97);
      const post = await createPost({ text, category, mediaIds });
      setProgress(1);
      prependToFeeds(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' });
      reset();
      onClose();
      alert({
        msg: POST_MESSAGES.postSent,
        alertType: 'success',
        link: { to: `/post/${post.id}`, label: 'View' },
      });
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong;
      setError(msg);
      alert({ msg, alertType: 'danger' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Modal
        open={open}
        onOpenChange={handleOpenChange}
        title={view === 'compose' ? MESSAGES.posts.createPost : POST_MESSAGES.boostVisibility}
        description={view === 'categories' ? POST_MESSAGES.boostVisibilityText : undefined}
        size="md"
      >
        {view === 'categories' ? (
          <CategoryMenu
            value={category}
            onChange={handleCategory}
            onBack={() => setView('compose')}
          />
        ) : (
          <form className={styles.form} onSubmit={handleSubmit} noValidate>
            <label htmlFor={textId} className="visually-hidden">
              {POST_MESSAGES.composerPlaceholder}
            </label>
            <textarea
              id={textId}
              className={styles.textarea}
              placeholder={POST_MESSAGES.composerPlaceholder}
              value={text}
              onChange={handleText}
              rows={5}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${textId}-count`}
              autoFocus
            />
            <div className={styles.row}>
              <button
                type="button"
                className={styles.categoryButton}
                onClick={() => setView('categories')}
              >
                <span className={styles.categoryLabel}>
                  {category ?? MESSAGES.posts.addCategory}
                </span>
                <ChevronDownIcon width={16} height={16} aria-hidden="true" />
              </button>
              <span
                id={`${textId}-count`}
                className={`${styles.counter} ${count > POST_MAX_CHARS ? styles.over : ''}`}
                aria-live="polite"
              >
                {count} / {POST_MAX_CHARS}
              </span>
            </div>
            {files.length > 0 ? (
              <ul className={styles.previews} aria-label="Attached files">
                {files.map((draft, index) => (
                  <li key={draft.preview} className={styles.preview}>
                    {draft.video ? (
                      <video src={draft.preview} muted playsInline preload="metadata" />
                    ) : (
                      <img src={draft.preview} alt={`Attachment ${index + 1}`} />
                    )}
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={`Remove attachment ${index + 1}`}
                      onClick={() => handleRemove(index)}
                    >
                      <CloseIcon width={14} height={14} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <div className={styles.footer}>
              <input
                ref={fileInput}
                type="file"
                multiple
                accept={ALLOWED.map((e) => `.${e}`).join(',') + ',image/*,video/*'}
                className="visually-hidden"
                aria-label={MESSAGES.posts.addMedia}
                onChange={handleFiles}
                tabIndex={-1}
              />
              <button
                type="button"
                className={`icon-button ${styles.attach}`}
                aria-label={MESSAGES.posts.addMedia}
                title={MESSAGES.posts.addMedia}
                onClick={() => fileInput.current?.click()}
              >
                <ImageIcon width={22} height={22} />
              </button>
              <span className={styles.fileCount}>
                {files.length > 0 ? `${files.length} / ${MAX_FILES_PER_POST}` : null}
              </span>
              <Button type="submit" disabled={progress !== null}>
                {MESSAGES.posts.post}
              </Button>
            </div>
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={MESSAGES.posts.discardPostTitle}
        description={MESSAGES.posts.discardPostText}
        confirmLabel={MESSAGES.posts.discard}
        danger
        onConfirm={() => {
          reset();
          onClose();
        }}
      />
      <ProgressDialog
        open={progress !== null}
        title={files.length > 0 ? MESSAGES.posts.uploading : MESSAGES.posts.posting}
        progress={progress ?? 0}
      />
    </>
  );
}

/** "Boost visibility": every category, one choice (spec core §2 Composer). */
function CategoryMenu({
  value,
  onChange,
  onBack,
}: {
  value: Category | null;
  onChange(category: Category | null): void;
  onBack(): void;
}) {
  const options: (Category | null)[] = [null, ...CATEGORIES];
  return (
    <div className={styles.categories}>
      <ul className={styles.categoryList} aria-label={MESSAGES.posts.category}>
        {options.map((option) => (
          <li key={option ?? 'none'}>
            <button
              type="button"
              className={`${styles.categoryOption} ${option === value ? styles.selected : ''}`}
              aria-pressed={option === value}
              onClick={() => onChange(option)}
            >
              {option ?? MESSAGES.posts.noCategory}
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" block onClick={onBack}>
        {MESSAGES.signIn.cancel}
      </Button>
    </div>
  );
}
