import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { Category } from '@common/categories';
import { type Condition, LISTING_MESSAGES, PRICE_MAX } from '@common/listings';
import { POST_MAX_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import { MAX_FILES_PER_POST, POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { countPostCharacters, isBlank } from '@common/text';
import { useAlert } from '../../../components/ui/Alerts';
import { ApiError } from '../../../lib/api';
import { ALLOWED_EXTENSIONS, extensionOf, isVideoName } from '../../../lib/media-files';
import {
  createPost,
  postKeys,
  prependToFeeds,
  rememberOwnPost,
  uploadFile,
} from '../../../lib/posts-api';

/** What is wrong with a typed price, with the server's words; null when it is fine or empty. */
export function priceProblem(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return LISTING_MESSAGES.priceWhole;
  return Number(value) > PRICE_MAX ? LISTING_MESSAGES.priceTooHigh : null;
}

export interface Draft {
  file: File;
  preview: string;
  video: boolean;
}

/**
 * A post being written: text,
 * category, up to 10 photos or videos, and the upload that sends them. Shared
 * by the "Create Post" dialog and the mobile /create/post page.
 */
export function useComposerDraft(initialCategory: Category | null = null) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<Category | null>(initialCategory);
  const [spotId, setSpotId] = useState('');
  const [files, setFiles] = useState<Draft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'compose' | 'categories'>('compose');
  const [progress, setProgress] = useState<number | null>(null);
  // Listing fields (ADR 023): the price as typed, in whole dollars; empty for a plain post.
  const [price, setPrice] = useState('');
  const [obo, setObo] = useState(false);
  const [condition, setCondition] = useState<Condition | ''>('');
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
    setPrice('');
    setObo(false);
    setCondition('');
    setSpotId('');
    setFiles([]);
    setError(null);
    setView('compose');
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
    const allowed = chosen.filter((f) => ALLOWED_EXTENSIONS.includes(extensionOf(f.name)));
    if (allowed.length < chosen.length) {
      alert({ msg: POST_MESSAGES.onlyPhotosVideos, alertType: 'danger' });
    }
    const room = MAX_FILES_PER_POST - files.length;
    if (allowed.length > room) alert({ msg: POST_MESSAGES.tooManyFiles, alertType: 'okay' });
    const added = allowed.slice(0, Math.max(0, room)).map((file) => ({
      file,
      preview: URL.createObjectURL(file),
      video: isVideoName(file.name),
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

  /** Uploads the files, then creates the post; null when it was refused (the error shows). */
  const submit = async (): Promise<PostDto | null> => {
    if (count > POST_MAX_CHARS) {
      setError(POST_MESSAGES.tooManyCharacters);
      return null;
    }
    if (isBlank(text) && files.length === 0) {
      setError(POST_MESSAGES.needTextOrFile);
      return null;
    }
    const priceError = priceProblem(price);
    if (priceError) {
      setError(priceError);
      return null;
    }
    if (obo && price.trim() === '') {
      setError(LISTING_MESSAGES.oboNeedsPrice);
      return null;
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
      const post = await createPost({
        text,
        category,
        mediaIds,
        ...(price.trim() !== '' ? { price: Number(price), obo } : {}),
        ...(condition ? { condition } : {}),
        spotId: spotId || null,
      });
      setProgress(1);
      prependToFeeds(queryClient, post);
      rememberOwnPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' });
      reset();
      return post;
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong;
      setError(msg);
      alert({ msg, alertType: 'danger' });
      return null;
    } finally {
      setProgress(null);
    }
  };

  return {
    text,
    category,
    spotId,
    setSpotId,
    files,
    error,
    view,
    setView,
    progress,
    count,
    dirty,
    price,
    setPrice,
    obo,
    setObo,
    condition,
    setCondition,
    reset,
    handleText,
    handleFiles,
    handleRemove,
    handleCategory,
    submit,
  };
}

export type ComposerDraft = ReturnType<typeof useComposerDraft>;
