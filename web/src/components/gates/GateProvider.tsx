import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useViewer } from '../../lib/session';
import { useIdleImport } from '../../lib/use-idle-import';
import {
  type AuthPromptType,
  GateContext,
  type GateContextValue,
  type SchoolPromptType,
} from './gate-context';

// The prompts' code (Radix Dialog and its focus and scroll locks) comes after the first paint.
const loadPrompts = () => import('./prompts');

/**
 * Holds the shell's two permission prompts: the
 * guest prompt closes by itself once a user exists, the school-verification
 * prompt once the user is school-verified. AppLayout wraps every page in it.
 * Dismissed (Escape, Close, Not now), a prompt gives the focus back to the
 * control that opened it, as a dialog should for keyboard users. Their code
 * arrives once the browser is idle, or at once when one is asked for.
 */
export function GateProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const [authPrompt, setAuthPrompt] = useState<AuthPromptType | null>(null);
  const [schoolPrompt, setSchoolPrompt] = useState<SchoolPromptType | null>(null);

  const [prompts, loadPromptsNow] = useIdleImport(loadPrompts);
  const asked = authPrompt !== null || schoolPrompt !== null;
  useEffect(() => {
    if (asked && !prompts) loadPromptsNow();
  }, [asked, prompts, loadPromptsNow]);

  const signedIn = viewer !== null;
  const schoolVerified = viewer?.schoolVerified ?? false;
  useEffect(() => {
    if (signedIn) setAuthPrompt(null);
  }, [signedIn]);
  useEffect(() => {
    if (schoolVerified) setSchoolPrompt(null);
  }, [schoolVerified]);

  // The prompts open from a click or a key, not from a dialog trigger: remember the control.
  const opener = useRef<HTMLElement | null>(null);
  const value = useMemo<GateContextValue>(() => {
    const remember = () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    };
    return {
      openAuthPrompt: (type) => {
        remember();
        setAuthPrompt(type);
      },
      openSchoolPrompt: (type) => {
        remember();
        setSchoolPrompt(type);
      },
    };
  }, []);
  // A link inside the prompt was followed: the next page has its own focus.
  const closeAuth = useCallback(() => {
    opener.current = null;
    setAuthPrompt(null);
  }, []);
  const closeSchool = useCallback(() => {
    opener.current = null;
    setSchoolPrompt(null);
  }, []);
  const dismiss = useCallback((close: () => void) => {
    const target = opener.current;
    close();
    // After the dialog has unmounted (it has no exit animation).
    if (target) setTimeout(() => target.isConnected && target.focus());
  }, []);
  return (
    <GateContext.Provider value={value}>
      {children}
      {prompts ? (
        <>
          <prompts.AuthPromptDialog
            type={authPrompt}
            onClose={closeAuth}
            onDismiss={() => dismiss(closeAuth)}
          />
          <prompts.SchoolVerifyPrompt
            type={schoolPrompt}
            onClose={closeSchool}
            onDismiss={() => dismiss(closeSchool)}
          />
        </>
      ) : null}
    </GateContext.Provider>
  );
}
