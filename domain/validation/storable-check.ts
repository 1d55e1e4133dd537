/**
 * The check of storable text (storable.ts) for zod schemas: a pattern check, which classic
 * zod and zod/mini both have and every page already loads, so the first page pays nothing
 * for it. Kept apart from the messages, which every page loads without zod.
 */
import * as z from 'zod/mini';
import { STORABLE_MESSAGES } from './storable';

/**
 * Text with no U+0000 and no unpaired surrogate, as a pattern over UTF-16 code units (no
 * `u` flag): the same answer as `isStorableText`.
 */
// U+0000 is the point of the pattern.
// eslint-disable-next-line no-control-regex
export const STORABLE_TEXT = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** The check of storable text, for `z.string().check(...)` in zod and in zod/mini. */
export function storableText() {
  return z.regex(STORABLE_TEXT, { error: STORABLE_MESSAGES.charactersNotAllowed.id });
}
