import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ALL_CATEGORIES } from '@common/categories';
import { MESSAGES } from '@common/messages';
import type { CreatePostBody, MediaDto, PostDto, PostList } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/schemas/posts';
import { useAlert } from '../../../components/ui/Alerts';
import { api, ApiError } from '../../../lib/api';

/** Every post query lives under ['posts', …] so a save or a new post can patch them all. */
export const postKeys = {
  all: ['posts'] as const,
  feed: (category: string) => ['posts', 'feed', category] as const,
  saved: ['posts', 'saved'] as const,
};

type Feed = InfiniteData<PostList, string | undefined>;

export function useFeed(category: string) {
  return useInfiniteQuery({
    queryKey: postKeys.feed(category),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('cursor', pageParam);
      if (category !== ALL_CATEGORIES) params.set('category', category);
      const query = params.toString();
      return api<PostList>(`/api/feed${query ? `?${query}` : ''}`);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useSavedPosts() {
  return useInfiniteQuery({
    queryKey: postKeys.saved,
    queryFn: ({ pageParam }) =>
      api<PostList>(`/api/saved${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
      const feed = data as Feed;
      return {
        ...feed,
        pages: feed.pages.map((page) => ({ ...page, items: page.items.map(fix) })),
      };
    }
    if ('post' in data && 'comments' in data) {
      const page = data as { post: PostDto; parents: PostDto[]; comments: PostDto[] };
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

/** Save (= like) toggle: the count moves at once, and moves back if the server refuses. */
export function useToggleSave() {
  const queryClient = useQueryClient();
  const alert = useAlert();
  return useMutation({
    mutationFn: (post: PostDto) =>
      api<{ liked: boolean; likeCount: number }>(`/api/posts/${post.id}/like`, {
        method: post.liked ? 'DELETE' : 'PUT',
      }),
    onMutate: async (post) => {
      await queryClient.cancelQueries({ queryKey: postKeys.all });
      const snapshot = queryClient.getQueriesData({ queryKey: postKeys.all });
      patchPostEverywhere(queryClient, post.id, {
        liked: !post.liked,
        likeCount: Math.max(0, post.likeCount + (post.liked ? -1 : 1)),
      });
      return { snapshot };
    },
    onError: (error, _post, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      alert({
        msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    },
    onSuccess: (state, post) => {
      patchPostEverywhere(queryClient, post.id, state);
      if (state.liked) alert({ msg: POST_MESSAGES.postSaved, alertType: 'success' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.saved }),
  });
}

export function createPost(body: CreatePostBody): Promise<PostDto> {
  return api<PostDto>('/api/posts', { method: 'POST', json: body });
}

/** Puts a new post on top of the first page of every cached feed it belongs to. */
export function prependToFeeds(queryClient: QueryClient, post: PostDto): void {
  for (const category of [ALL_CATEGORIES, post.category ?? '']) {
    if (!category) continue;
    queryClient.setQueryData<Feed>(postKeys.feed(category), (feed) => {
      if (!feed || feed.pages.length === 0) return feed;
      const [first, ...rest] = feed.pages;
      return { ...feed, pages: [{ ...first!, items: [post, ...first!.items] }, ...rest] };
    });
  }
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
