/** The two permission prompts, loaded after the first paint (GateProvider). */
export { AuthPromptDialog } from './AuthPromptDialog';
export { SchoolVerifyPrompt } from './SchoolVerifyPrompt';
