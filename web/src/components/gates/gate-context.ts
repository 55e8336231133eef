import { createContext, useContext } from 'react';
import type { MESSAGES } from '@common/messages';

/** The guest prompt's reasons, one wording per gated action (MESSAGES.authPrompt). */
export type AuthPromptType = keyof typeof MESSAGES.authPrompt;
/** The school-verification prompt's variants (post, message, comment; like for likes and saves). */
export type SchoolPromptType = keyof typeof MESSAGES.schoolVerifyPrompt;
/** An action a page asks about before doing it: `gate('post')`. */
export type GateAction = AuthPromptType;

export interface GateContextValue {
  openAuthPrompt(type: AuthPromptType): void;
  openSchoolPrompt(type: SchoolPromptType): void;
}

export const GateContext = createContext<GateContextValue | null>(null);

export function useGateContext(): GateContextValue {
  const value = useContext(GateContext);
  if (!value) throw new Error('Gates are used outside GateProvider (AppLayout renders it)');
  return value;
}
