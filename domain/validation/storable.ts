/**
 * What the database can hold (issue 12, decision 021). PostgreSQL refuses U+0000 in text and
 * JSON, a lone UTF-16 surrogate is not Unicode at all (it fails, or turns into U+FFFD, on its
 * way in), and an integer column holds at most 2^31−1. Every schema whose values reach the
 * database checks these at the edge, so such a request is a 400 that names the field, never
 * a 500, and never a command that jams a browser's queue.
 *
 * Plain predicates and the messages, free of zod (the messages load with every page); the
 * zod check is in storable-check.ts.
 */
import type { MessageDescriptor } from '../shared/message';

/** PostgreSQL's `integer`: versions, positions and anything else counted in a column. */
export const INT32_MAX = 2_147_483_647;

/**
 * Wording after the identity library's generic policy messages (SPEC 5: "must not contain
 * given characters", "invalid ... number ... format"); the spec quotes none of them.
 */
export const STORABLE_MESSAGES = {
  charactersNotAllowed: /*i18n*/ {
    id: 'validation.characters.not-allowed',
    message: 'This field contains characters that are not allowed.',
  },
  numberInvalid: /*i18n*/ {
    id: 'validation.number.invalid',
    message: 'Please enter a valid number.',
  },
  numberOutOfRange: /*i18n*/ {
    id: 'validation.number.out-of-range',
    message: 'Enter a number from {min} to {max}.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/**
 * Whether text can be stored as it is: no U+0000, and every surrogate in a pair (the same
 * as `String.prototype.isWellFormed`, which not every browser the store serves has).
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}
