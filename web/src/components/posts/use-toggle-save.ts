import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/words/posts';
import { ApiError } from '../../lib/api';
import { patchPostEverywhere, postKeys, setSaved } from '../../lib/posts-api';
import { useAlert } from '../ui/Alerts';

/** Save (= like) toggle: the count moves at once, and moves back if the server refuses. */
export function useToggleSave() {
  const queryClient = useQueryClient();
  const alert = useAlert();
  return useMutation({
    mutationFn: (post: PostDto) => setSaved(post.id, !post.liked),
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
