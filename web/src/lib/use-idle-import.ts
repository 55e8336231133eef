import { useCallback, useEffect, useState } from 'react';

/**
 * A module the first paint does not need (ADR 006: initial JavaScript
 * under 150 KB gzipped): fetched once the browser is idle after the page has
 * rendered, or at once when `loadNow` is called (a click that cannot wait).
 * Returns the module once it is there, and `loadNow`.
 */
export function useIdleImport<T>(load: () => Promise<T>): [T | null, () => void] {
  const [module, setModule] = useState<T | null>(null);
  const loadNow = useCallback(() => {
    load().then(setModule, () => undefined);
  }, [load]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(loadNow, { timeout: 2000 });
    return () => cancel(handle);
  }, [loadNow]);
  return [module, loadNow];
}
