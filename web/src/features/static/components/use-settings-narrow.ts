import { BREAKPOINTS } from '@common/limits';
import { useMediaQuery } from '../../../lib/use-media-query';

/** At 1000 px and below the settings menu and its pages take turns (spec companion §2, §9). */
export const useSettingsNarrow = () => useMediaQuery(`(max-width: ${BREAKPOINTS.tablet}px)`);
