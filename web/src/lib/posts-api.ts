import type { QueryClient } from '@tanstack/react-query';
import { ALL_CATEGORIES } from '@common/categories';
import { MESSAGES } from '@common/messages';
import type { CreatePostBody, MediaDto, PostDto, PostPage } from '@common/schemas/posts';
import { api, ApiError } from './api';

import { postKeys, type PostPages } from './post-keys';

export { postKeys, type PostPages };

export function fetchPostPage(id: string): Promise<PostPage> {
  return api<PostPage>(`/api/posts/${encodeURIComponent(id)}`);
}

export function createPost(body: CreatePostBody): Promise<PostDto> {
  return api<PostDto>('/api/posts', { method: 'POST', json: body });
}

export function createComment(parentId: string, text: string): Promise<PostDto> {
  return api<PostDto>('/api/posts', { method: 'POST', json: { text, parentId, mediaIds: [] } });
}

export function deletePost(id: string): Promise<{ topLevel: boolean }> {
  return api<{ topLevel: boolean }>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

/** Save (= like) or unsave a post. */
export function setSaved(id: string, saved: boolean): Promise<LikeState> {
  return api<LikeState>(`/api/posts/${encodeURIComponent(id)}/like`, {
    method: saved ? 'PUT' : 'DELETE',
  });
}

/** Applies `patch` to post `id` in every cached list and post page. */
export function patchPostEverywhere(
  queryClient: QueryClient,
  id: string,
  patch: Partial<PostDto>,
): void {
  const fix = <T extends PostDto>(p: T): T => (p.id === id ? { ...p, ...patch } : p);
  const fixTree = (nodes: (PostDto & { replies?: unknown })[]): unknown[] =>
    nodes.map((n) => {
      const fixed = fix(n);
      return Array.isArray(n.replies)
        ? { ...fixed, replies: fixTree(n.replies as PostDto[]) }
        : fixed;
    });
  queryClient.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    if ('pages' in data) {
      const feed = data as PostPages;
      return {
        ...feed,
        pages: feed.pages.map((page) => ({ ...page, items: page.items.map(fix) })),
      };
    }
    if ('post' in data && 'comments' in data) {
      const page = data as PostPage;
      return {
        ...page,
        post: fix(page.post),
        parents: page.parents.map(fix),
        comments: fixTree(page.comments),
      };
    }
    return data;
  });
}

/**
 * Puts a new top-level post on top of the first page of every cached feed it
 * belongs to (all categories, and its own). A post already listed stays where it is.
 */
export function prependToFeeds(queryClient: QueryClient, post: PostDto): void {
  for (const category of [ALL_CATEGORIES, post.category ?? '']) {
    if (!category) continue;
    queryClient.setQueryData<PostPages>(postKeys.feed(category), (feed) => {
      if (!feed || feed.pages.length === 0) return feed;
      if (feed.pages.some((page) => page.items.some((p) => p.id === post.id))) return feed;
      const [first, ...rest] = feed.pages;
      return { ...feed, pages: [{ ...first!, items: [post, ...first!.items] }, ...rest] };
    });
  }
}

/** Whether a cached feed already lists post `id`. */
export function isInFeeds(queryClient: QueryClient, id: string): boolean {
  return queryClient
    .getQueriesData<PostPages>({ queryKey: postKeys.feeds })
    .some(([, feed]) => feed?.pages.some((page) => page.items.some((p) => p.id === id)));
}

/**
 * Uploads one file with XMLHttpRequest, which (unlike fetch) reports upload
 * progress: `onProgress(loadedBytes)`.
 */
export function uploadFile(file: File, onProgress: (loaded: number) => void): Promise<MediaDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.setRequestHeader('x-quad-csrf', '1');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const body = xhr.response as
        (MediaDto & { error?: undefined }) | { error?: { code?: string; message?: string } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && 'id' in body) {
        onProgress(file.size);
        resolve(body);
      } else {
        const error = body && 'error' in body ? body.error : undefined;
        reject(
          new ApiError(
            xhr.status,
            error?.code ?? 'upload_failed',
            error?.message ?? MESSAGES.somethingWentWrong,
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
