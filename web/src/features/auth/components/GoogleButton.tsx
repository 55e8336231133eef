import { MESSAGES } from '@common/messages';
import { Button } from '../../../components/ui/Button';
import { GoogleIcon } from '../../../components/ui/Icons';

/** Google sign-in is a full-page redirect dance (GET /api/auth/google/start). */
export function GoogleButton() {
  return (
    <Button
      variant="secondary"
      size="lg"
      block
      onClick={() => window.location.assign('/api/auth/google/start')}
    >
      <GoogleIcon width={20} height={20} />
      {MESSAGES.signIn.continueWithGoogle}
    </Button>
  );
}
