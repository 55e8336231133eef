/**
 * Text rules shared by the server and the web app: name parsing, usernames and
 * post length counting.
 */

import { WEB_ROUTES } from './web-routes';

export interface ParsedName {
  firstName: string;
  middleName: string;
  lastName: string;
  /** How many name words were found (registration needs at least two). */
  words: number;
}

/**
 * Name parsing: separators are space, dot, comma and hyphen;
 * words containing digits are dropped; first word is the first name, last word
 * the last name, the rest the middle name; defaults 'anonymous' and 'user'.
 */
export function parseName(fullName: string): ParsedName {
  const words = fullName
    .split(/[\s.,-]+/)
    .map((w) => w.trim())
    .filter((w) => !isBlank(w) && !/\d/.test(w));
  return {
    firstName: words[0] ?? 'anonymous',
    middleName: words.slice(1, -1).join(' '),
    lastName: words.length > 1 ? words[words.length - 1]! : 'user',
    words: words.length,
  };
}

/**
 * The server's own top-level paths beside the web app's pages: the API, the
 * dev mailbox, uploaded media, built assets, metrics, health checks and
 * campus logos (ADR 064). Its account test checks that every route the
 * server registers is covered.
 */
export const SERVER_PATH_SEGMENTS = [
  'api',
  'dev',
  'uploads',
  'assets',
  'metrics',
  'healthz',
  'readyz',
  'campus-logos',
] as const;

/** Names no page uses that would still mislead as a student's profile. */
const MISLEADING_USERNAMES = [
  'posts',
  'reset-password',
  'admin',
  'help',
  'about',
  'support',
  'quad',
  'root',
  'null',
  'undefined',
];

/**
 * Profiles live at /{username}, so the first segment of every page of the
 * web app (`WEB_ROUTES`) and of every path of the server is taken by the app
 * (ADR 037), as are a few misleading names.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  ...WEB_ROUTES.map((route) => route.split('/')[1]!).filter((s) => s && !s.startsWith(':')),
  ...SERVER_PATH_SEGMENTS,
  ...MISLEADING_USERNAMES,
]);

/** A name ending like a file the server could serve (index.html, robots.txt, app.js, …). */
const FILE_LIKE =
  /\.(html?|xhtml|php|aspx?|jsp|cgi|js|mjs|cjs|map|css|json|xml|txt|md|csv|ya?ml|env|ini|conf|log|bak|sql|svg|png|jpe?g|gif|webp|avif|ico|bmp|tiff?|mp4|mov|webm|mp3|wav|pdf|zip|gz|tgz|tar|rar|7z|wasm|woff2?|ttf|otf|eot|webmanifest|manifest|exe|dmg|apk|sh)$/;

/**
 * Whether a username is the app's: a page or server path (/{username} would
 * collide with it), or a name that looks like a file there.
 */
export function isReservedUsername(name: string): boolean {
  return RESERVED_USERNAMES.has(name) || FILE_LIKE.test(name);
}

/** Usernames: 1 to 50 lowercase letters, digits, '-', '_' and '.', starting with a letter or digit. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,49}$/;

/** The base of a generated username: first plus last name, lowercased, letters and digits only. */
export function usernameBase(firstName: string, lastName: string): string {
  const base = `${firstName}${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 40);
  return base.length > 0 ? base : 'user';
}

/**
 * The first free username: base, then base-2, base-3, ….
 * `taken` holds every existing username that starts with the base; `skip`
 * passes over that many free names (sign-ups racing for the same name spread
 * out instead of all taking the one that just went).
 */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>, skip = 0): string {
  const free = (name: string) => !taken.has(name) && !isReservedUsername(name);
  let left = skip;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (free(name) && left-- === 0) return name;
  }
}

/** A post's length: the characters of its lines plus 2 per line break. */
export function countPostCharacters(text: string): number {
  const lines = text.split('\n');
  return lines.reduce((sum, line) => sum + [...line].length, 0) + 2 * (lines.length - 1);
}

/** E-mail addresses are compared and stored lowercase. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A standard address pattern: something@domain.tld, without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The letters of an avatar without a photo: the first letter of the first and
 * of the last name, capitalised ("Sam Miller" → "SM"; a last initial "M." will do).
 */
export function initials(firstName: string, lastName: string): string {
  const first = (name: string) => Array.from(name.trim())[0] ?? '';
  return `${first(firstName)}${first(lastName)}`.toUpperCase();
}

/**
 * Characters no text field takes: C0 and C1 controls, DEL, and (in text that
 * may have several lines) all but tab, line feed and carriage return.
 * PostgreSQL refuses NUL in text outright; the rest are invisible tricks.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when `text` holds a control character; `multiline` lets tabs and line breaks through. */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text);
}

/**
 * The characters that change the direction text is drawn in: the embeddings
 * and overrides (U+202A–U+202E), the isolates (U+2066–U+2069) and the marks
 * (U+200E, U+200F, U+061C). In a name they make "Jane" draw as something else.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS_ALL = new RegExp(BIDI_CONTROLS.source, 'g');

/** True when `text` holds a character that changes the direction of the text around it. */
export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/** `text` without its direction controls: for names a provider gives rather than a form. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS_ALL, '');
}

/**
 * What renders as nothing: white space, format characters (zero-width
 * spaces and joiners, bidi controls, the soft hyphen, the BOM) and the
 * blank fillers of Hangul and Braille.
 */
const INVISIBLE = /[\s\p{Cf}\p{Cc}\u034f\u115f\u1160\u2800\u3164\uffa0]/gu;

/** True when `text` shows nothing on screen: "\u200B\u200B" is as empty as "". */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '').length === 0;
}

/**
 * Text made safe inside HTML or XML: element content and double- or
 * single-quoted attribute values. The one escaper of the server's pages,
 * e-mails and SVG.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
