import { MESSAGES } from '@common/messages';
import { ApiError } from './api';

/**
 * Sends one file as the multipart field "file" with XMLHttpRequest, which
 * (unlike fetch) reports upload progress: `onProgress(loadedBytes)`. Resolves
 * with the JSON answer; rejects with an ApiError carrying the server's message.
 */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  url: string,
  file: File,
  onProgress: (loaded: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('x-quad-csrf', '1');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const body = xhr.response as { error?: { code?: string; message?: string } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && !body.error) {
        onProgress(file.size);
        resolve(body as T);
      } else {
        reject(
          new ApiError(
            xhr.status,
            body?.error?.code ?? 'upload_failed',
            body?.error?.message ?? MESSAGES.somethingWentWrong,
          ),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', MESSAGES.somethingWentWrong));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
