import { useCallback } from 'react';
import { MESSAGES } from '@common/messages';
import { Button, ButtonLink } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { type SchoolPromptType, useGateContext } from './gate-context';
import { SCHOOL_EMAIL_PATH } from './paths';
import { PromptLogo } from './PromptLogo';
import styles from './Prompts.module.css';

/**
 * The school-verification prompt: a signed-in user without a
 * verified school e-mail tried to post, comment, message or like.
 */
export function SchoolVerifyPrompt({
  type,
  onClose,
  onDismiss,
}: {
  type: SchoolPromptType | null;
  /** A link inside was followed. */
  onClose(): void;
  /** Escape, Close or the overlay (and Not now): the focus goes back to the opener. */
  onDismiss(): void;
}) {
  const campus = useCampus();
  const who = isGenericCampus(campus) ? 'students' : `${campus.name} students`;
  return (
    <Modal
      open={type !== null}
      onOpenChange={(open) => (open ? undefined : onDismiss())}
      title={
        <span className={styles.heading}>
          <PromptLogo campus={campus} />
          {type ? MESSAGES.schoolVerifyPrompt[type] : ''}
        </span>
      }
      description={`Only verified ${who} can post, comment and message here. We'll e-mail a 4-digit PIN to your school address; it takes a minute.`}
    >
      <div className="dialog__actions">
        <ButtonLink to={SCHOOL_EMAIL_PATH} size="lg" block onClick={onClose}>
          {MESSAGES.verifyAccount}
        </ButtonLink>
        <Button variant="ghost" size="lg" block onClick={onDismiss}>
          Not now
        </Button>
      </div>
    </Modal>
  );
}

/** Opens the school-verification prompt: `const prompt = useSchoolVerifyPrompt(); prompt('post')`. */
export function useSchoolVerifyPrompt(): (type: SchoolPromptType) => void {
  const { openSchoolPrompt } = useGateContext();
  return useCallback((type) => openSchoolPrompt(type), [openSchoolPrompt]);
}
