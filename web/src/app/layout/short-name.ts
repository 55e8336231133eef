import type { Viewer } from '@common/schemas/auth';

/** "Jane D.": how names show outside the user's own settings (DESIGN §11). */
export function shortName(viewer: Viewer): string {
  const last = viewer.lastName.charAt(0);
  return last ? `${viewer.firstName} ${last.toUpperCase()}.` : viewer.firstName;
}
