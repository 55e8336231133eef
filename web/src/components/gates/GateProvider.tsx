import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useViewer } from '../../lib/session';
import { AuthPromptDialog } from './AuthPromptDialog';
import {
  type AuthPromptType,
  GateContext,
  type GateContextValue,
  type SchoolPromptType,
} from './gate-context';
import { SchoolVerifyPrompt } from './SchoolVerifyPrompt';

/**
 * Holds the shell's two permission prompts (spec core §4 "Nav state"): the
 * guest prompt closes by itself once a user exists, the school-verification
 * prompt once the user is school-verified. AppLayout wraps every page in it.
 */
export function GateProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const [authPrompt, setAuthPrompt] = useState<AuthPromptType | null>(null);
  const [schoolPrompt, setSchoolPrompt] = useState<SchoolPromptType | null>(null);

  const signedIn = viewer !== null;
  const schoolVerified = viewer?.schoolVerified ?? false;
  useEffect(() => {
    if (signedIn) setAuthPrompt(null);
  }, [signedIn]);
  useEffect(() => {
    if (schoolVerified) setSchoolPrompt(null);
  }, [schoolVerified]);

  const value = useMemo<GateContextValue>(
    () => ({ openAuthPrompt: setAuthPrompt, openSchoolPrompt: setSchoolPrompt }),
    [],
  );
  return (
    <GateContext.Provider value={value}>
      {children}
      <AuthPromptDialog type={authPrompt} onClose={() => setAuthPrompt(null)} />
      <SchoolVerifyPrompt type={schoolPrompt} onClose={() => setSchoolPrompt(null)} />
    </GateContext.Provider>
  );
}
