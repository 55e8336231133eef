import { useCallback } from 'react';
import { useViewer } from '../../lib/session';
import { type GateAction, type SchoolPromptType, useGateContext } from './gate-context';

/** What needs a verified school e-mail, and which prompt variant explains it. */
const SCHOOL_VERIFIED_ACTIONS: Partial<Record<GateAction, SchoolPromptType>> = {
  post: 'post',
  comment: 'comment',
  message: 'message',
  like: 'like',
};

/**
 * Asks before a gated action: `if (!gate('post')) return;`.
 * True when the viewer may go ahead; otherwise opens the right prompt — the
 * guest prompt with that action's wording, or the school-verification prompt
 * for a signed-in user who is not school-verified — and returns false.
 * Searching and joining only need an account.
 */
export function useGate(): (action: GateAction) => boolean {
  const viewer = useViewer();
  const { openAuthPrompt, openSchoolPrompt } = useGateContext();
  return useCallback(
    (action: GateAction) => {
      if (!viewer) {
        openAuthPrompt(action);
        return false;
      }
      const variant = SCHOOL_VERIFIED_ACTIONS[action];
      if (variant && !viewer.schoolVerified) {
        openSchoolPrompt(variant);
        return false;
      }
      return true;
    },
    [viewer, openAuthPrompt, openSchoolPrompt],
  );
}

/**
 * Whether to offer an action gated on a school e-mail (message, save,
 * comment): when its `can` says the viewer may (ADR 044), and also when the
 * gate would first ask them to verify, so that they learn why they may not yet.
 */
export function useGatedOffer(): (allowed: boolean) => boolean {
  const viewer = useViewer();
  return useCallback(
    (allowed: boolean) => allowed || !viewer?.schoolVerified,
    [viewer?.schoolVerified],
  );
}
