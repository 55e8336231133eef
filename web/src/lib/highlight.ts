/** A piece of a text, marked when it is a word the search matched. */
export interface TextPart {
  text: string;
  mark: boolean;
}

/** Runs of letters and digits, with any accents written as combining marks. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** Lower case, accents removed ("Café" → "cafe"), as the server compares words and queries. */
export function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * `text` cut into parts, the words that start with one of `terms` (lower
 * case, accent-free, as the search API sends them) marked. The parts joined
 * give `text` back unchanged.
 */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const wanted = terms.filter((t) => t.length > 0);
  if (wanted.length === 0 || text.length === 0) return text ? [{ text, mark: false }] : [];
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(WORD)) {
    const folded = foldWord(match[0]);
    if (!wanted.some((term) => folded.startsWith(term))) continue;
    if (match.index > plainFrom)
      parts.push({ text: text.slice(plainFrom, match.index), mark: false });
    parts.push({ text: match[0], mark: true });
    plainFrom = match.index + match[0].length;
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom), mark: false });
  return parts;
}
