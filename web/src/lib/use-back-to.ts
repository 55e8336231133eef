import { useLocation, useNavigate } from 'react-router';

/** The location state a link sets so the page it opens can step back to it through history. */
export interface FromState {
  from?: string;
}

/**
 * A back action that always lands on `path` (account sub-pages go back to
 * /settings/account): through history when this
 * page was opened from there, else by replacing this entry.
 */
export function useBackTo(path: string): () => void {
  const navigate = useNavigate();
  const state = useLocation().state as FromState | null;
  return () => {
    if (state?.from === path) navigate(-1);
    else navigate(path, { replace: true });
  };
}
