import { useNavigate, useSearchParams } from 'react-router';
import { CreatePage, MobileOnly, resolveGoBack } from '../../../components/posts/create-pages';
import { UserPicker } from '../components/UserPicker';

/** /messages/new and /create/message?goBack=: the new-message search as a page, phones only. */
export function NewMessagePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const goBack = resolveGoBack(params.get('goBack') ?? '/messages');
  return (
    <MobileOnly goBack={goBack}>
      <CreatePage title="New message" onCancel={() => navigate(goBack)}>
        <UserPicker autoFocus />
      </CreatePage>
    </MobileOnly>
  );
}
