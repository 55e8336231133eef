/**
 * Where the header's Back button leads (ADR 012): the pages a student visited,
 * newest last, kept in local storage so they outlive a reload or a new tab, and
 * forgotten after more than 24 hours. Pure: the storage and the time are
 * parameters, so the rules are unit-tested.
 */

export const BACK_HISTORY_KEY = 'quad:back-history';
/** Enough to walk back through a session; older entries drop off. */
export const MAX_ENTRIES = 50;
/** The history is reset when its last write is more than this old. */
export const RESET_AFTER_MS = 24 * 60 * 60 * 1000;

/** The part of `Storage` used here; `null` when the browser refuses storage (private mode). */
export type HistoryStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** How a page was reached, as React Router's `useNavigationType` says. */
export type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

interface StoredHistory {
  updatedAt: number;
  entries: string[];
}

/** Sign-in pages: nobody goes back to a form they have finished with. */
const AUTH_PAGES = [
  '/login',
  '/register',
  '/user_registration',
  '/forgotpassword',
  '/reset_password',
  '/verify',
  '/logout',
  '/handoff',
  '/email_change',
];
/** Settings-type pages: /settings and everything under it, and the profile's own edit forms. */
const SETTINGS_PAGES = ['/settings', '/profile/edit', '/profile/set-up'];
/** Pages of an older product that Quad does not build; skipped should they ever appear. */
const SPEC_VESTIGES = ['/add-code', '/select-city', '/addresses', '/contact-phone'];
/** Composers (/create/post, /create/comment/{id}, /create/message) and conversations. */
const COMPOSE_AND_MESSAGE_PAGES = ['/create', '/messages'];

const SKIPPED_PREFIXES = [
  ...AUTH_PAGES,
  ...SETTINGS_PAGES,
  ...SPEC_VESTIGES,
  ...COMPOSE_AND_MESSAGE_PAGES,
];

function splitUrl(url: string): { path: string; search: string } {
  const hash = url.indexOf('#');
  const withoutHash = hash >= 0 ? url.slice(0, hash) : url;
  const question = withoutHash.indexOf('?');
  const path = question >= 0 ? withoutHash.slice(0, question) : withoutHash;
  const search = question >= 0 ? withoutHash.slice(question) : '';
  return { path: path.replace(/\/+$/, '') || '/', search: search === '?' ? '' : search };
}

function searchParts(search: string): string[] {
  return search.replace(/^\?/, '').split('&').filter(Boolean);
}

const isShowPart = (part: string) => part === 'show' || part.startsWith('show=');

/** The entry a page is kept as: its path without a trailing slash, and its query; no #fragment. */
export function entryOf(url: string): string {
  const { path, search } = splitUrl(url);
  return path + search;
}

/**
 * The page a URL shows, without its `show` tab (/jane?show=photos is a tab of
 * /jane): the query is cut by hand, so the rest keeps its exact encoding.
 */
export function pageOf(url: string): string {
  const { path, search } = splitUrl(url);
  const kept = searchParts(search).filter((part) => !isShowPart(part));
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/** Whether Back never leads to this URL (see the lists above). */
export function isSkipped(url: string): boolean {
  const { path, search } = splitUrl(url);
  // The router matches paths without regard to case: so does the skip list.
  const lower = path.toLowerCase();
  if (SKIPPED_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`))) {
    return true;
  }
  return searchParts(search).some(isShowPart);
}

function parse(raw: string | null): StoredHistory | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { updatedAt, entries } = value as Partial<StoredHistory>;
    if (typeof updatedAt !== 'number' || !Array.isArray(entries)) return null;
    return { updatedAt, entries: entries.filter((e): e is string => typeof e === 'string') };
  } catch {
    return null;
  }
}

/** The stored entries, oldest first; none when absent, unreadable or last written more than 24 hours ago. */
export function readEntries(storage: HistoryStorage | null, now: number): string[] {
  let stored: StoredHistory | null;
  try {
    stored = parse(storage?.getItem(BACK_HISTORY_KEY) ?? null);
  } catch {
    return [];
  }
  if (!stored || now - stored.updatedAt > RESET_AFTER_MS) return [];
  return stored.entries.slice(-MAX_ENTRIES);
}

function writeEntries(storage: HistoryStorage | null, entries: string[], now: number): void {
  const stored: StoredHistory = { updatedAt: now, entries: entries.slice(-MAX_ENTRIES) };
  try {
    storage?.setItem(BACK_HISTORY_KEY, JSON.stringify(stored));
  } catch {
    // Full or refused storage: Back falls back to its default page.
  }
}

/**
 * Records that the tab now shows `to`. A new page is added (once, however
 * often it is reported). Going back or forward through the browser (POP) to
 * a page already kept cuts the history back to it. A redirect (REPLACE) takes
 * the place of the page it replaced, `from`.
 */
export function recordNavigation(
  storage: HistoryStorage | null,
  navigation: { to: string; kind: NavigationKind; from?: string },
  now: number,
): void {
  const to = entryOf(navigation.to);
  let entries = readEntries(storage, now);
  if (navigation.kind === 'POP') {
    const at = entries.lastIndexOf(to);
    if (at >= 0) {
      writeEntries(storage, entries.slice(0, at + 1), now);
      return;
    }
  }
  if (isSkipped(to)) return;
  if (
    navigation.kind === 'REPLACE' &&
    navigation.from !== undefined &&
    entries.at(-1) === entryOf(navigation.from)
  ) {
    entries = entries.slice(0, -1);
  }
  if (entries.at(-1) !== to) entries = [...entries, to];
  writeEntries(storage, entries, now);
}

/**
 * Where Back leads from `current`: the newest kept page that is not this one
 * (nor one of its `?show=` tabs), or null when there is none. This page is
 * taken off the history, so pressing Back again walks further back.
 */
export function takeBackTarget(
  storage: HistoryStorage | null,
  current: string,
  now: number,
): string | null {
  const here = pageOf(current);
  const entries = readEntries(storage, now);
  // Never twice in a row (recordNavigation), so one pop leaves another page last.
  if (entries.at(-1) === here) entries.pop();
  writeEntries(storage, entries, now);
  return entries.at(-1) ?? null;
}
