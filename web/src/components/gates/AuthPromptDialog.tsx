import { useCallback } from 'react';
import { MESSAGES } from '@common/messages';
import { ButtonLink } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { type AuthPromptType, useGateContext } from './gate-context';
import { PromptLogo } from './PromptLogo';
import styles from './Prompts.module.css';

/**
 * The guest prompt: why an account is needed, in the catalogue's words for
 * each reason (MESSAGES.authPrompt), and the two ways in.
 */
export function AuthPromptDialog({
  type,
  onClose,
  onDismiss,
}: {
  type: AuthPromptType | null;
  /** A link inside was followed. */
  onClose(): void;
  /** Escape, Close or the overlay (and Not now): the focus goes back to the opener. */
  onDismiss(): void;
}) {
  const campus = useCampus();
  const about = isGenericCampus(campus)
    ? 'Join the private buy and sell group of your school, open only to its students.'
    : `${campus.productName} is the private buy and sell group of ${campus.name} students.`;
  return (
    <Modal
      open={type !== null}
      onOpenChange={(open) => (open ? undefined : onDismiss())}
      title={
        <span className={styles.heading}>
          <PromptLogo campus={campus} />
          {type ? MESSAGES.authPrompt[type] : ''}
        </span>
      }
      description={about}
    >
      <div className="dialog__actions">
        <ButtonLink to="/user_registration" size="lg" block onClick={onClose}>
          {MESSAGES.logInSignUp}
        </ButtonLink>
        <p className={styles.note}>{MESSAGES.takesSeconds}</p>
        <ButtonLink to="/login" variant="secondary" size="lg" block onClick={onClose}>
          {MESSAGES.continueWithEmail}
        </ButtonLink>
      </div>
    </Modal>
  );
}

/** Opens the guest prompt with a reason: `const prompt = useAuthPrompt(); prompt('like')`. */
export function useAuthPrompt(): (type: AuthPromptType) => void {
  const { openAuthPrompt } = useGateContext();
  return useCallback((type) => openAuthPrompt(type), [openAuthPrompt]);
}
