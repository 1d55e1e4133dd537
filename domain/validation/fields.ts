/**
 * Building blocks of the form and request schemas: every error carries a message id from
 * messages.ts, text is trimmed before it is checked, and a field gets one message at a time
 * (empty, then too long, then the format, then a card number, then characters the database
 * cannot hold) without stopping the checks of other fields, so a form can show every field's
 * problem at once. Numbers that reach the database are bounded (decision 021); free text
 * holds no card number (card-number.ts, decision 045).
 */
import * as z from 'zod';
import type { MessageDescriptor } from '../shared/message';
import { containsCardNumber } from './card-number';
import { noCardNumber } from './card-number-check';
import { V } from './messages';
import { INT32_MAX, isStorableText } from './storable';
import { storableText } from './storable-check';

/** SPEC 9 field limits. */
export const FIELD_LIMITS = {
  name: 60,
  contactEmail: 64,
  trainingEmail: 64,
  qualifiedUserEmail: 150,
  city: 100,
  street: 240,
  poNumber: 50,
} as const;

/** Letters of any script, apostrophes, hyphens and spaces, with at least one letter. */
export const PERSON_NAME = /^(?=.*\p{L})[\p{L}\p{M}'’\- ]+$/u;

/** Card names: letters a-z, hyphens, spaces and apostrophes only (SPEC 5). */
export const CARD_NAME = /^(?=.*[A-Za-z])[A-Za-z'’\- ]+$/;

export interface TextFormat {
  readonly pattern: RegExp | ((value: string) => boolean);
  readonly message: MessageDescriptor;
}

export interface TextRules {
  /** The message for an empty field; absent, the field is optional. */
  readonly required?: MessageDescriptor;
  readonly format?: TextFormat;
  /**
   * A phone number's digits are the point of it, and an email address is someone's own,
   * whatever digits it holds (a card number pasted into either fails its format): they are
   * not searched for a card number (every other field is).
   */
  readonly digitsAllowed?: true;
}

function matches(format: TextFormat, value: string): boolean {
  return typeof format.pattern === 'function' ? format.pattern(value) : format.pattern.test(value);
}

function checkedText(max: number, rules: TextRules) {
  return z
    .string({ error: (rules.required ?? V.invalid).id })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (rules.required) ctx.addIssue({ code: 'custom', message: rules.required.id });
      } else if (value.length > max) {
        ctx.addIssue({ code: 'custom', message: V.tooLong.id, params: { values: { max } } });
      } else if (rules.format && !matches(rules.format, value)) {
        ctx.addIssue({ code: 'custom', message: rules.format.message.id });
      } else if (!rules.digitsAllowed && containsCardNumber(value)) {
        ctx.addIssue({ code: 'custom', message: V.cardNumberNotAllowed.id });
      } else if (!isStorableText(value)) {
        // After the format: where a field has one, its own words say more.
        ctx.addIssue({ code: 'custom', message: V.charactersNotAllowed.id });
      }
    });
}

/** Trimmed text that must be present, at most `max` characters long, in the format if given. */
export function requiredText(
  max: number,
  rules: Omit<TextRules, 'required'> & { required?: MessageDescriptor } = {},
) {
  return checkedText(max, { ...rules, required: rules.required ?? V.required });
}

/** Trimmed text that may be left out; empty text counts as left out. */
export function optionalText(max: number, format?: TextFormat) {
  return checkedText(max, format ? { format } : {})
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

export function personName(max: number = FIELD_LIMITS.name) {
  return requiredText(max, { format: { pattern: PERSON_NAME, message: V.invalidName } });
}

const emailFormat = z.email();

export function email(max: number) {
  return requiredText(max, {
    format: { pattern: (v) => emailFormat.safeParse(v).success, message: V.invalidEmail },
    digitsAllowed: true,
  });
}

/** A box that must be ticked (SPEC 5 terms and conditions). */
export function accepted(message: MessageDescriptor = V.required) {
  return z.literal(true, { error: message.id });
}

/**
 * Text of a request that is not a form field (ids, codes, names of things): at most `max`
 * characters, none the database cannot hold. Not trimmed: it is stored as it came.
 */
export function requestText(max: number) {
  return z.string({ error: V.invalid.id }).max(max, { error: V.tooLong.id }).check(storableText());
}

/** `requestText` that a buyer types (a name, a note): no card number in it. */
export function freeText(max: number) {
  return requestText(max).check(noCardNumber());
}

/** A whole number from `min` to `max` (by default what an `integer` column holds). */
export function boundedInt(min: number = 0, max: number = INT32_MAX) {
  return z.number({ error: V.numberInvalid.id }).superRefine((value, ctx) => {
    if (!Number.isInteger(value)) {
      ctx.addIssue({ code: 'custom', message: V.numberInvalid.id });
    } else if (value < min || value > max) {
      ctx.addIssue({
        code: 'custom',
        message: V.numberOutOfRange.id,
        params: { values: { min, max } },
      });
    }
  });
}

/** Digits with an optional minus: no exponent, fraction, spaces, hex or empty text. */
const INTEGER_TEXT = /^-?\d{1,20}$/;

/** `boundedInt` for a query string or path segment, where every value is text. */
export function boundedIntParam(min: number = 0, max: number = INT32_MAX) {
  return z
    .string({ error: V.numberInvalid.id })
    .regex(INTEGER_TEXT, { error: V.numberInvalid.id })
    .transform(Number)
    .pipe(boundedInt(min, max));
}
