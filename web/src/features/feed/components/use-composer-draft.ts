import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { Category } from '@common/categories';
import { type Condition, LISTING_MESSAGES, PRICE_MAX } from '@common/listings';
import { POST_MAX_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import {
  ALT_TEXT_MAX_CHARS,
  MAX_FILES_PER_POST,
  MEDIA_ALT_MESSAGES,
  POST_MESSAGES,
} from '@common/words/posts';
import { countPostCharacters, isBlank } from '@common/text';
import { altLength } from '../../../components/posts/AltField';

export { suggestAlt } from '../../../components/posts/AltField';
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
import { type CapturedPoster, capturePoster, uploadPoster } from '../../../lib/video-poster';

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
  /** The seller's description of a photo (ADR 060); '' for none. */
  alt: string;
  /** A video's poster frame and length, captured as it is chosen; null for photos. */
  poster: Promise<CapturedPoster | null> | null;
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
    const added = allowed.slice(0, Math.max(0, room)).map((file): Draft => {
      const video = isVideoName(file.name);
      return {
        file,
        preview: URL.createObjectURL(file),
        video,
        alt: '',
        poster: video ? capturePoster(file) : null,
      };
    });
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

  /** A photo's description: typing stops at the limit; a longer paste is refused on submit. */
  const handleAlt = (index: number, next: string) => {
    setFiles((list) =>
      list.map((draft, i) => {
        if (i !== index) return draft;
        const typed = next.length - draft.alt.length === 1;
        if (typed && altLength(next) > ALT_TEXT_MAX_CHARS) return draft;
        return { ...draft, alt: next };
      }),
    );
    setError(null);
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
    if (files.some((f) => altLength(f.alt) > ALT_TEXT_MAX_CHARS)) {
      setError(MEDIA_ALT_MESSAGES.altTooLong);
      return null;
    }
    setError(null);
    const total = files.reduce((sum, f) => sum + f.file.size, 0) || 1;
    let done = 0;
    setProgress(0);
    try {
      const mediaIds: string[] = [];
      const mediaAlt: { id: string; alt: string }[] = [];
      for (const draft of files) {
        const media = await uploadFile(draft.file, (loaded) =>
          setProgress(Math.min(0.95, (done + loaded) / total)),
        );
        done += draft.file.size;
        mediaIds.push(media.id);
        if (!draft.video && draft.alt.trim() !== '')
          mediaAlt.push({ id: media.id, alt: draft.alt });
        // A poster is a nicety: a video this browser cannot decode, or a refused poster, posts without.
        const poster = await draft.poster;
        if (poster) await uploadPoster(media.id, poster).catch(() => undefined);
      }
      setProgress(0.97);
      const post = await createPost({
        text,
        category,
        mediaIds,
        mediaAlt,
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
    handleAlt,
    handleCategory,
    submit,
  };
}

export type ComposerDraft = ReturnType<typeof useComposerDraft>;
