import { formatDistanceStrict } from 'date-fns';
import { MESSAGES } from './messages';

/**
 * How long ago something was posted: "just now" under a minute (rather than
 * "0 seconds ago"), then "5 minutes ago", "3 days ago"…
 */
export function timeAgo(at: number | Date, now: number | Date = Date.now()): string {
  if (Number(now) - Number(at) < 60_000) return MESSAGES.posts.justNow;
  return formatDistanceStrict(at, now, { addSuffix: true });
}
