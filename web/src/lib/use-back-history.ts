import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { entryOf, type HistoryStorage, recordNavigation, takeBackTarget } from './back-history';

/** localStorage, or null where the browser refuses it (reading the property can throw). */
function browserStorage(): HistoryStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** React Router's index of the current entry of this tab's history. */
function historyIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * The page at each index of this tab's history, as far as this page load has
 * seen it: tells whether the page Back leads to is the one just behind in the
 * browser's history, so Back can step there instead of adding an entry.
 */
const tabPages: string[] = [];

/** Records every page the tab shows in the Back history; mounted once, in the shell. */
export function useRecordBackHistory(): void {
  const location = useLocation();
  const kind = useNavigationType();
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const to = entryOf(location.pathname + location.search);
    // The page the tab opened on is a visit, whether typed, linked or reloaded.
    recordNavigation(
      browserStorage(),
      { to, kind: previous.current === undefined ? 'PUSH' : kind, from: previous.current },
      Date.now(),
    );
    previous.current = to;
    const idx = historyIndex();
    if (idx !== null) tabPages[idx] = to;
  }, [location, kind]);
}

/**
 * The header's Back (ADR 012): to the newest page of
 * the stored history that is not this one, else to `fallback`; through the
 * browser's history when that page is just behind this one, else in place of it.
 */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => {
    const target = takeBackTarget(browserStorage(), pathname + search, Date.now()) ?? fallback;
    const idx = historyIndex();
    if (idx !== null && idx > 0 && tabPages[idx - 1] === entryOf(target)) navigate(-1);
    else navigate(target, { replace: true });
  };
}
