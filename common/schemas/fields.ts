import { z } from 'zod';
import { hasBidiControls, hasControlCharacters } from '../text';

/** Quad's words for text the rules refuse whatever the field (ADR: hostile input). */
export const TEXT_MESSAGES = {
  controlCharacters: 'Text cannot contain control characters.',
  directionControls: 'Names cannot contain characters that change the direction of text.',
} as const;

/** For `.refine`: one line of text, no control characters at all. */
export const oneLine = (value: string) => !hasControlCharacters(value);
/** For `.refine`: text of several lines; tabs and line breaks allowed, other controls not. */
export const lines = (value: string) => !hasControlCharacters(value, true);
/** The refinement's message; it stops the field's checks, so the message is this one alone. */
export const NO_CONTROLS = { message: TEXT_MESSAGES.controlCharacters, abort: true } as const;

/**
 * For `.refine` on every name a student chooses (full name, first and last
 * name, username): no character that redraws the name in another direction.
 */
export const noDirectionControls = (value: string) => !hasBidiControls(value);
/** The refinement's message; like NO_CONTROLS it stops the field's checks. */
export const NO_DIRECTION_CONTROLS = {
  message: TEXT_MESSAGES.directionControls,
  abort: true,
} as const;

/** The id of a post, chat, message or search, in a path or a body. */
export const idField = z.string().max(64).refine(oneLine, NO_CONTROLS);
export const idParams = z.object({ id: idField });

/** The answer of a route that answers 204: no body. */
export const noContentSchema = z.null().describe('No content.');

/** An opaque `?cursor=` (base64url): the server checks what it decodes to. */
export const cursorField = z.string().max(200).refine(oneLine, NO_CONTROLS);
