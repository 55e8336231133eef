import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { MESSAGES } from '@common/messages';
import type { AuthorDto, PostDto, PostList, PostPage } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/schemas/posts';
import { useAlert } from '../../../components/ui/Alerts';
import { api, ApiError } from '../../../lib/api';

// The feed feature keeps its lists under the same ['posts', …] keys; a save
// here patches them too (features share the cache, not code).
/** Every post query lives under ['posts', …] so a save or a new post can patch them all. */
export const postKeys = {
  all: ['posts'] as const,
  saved: ['posts', 'saved'] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  likes: (id: string) => ['posts', 'likes', id] as const,
};

type Feed = InfiniteData<PostList, string | undefined>;

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

export function usePostPage(id: string) {
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: () => api<PostPage>(`/api/posts/${encodeURIComponent(id)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useLikers(id: string) {
  return useQuery({
    queryKey: postKeys.likes(id),
    queryFn: () => api<{ items: AuthorDto[] }>(`/api/posts/${encodeURIComponent(id)}/likes`),
  });
}

export function createComment(parentId: string, text: string): Promise<PostDto> {
  return api<PostDto>('/api/posts', { method: 'POST', json: { text, parentId, mediaIds: [] } });
}

export function deletePost(id: string): Promise<{ topLevel: boolean }> {
  return api<{ topLevel: boolean }>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
