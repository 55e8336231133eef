import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Category, isCategory } from '@common/categories';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/words/posts';
import { CreatePage, MobileOnly, resolveGoBack } from '../../../components/posts/create-pages';
import styles from '../../../components/posts/CreatePage.module.css';
import { useViewer } from '../../../lib/session';
import { CategoryMenu, ComposerDialogs, ComposerForm } from '../components/ComposerForm';
import { useComposerDraft } from '../components/use-composer-draft';

/** Where the feed says "Your post was sent" with a View link. */
export interface PostedState {
  postId: string;
}

/** Where goBack's page names lead for the create pages. */
export function useCreateGoBack(): string {
  const [params] = useSearchParams();
  const viewer = useViewer();
  return resolveGoBack(params.get('goBack'), {
    profile: viewer ? `/${viewer.username}` : '/home',
  });
}

/**
 * /create/post?goBack=[&category=]: the composer as a page on phones, with
 * the category picked on /create/categories if one came. Cancel returns to
 * goBack; a sent post shows on /home.
 */
export function CreatePostPage() {
  const [params] = useSearchParams();
  const goBack = useCreateGoBack();
  const category = params.get('category');
  return (
    <MobileOnly goBack={goBack}>
      <CreatePost goBack={goBack} category={isCategory(category) ? category : null} />
    </MobileOnly>
  );
}

function CreatePost({ goBack, category }: { goBack: string; category: Category | null }) {
  const navigate = useNavigate();
  const draft = useComposerDraft(category);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { view } = draft;

  const handleCancel = () => {
    if (view === 'categories') return draft.setView('compose');
    if (draft.dirty) setConfirmDiscard(true);
    else navigate(goBack, { replace: true });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const post = await draft.submit();
    if (!post) return;
    const state: PostedState = { postId: post.id };
    navigate('/home?filter=notify-posted', { replace: true, state });
  };

  return (
    <CreatePage
      title={view === 'compose' ? MESSAGES.posts.createPost : POST_MESSAGES.boostVisibility}
      onCancel={handleCancel}
    >
      {view === 'categories' ? (
        <>
          <p className={styles.description}>{POST_MESSAGES.boostVisibilityText}</p>
          <CategoryMenu
            value={draft.category}
            onChange={draft.handleCategory}
            onBack={() => draft.setView('compose')}
          />
        </>
      ) : (
        <ComposerForm draft={draft} onSubmit={(e) => void handleSubmit(e)} />
      )}
      <ComposerDialogs
        draft={draft}
        confirmDiscard={confirmDiscard}
        onConfirmDiscardChange={setConfirmDiscard}
        onDiscard={() => navigate(goBack, { replace: true })}
      />
    </CreatePage>
  );
}
