import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@common/limits';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Widths of 769 px or less are mobile. */
export const useIsMobile = () => useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);

/** At 1000 px and below the settings menu and its pages take turns. */
export const useSettingsNarrow = () => useMediaQuery(`(max-width: ${BREAKPOINTS.tablet}px)`);
