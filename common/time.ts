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

/**
 * The date and time in full, in the reader's time zone, as en-US writes
 * them: "11/27/2026, 8:55:17 AM" (a timestamp's tooltip). By hand rather than
 * `toLocaleString()`, whose first call loads the browser's date formatting,
 * a long task of its own on a phone's first page (docs/benchmarks.md, Web).
 */
export function fullTime(at: Date): string {
  const hours = at.getHours();
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${hours % 12 || 12}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  return `${at.getMonth() + 1}/${at.getDate()}/${at.getFullYear()}, ${clock} ${hours < 12 ? 'AM' : 'PM'}`;
}
