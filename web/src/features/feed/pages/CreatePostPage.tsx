import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { CreatePage, MobileOnly, resolveGoBack } from '../../../components/posts/create-pages';
import styles from '../../../components/posts/CreatePage.module.css';
import { useViewer } from '../../../lib/session';
import { CategoryMenu, ComposerDialogs, ComposerForm } from '../components/ComposerForm';
import { useComposerDraft } from '../components/use-composer-draft';

/** Where the feed says "Your post was sent" with a View link. */
export interface PostedState {
  postId: string;
}

/**
 * /create/post?goBack=: the composer as a page on phones. Cancel returns to
 * goBack; a sent post shows on /home.
 */
export function CreatePostPage() {
  const [params] = useSearchParams();
  const viewer = useViewer();
  const goBack = resolveGoBack(params.get('goBack'), {
    profile: viewer ? `/${viewer.username}` : '/home',
  });
  return (
    <MobileOnly goBack={goBack}>
      <CreatePost goBack={goBack} />
    </MobileOnly>
  );
}

function CreatePost({ goBack }: { goBack: string }) {
  const navigate = useNavigate();
  const draft = useComposerDraft();
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
