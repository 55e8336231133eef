import { findPhoneNumbersInText } from 'libphonenumber-js';
import { domainToASCII } from 'node:url';
import { hasLookalikeLetters, scanText } from './scam-text';

/**
 * Scam-aware chat (ADR 018): the patterns behind most marketplace fraud,
 * checked on the server when a message is sent. What it finds is shown to the
 * recipient under the message, never to the sender, and never stops the
 * message: a warning that is wrong costs a glance, a message that is lost costs
 * a sale.
 */
export type ScamCode =
  'verification_code' | 'off_platform_payment' | 'overpayment' | 'lookalike_link' | 'phone_number';

/** One finding; a look-alike link names the address it goes to and the site it imitates. */
export interface ScamFinding {
  code: ScamCode;
  host?: string;
  imitates?: string;
}

export interface MessageContext {
  /** This is the sender's first message in the chat. */
  firstFromSender: boolean;
}

// "send me the 6-digit code Google texted you": a code, asked for, of the
// kind a sign-in or an account sends.
const CODE = /\b(codes?|pin|otp|passcode)\b/i;
const ASKED = /\b(send|share|give|tell|forward|read|text|what(?:'s| is| was)?)\b/i;
const KIND =
  /\b(verif\w*|confirm\w*|security|authenticat\w*|[4-8][- ]?digits?|(?:four|five|six|seven|eight)[- ]digits?|one[- ]time|google|texted|sms|just (?:got|received)|sent (?:to )?you|you (?:got|received)|(?:to )?your (?:phone|number|e-?mail))\b/i;

// Money that cannot be taken back, offered or asked for.
const IRREVERSIBLE =
  /\b(gift ?cards?|(?:itunes|apple|steam|google ?play|amazon|ebay|target|walmart|visa) (?:gift )?cards?|wire (?:transfer|the money|it|you)|western union|moneygram|bitcoin|btc|crypto(?:currency)?|ethereum|usdt|tether|cashier['’]?s check|certified check|money order)\b/i;
const PAYING =
  /\b(pay|paying|paid|payment|overpa(?:y|id|ying)|send|sending|sent|transfer|accept|take)\b/i;

// "I sent $200 too much, refund the difference".
const OVERPAID =
  /\b(over ?pa(?:y|id|ying|yment)|(?:paid|sent|sending|pay|send) (?:you )?(?:\$?\d+ )?(?:too much|extra|more than)|(?:refund|send back|return|wire back) (?:me )?the (?:difference|extra|rest|balance|excess)|send (?:me )?(?:the )?(?:difference|extra|rest|excess) back)\b/i;

/** Sites scammers imitate, with the addresses that really are theirs. */
const SITES: Record<string, string[]> = {
  paypal: ['paypal.com', 'paypal.me'],
  venmo: ['venmo.com'],
  cashapp: ['cash.app', 'cashapp.com'],
  zelle: ['zellepay.com', 'zelle.com'],
  google: ['google.com', 'g.co', 'goo.gl', 'youtube.com', 'gmail.com'],
  gmail: ['gmail.com', 'google.com'],
  apple: ['apple.com', 'icloud.com'],
  icloud: ['icloud.com', 'apple.com'],
  amazon: ['amazon.com', 'amzn.to', 'a.co'],
  microsoft: ['microsoft.com', 'live.com', 'office.com', 'outlook.com'],
  outlook: ['outlook.com', 'live.com', 'microsoft.com'],
  facebook: ['facebook.com', 'fb.com', 'fb.me', 'messenger.com'],
  instagram: ['instagram.com'],
  chase: ['chase.com'],
  wellsfargo: ['wellsfargo.com'],
  bankofamerica: ['bankofamerica.com', 'bofa.com'],
  stripe: ['stripe.com'],
  usps: ['usps.com'],
  fedex: ['fedex.com'],
  ticketmaster: ['ticketmaster.com'],
};

/** Only names this long are matched within one or two typos: short ones would catch real words. */
const FUZZY_FROM = 6;

const LINK =
  /\b(?:https?:\/\/)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,24}|xn--[a-z0-9-]+))(?=[/:?#\s]|$|[.,!)])/gi;

/** What a scammer's digits stand in for: paypa1, g00gle, rnicrosoft. */
const unmask = (label: string) =>
  label
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/0/g, 'o')
    .replace(/1/g, 'l')
    .replace(/3/g, 'e')
    .replace(/5/g, 's')
    .replace(/4/g, 'a');

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The site a word of an address imitates, if any. */
function imitated(word: string): string | undefined {
  const plain = unmask(word);
  for (const name of Object.keys(SITES)) {
    if (word === name || plain === name) return name;
    if (name.length >= FUZZY_FROM && Math.abs(plain.length - name.length) <= 1) {
      if (editDistance(plain, name) <= 1) return name;
    }
  }
  return undefined;
}

const ownedBy = (host: string, domains: string[]) =>
  domains.some((d) => host === d || host.endsWith(`.${d}`));

/** A link whose address borrows a known site's name without being that site. */
function lookalike(host: string): ScamFinding | undefined {
  const name = host.toLowerCase().replace(/^www\./, '');
  const words = name.split(/[.-]/);
  const tld = words.pop();
  if (tld === undefined || words.length === 0) return undefined;
  if (Object.values(SITES).some((domains) => ownedBy(name, domains))) return undefined;
  // An internationalised address can draw a known name in other alphabets.
  if (words.some((w) => w.startsWith('xn')) || tld.startsWith('xn'))
    return { code: 'lookalike_link', host: name, imitates: 'a site you know' };
  for (const word of words) {
    const site = imitated(word);
    if (site) return { code: 'lookalike_link', host: name, imitates: SITES[site]![0] };
  }
  return undefined;
}

// An address in any alphabet ending in a Latin top-level domain: "pаypal.com" with a Cyrillic "а".
const ANY_SCRIPT_LINK =
  /(?<![\p{L}\p{N}-])((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[a-z]{2,24})(?=[/:?#\s]|$|[.,!)])/gu;

/**
 * An address drawn with letters of another alphabet that look Latin: flagged
 * like an `xn--` address, naming the site it draws when there is one.
 */
function mixedScript(shown: string): ScamFinding | undefined {
  for (const match of shown.toLowerCase().matchAll(ANY_SCRIPT_LINK)) {
    const host = match[1]!.replace(/^www\./, '');
    if (!hasLookalikeLetters(host)) continue;
    const drawn = scanText(host).latin;
    const owner = Object.values(SITES).find((domains) => ownedBy(drawn, domains));
    const imitates = owner?.[0] ?? lookalike(drawn)?.imitates ?? 'a site you know';
    return { code: 'lookalike_link', host: domainToASCII(host) || host, imitates };
  }
  return undefined;
}

function firstLookalikeLink(latin: string): ScamFinding | undefined {
  for (const match of latin.matchAll(LINK)) {
    const found = lookalike(match[1]!);
    if (found) return found;
  }
  return undefined;
}

/**
 * The scam patterns a message shows, at most one finding of each kind, in a
 * fixed order. The rules read the message as it is drawn (`scanText`), so
 * invisible characters and look-alike letters do not hide a pattern.
 */
export function checkMessage(message: string, context: MessageContext): ScamFinding[] {
  const text = scanText(message);
  const findings: ScamFinding[] = [];
  if (CODE.test(text.words) && ASKED.test(text.words) && KIND.test(text.words))
    findings.push({ code: 'verification_code' });
  if (IRREVERSIBLE.test(text.words) && PAYING.test(text.words))
    findings.push({ code: 'off_platform_payment' });
  if (OVERPAID.test(text.words)) findings.push({ code: 'overpayment' });
  const link = mixedScript(text.shown) ?? firstLookalikeLink(text.latin);
  if (link) findings.push(link);
  if (context.firstFromSender && findPhoneNumbersInText(text.shown, 'US').length > 0)
    findings.push({ code: 'phone_number' });
  return findings;
}
