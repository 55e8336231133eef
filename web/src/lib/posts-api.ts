import type { QueryClient } from '@tanstack/react-query';
import { ALL_CATEGORIES } from '@common/categories';
import type {
  CreatePostBody,
  MediaDto,
  PostDto,
  PostList,
  PostPage,
  UpdateListingBody,
} from '@common/schemas/posts';
import { api } from './api';
import { uploadWithProgress } from './upload';

import { postKeys, type PostPages } from './post-keys';
import { earnInstallOffer } from './pwa';

export { postKeys, type PostPages };

export function fetchPostPage(id: string): Promise<PostPage> {
  return api<PostPage>(`/api/posts/${encodeURIComponent(id)}`);
}

export async function createPost(body: CreatePostBody): Promise<PostDto> {
  const post = await api<PostDto>('/api/posts', { method: 'POST', json: body });
  // A first post earns the offer to install the app (ADR 058).
  earnInstallOffer();
  return post;
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
    if (Array.isArray(data)) return (data as PostDto[]).map(fix);
    if ('pages' in data) {
      const feed = data as PostPages;
      return {
        ...feed,
        // A profile's posts carry their replies and what a comment answers.
        pages: feed.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => {
            const entry = item as PostDto & { replies?: unknown; replyTo?: PostDto | null };
            const fixed: typeof entry = fix(entry);
            if (Array.isArray(entry.replies)) fixed.replies = fixTree(entry.replies as PostDto[]);
            if (entry.replyTo) fixed.replyTo = fix(entry.replyTo);
            return fixed;
          }),
        })),
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

/**
 * Remembers a post the viewer just made, for this visit: the feed keeps it on
 * top (`withOwnPostsOnTop`). Without this, the feed read again from the server
 * (on a phone, coming back from /create/post) shows the server's order, and
 * on the ranked campus an older post with comments outranks a new one.
 */
export function rememberOwnPost(queryClient: QueryClient, post: PostDto): void {
  // Kept until the page is left or the student logs out (which clears the cache).
  queryClient.setQueryDefaults(postKeys.own, { gcTime: Infinity, staleTime: Infinity });
  queryClient.setQueryData<PostDto[]>(postKeys.own, (own = []) => [
    post,
    ...own.filter((p) => p.id !== post.id),
  ]);
}

/** A deleted post is no longer kept on top. */
export function forgetOwnPost(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<PostDto[]>(postKeys.own, (own) => own?.filter((p) => p.id !== id));
}

/**
 * A page of feed `category` as the server sent it, with the viewer's own posts
 * of this visit (that belong to it) moved to the top of the first page and
 * left out of later ones. The server's copy of such a post wins when it has one.
 */
export function withOwnPostsOnTop(
  queryClient: QueryClient,
  category: string,
  page: PostList,
  first: boolean,
): PostList {
  const own = (queryClient.getQueryData<PostDto[]>(postKeys.own) ?? []).filter(
    (p) => category === ALL_CATEGORIES || p.category === category,
  );
  if (own.length === 0) return page;
  const ids = new Set(own.map((p) => p.id));
  const rest = page.items.filter((p) => !ids.has(p.id));
  if (!first) return { ...page, items: rest };
  const fresh = new Map(page.items.map((p) => [p.id, p]));
  return { ...page, items: [...own.map((p) => fresh.get(p.id) ?? p), ...rest] };
}

/** Whether a cached feed already lists post `id`. */
export function isInFeeds(queryClient: QueryClient, id: string): boolean {
  return queryClient
    .getQueriesData<PostPages>({ queryKey: postKeys.feeds })
    .some(([, feed]) => feed?.pages.some((page) => page.items.some((p) => p.id === id)));
}

/** Uploads one photo or video of a post or message, reporting `onProgress(loadedBytes)`. */
export function uploadFile(file: File, onProgress: (loaded: number) => void): Promise<MediaDto> {
  return uploadWithProgress<MediaDto>('POST', '/api/uploads', file, onProgress);
}

/** The seller's change to a listing: price, "or best offer", condition or status (ADR 023). */
export function updateListing(id: string, body: UpdateListingBody): Promise<PostDto> {
  return api<PostDto>(`/api/posts/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

/** "Still available" and Renew (ADR 029): the seller bumps a listing, once a week. */
export function renewListing(id: string): Promise<PostDto> {
  return api<PostDto>(`/api/posts/${encodeURIComponent(id)}/renew`, { method: 'POST' });
}
