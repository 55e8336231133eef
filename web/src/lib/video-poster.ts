import type { MediaDto } from '@common/schemas/posts';
import { VIDEO_DURATION_MAX_MS } from '@common/words/posts';
import { uploadWithProgress } from './upload';

/** Where the poster frame is taken: half a second in, past a fade from black (ADR 060). */
const POSTER_AT_SECONDS = 0.5;
/** The poster's longest side: the feed's size; the server re-encodes it anyway. */
const POSTER_LONG_SIDE = 1280;
/** A video that will not load or seek within this long gets no poster. */
const CAPTURE_TIMEOUT_MS = 10_000;

export interface CapturedPoster {
  image: File;
  /** The video's length in whole milliseconds; undefined when the browser could not tell. */
  durationMs: number | undefined;
}

/**
 * Draws one frame of a video the student chose into a canvas and encodes it
 * as JPEG, with the video's length: a hidden <video> seeks to 0.5 s (or the
 * first frame of a shorter one). Null when this browser cannot decode the
 * file (a codec it lacks): the video is then posted without a poster, as before.
 */
export async function capturePoster(file: File): Promise<CapturedPoster | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    await within(CAPTURE_TIMEOUT_MS, loaded(video, url));
    const seconds = Number.isFinite(video.duration) ? video.duration : 0;
    await within(CAPTURE_TIMEOUT_MS, seek(video, Math.min(POSTER_AT_SECONDS, seconds / 2)));
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return null;
    const scale = Math.min(1, POSTER_LONG_SIDE / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.85));
    if (!blob) return null;
    const durationMs = Math.round(seconds * 1000);
    return {
      image: new File([blob], 'poster.jpg', { type: 'image/jpeg' }),
      durationMs: durationMs >= 1 && durationMs <= VIDEO_DURATION_MAX_MS ? durationMs : undefined,
    };
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** Sends a captured poster for an uploaded video, not yet posted; answers the video's media. */
export function uploadPoster(mediaId: string, poster: CapturedPoster): Promise<MediaDto> {
  const query = poster.durationMs ? `?durationMs=${poster.durationMs}` : '';
  return uploadWithProgress<MediaDto>(
    'POST',
    `/api/uploads/${encodeURIComponent(mediaId)}/poster${query}`,
    poster.image,
    () => undefined,
  );
}

/** "0:42", "12:05", "1:02:09": a video's length as a label over its poster. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

function loaded(video: HTMLVideoElement, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    video.addEventListener('loadeddata', () => resolve(), { once: true });
    video.addEventListener('error', () => reject(new Error('video did not load')), { once: true });
    video.src = url;
  });
}

function seek(video: HTMLVideoElement, seconds: number): Promise<void> {
  if (seconds <= 0 || video.currentTime === seconds) return Promise.resolve();
  return new Promise((resolve, reject) => {
    video.addEventListener('seeked', () => resolve(), { once: true });
    video.addEventListener('error', () => reject(new Error('video did not seek')), { once: true });
    video.currentTime = seconds;
  });
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
