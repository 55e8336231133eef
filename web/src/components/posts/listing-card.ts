import type { MediaDto, PostDto } from '@common/schemas/posts';

/**
 * What the listing cards and tiles are drawn from (ADR 047): which posts are
 * listings, their title, the shape of their lead photo, and which taps open them.
 */

/** A listing: a post with a price, a condition or a listing status (ADR 023). */
export const isListing = (post: PostDto) =>
  post.price !== null || post.condition !== null || post.status !== 'available';

/** A listing's title is its text's first line; the rest is its description. */
export function splitTitle(text: string): { title: string; rest: string } {
  const trimmed = text.trim();
  const end = trimmed.indexOf('\n');
  if (end < 0) return { title: trimmed, rest: '' };
  return { title: trimmed.slice(0, end).trim(), rest: trimmed.slice(end + 1).trim() };
}

/** Tallest (4:5) and widest (16:9) shape a lead photo keeps; beyond them it is cropped. */
export const LEAD_ASPECT = { min: 4 / 5, max: 16 / 9 } as const;

/** The lead photo's width / height, clamped to LEAD_ASPECT; null when the API measured none. */
export function leadAspect(media: MediaDto | undefined): number | null {
  if (!media || media.width <= 0 || media.height <= 0) return null;
  return Math.min(LEAD_ASPECT.max, Math.max(LEAD_ASPECT.min, media.width / media.height));
}

/** What a tap on the card lets be: controls, links, photos and what they hold. */
const OWN_TAP = 'a, button, input, select, textarea, label, summary, video, img, [role="button"]';

/**
 * Whether a click on a listing's card opens the listing: a plain click on its
 * body, not on a control, link or photo (they do their own thing), not the end
 * of selecting text, not a click meant for a new tab, not a click in a dialog
 * drawn outside the card.
 */
export function opensListing(
  event: Pick<
    MouseEvent,
    'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'
  >,
  target: EventTarget | null,
  card: Element,
  selection: string,
): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  if (selection.trim() !== '') return false;
  // A click in a dialog the card opened (the photo viewer, a menu) reaches the
  // card through React's tree, not the page's: it is not a tap on the card.
  if (!(target instanceof Element) || !card.contains(target)) return false;
  const own = target.closest(OWN_TAP);
  return !own || !card.contains(own);
}
