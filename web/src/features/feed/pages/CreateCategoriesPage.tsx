import { useNavigate } from 'react-router';
import { POST_MESSAGES } from '@common/words/posts';
import { CreatePage, createPostPath, MobileOnly } from '../../../components/posts/create-pages';
import styles from '../../../components/posts/CreatePage.module.css';
import { CategoryMenu } from '../components/ComposerForm';
import { useCreateGoBack } from './CreatePostPage';

/**
 * /create/categories?goBack=: on phones, a category to pick before writing
 * ("Boost visibility"); picking one opens /create/post with it chosen, Cancel
 * returns to goBack (ADR 050).
 */
export function CreateCategoriesPage() {
  const goBack = useCreateGoBack();
  const navigate = useNavigate();
  const cancel = () => navigate(goBack, { replace: true });
  return (
    <MobileOnly goBack={goBack}>
      <CreatePage title={POST_MESSAGES.boostVisibility} onCancel={cancel}>
        <p className={styles.description}>{POST_MESSAGES.boostVisibilityText}</p>
        <CategoryMenu
          value={null}
          onChange={(category) => {
            const path = createPostPath(goBack);
            navigate(category ? `${path}&category=${encodeURIComponent(category)}` : path, {
              replace: true,
            });
          }}
          onBack={cancel}
        />
      </CreatePage>
    </MobileOnly>
  );
}
