import { type FormEvent, useId, useRef } from 'react';
import { type Category, CATEGORIES, categoryLabel } from '@common/categories';
import { POST_MAX_CHARS } from '@common/limits';
import { CONDITION_LABELS, CONDITIONS, type Condition, LISTING_MESSAGES } from '@common/listings';
import { MESSAGES } from '@common/messages';
import { spotsOf } from '@common/meetup-spots';
import { MEETUP_MESSAGES } from '@common/words/meetups';
import { MAX_FILES_PER_POST, POST_MESSAGES } from '@common/words/posts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog, ProgressDialog } from '../../../components/ui/Dialog';
import { ChevronDownIcon, CloseIcon, ImageIcon } from '../../../components/ui/Icons';
import fields from '../../../components/posts/ListingFields.module.css';
import styles from './Composer.module.css';
import { useCampus } from '../../../lib/campus';
import { ACCEPT_MEDIA } from '../../../lib/media-files';
import { AltField } from '../../../components/posts/AltField';
import { type ComposerDraft, suggestAlt } from './use-composer-draft';

/** Which photo of the post's photos (videos not counted) the file at `index` is, from 1. */
const photoNumber = (files: ComposerDraft['files'], index: number) =>
  files.slice(0, index + 1).filter((f) => !f.video).length;

/** The composer's form: text with the n / 500 counter, category, attachments, Post. */
export function ComposerForm({
  draft,
  onSubmit,
}: {
  draft: ComposerDraft;
  onSubmit(event: FormEvent): void;
}) {
  const { text, category, files, error, progress, count } = draft;
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const spotSelectId = useId();
  const spots = spotsOf(useCampus());
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={textId} className="visually-hidden">
        {POST_MESSAGES.composerPlaceholder}
      </label>
      <textarea
        id={textId}
        className={`text-box ${styles.textarea}`}
        placeholder={POST_MESSAGES.composerPlaceholder}
        value={text}
        onChange={draft.handleText}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${textId}-count`}
        autoFocus
      />
      <div className={styles.row}>
        <button
          type="button"
          className={styles.categoryButton}
          onClick={() => draft.setView('categories')}
        >
          <span className={styles.categoryLabel}>
            {category ? categoryLabel(category) : MESSAGES.posts.addCategory}
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
      <ListingFields draft={draft} />
      <div className={styles.spotRow}>
        <label htmlFor={spotSelectId} className={styles.spotLabel}>
          {MEETUP_MESSAGES.meetAt}
        </label>
        <select
          id={spotSelectId}
          className={styles.spotSelect}
          value={draft.spotId}
          onChange={(e) => draft.setSpotId(e.target.value)}
        >
          <option value="">{MEETUP_MESSAGES.noSpot}</option>
          {spots.map((spot) => (
            <option key={spot.id} value={spot.id}>
              {spot.name}
            </option>
          ))}
        </select>
      </div>
      {files.length > 0 ? (
        <ul className={styles.previews} aria-label="Attached files">
          {files.map((file, index) => (
            <li key={file.preview} className={styles.attachment}>
              <div className={styles.preview}>
                {file.video ? (
                  <video src={file.preview} muted playsInline preload="metadata" />
                ) : (
                  <img src={file.preview} alt={`Attachment ${index + 1}`} />
                )}
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Remove attachment ${index + 1}`}
                  onClick={() => draft.handleRemove(index)}
                >
                  <CloseIcon width={14} height={14} />
                </button>
              </div>
              {file.video ? null : (
                <AltField
                  value={file.alt}
                  number={photoNumber(files, index)}
                  of={files.filter((f) => !f.video).length}
                  suggestion={suggestAlt(text)}
                  onChange={(value) => draft.handleAlt(index, value)}
                />
              )}
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
          accept={ACCEPT_MEDIA}
          className="visually-hidden"
          aria-label={MESSAGES.posts.addMedia}
          onChange={draft.handleFiles}
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
  );
}

/** Price, "or best offer" and condition: optional, one compact row (ADR 023). */
function ListingFields({ draft }: { draft: ComposerDraft }) {
  const id = useId();
  return (
    <fieldset className={styles.listing}>
      <legend className="visually-hidden">Listing</legend>
      <label className={styles.priceField} htmlFor={`${id}-price`}>
        <span className={styles.fieldLabel}>{LISTING_MESSAGES.price}</span>
        <span className={styles.dollar} aria-hidden="true">
          $
        </span>
        <input
          id={`${id}-price`}
          className={`${fields.control} ${styles.priceInput}`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={draft.price}
          onChange={(event) => draft.setPrice(event.target.value)}
        />
      </label>
      <label className={styles.obo}>
        <input
          type="checkbox"
          checked={draft.obo}
          onChange={(event) => draft.setObo(event.target.checked)}
        />
        {LISTING_MESSAGES.oboShort}
        <span className="visually-hidden"> ({LISTING_MESSAGES.obo})</span>
      </label>
      <label className={styles.conditionField}>
        <span className="visually-hidden">{LISTING_MESSAGES.condition}</span>
        <select
          className={`${fields.control} ${styles.conditionSelect}`}
          value={draft.condition}
          onChange={(event) => draft.setCondition(event.target.value as Condition | '')}
        >
          <option value="">{LISTING_MESSAGES.condition}</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** "Boost visibility": every category, one choice. */
export function CategoryMenu({
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
              {option ? categoryLabel(option) : MESSAGES.posts.noCategory}
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

/** "Discard Post?" before a draft is dropped, and the blocking upload progress. */
export function ComposerDialogs({
  draft,
  confirmDiscard,
  onConfirmDiscardChange,
  onDiscard,
}: {
  draft: ComposerDraft;
  confirmDiscard: boolean;
  onConfirmDiscardChange(open: boolean): void;
  onDiscard(): void;
}) {
  return (
    <>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={onConfirmDiscardChange}
        title={MESSAGES.posts.discardPostTitle}
        description={MESSAGES.posts.discardPostText}
        confirmLabel={MESSAGES.posts.discard}
        danger
        onConfirm={() => {
          draft.reset();
          onDiscard();
        }}
      />
      <ProgressDialog
        open={draft.progress !== null}
        title={draft.files.length > 0 ? MESSAGES.posts.uploading : MESSAGES.posts.posting}
        progress={draft.progress ?? 0}
      />
    </>
  );
}
