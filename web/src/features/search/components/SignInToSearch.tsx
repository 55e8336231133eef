import { useEffect } from 'react';
import { MESSAGES } from '@common/messages';
import { SEARCH_MESSAGES } from '@common/words/search';
import { useGateContext } from '../../../components/gates/gate-context';
import { Button } from '../../../components/ui/Button';
import { LockIcon } from '../../../components/ui/Icons';

/**
 * A private campus's search answered 401 to a guest: the guest
 * prompt opens with its reason, "Start searching.", and stays one click away.
 */
export function SignInToSearch() {
  const { openAuthPrompt } = useGateContext();
  useEffect(() => openAuthPrompt('search'), [openAuthPrompt]);
  return (
    <section className="card empty-state">
      <LockIcon width={28} height={28} aria-hidden="true" />
      <h2 className="empty-state__title">{SEARCH_MESSAGES.signInReason}</h2>
      <Button size="lg" onClick={() => openAuthPrompt('search')}>
        {MESSAGES.logInSignUp}
      </Button>
    </section>
  );
}
