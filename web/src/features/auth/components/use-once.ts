import { useEffect, useRef } from 'react';

/** Runs `effect` once when `when` first holds, even under StrictMode's double effects. */
export function useOnce(when: boolean, effect: () => void): void {
  const done = useRef(false);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (!when || done.current) return;
    done.current = true;
    latest.current();
  }, [when]);
}
