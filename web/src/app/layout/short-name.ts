import type { Viewer } from '@common/schemas/auth';

/** "Jane D.": first name and last initial, as names show everywhere but the user's own settings. */
export function shortName(viewer: Viewer): string {
  const last = viewer.lastName.charAt(0);
  return last ? `${viewer.firstName} ${last.toUpperCase()}.` : viewer.firstName;
}
