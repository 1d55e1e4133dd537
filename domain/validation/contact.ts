/**
 * Contacts (SPEC 3, 5): first and last name, email and a phone number that must match its
 * country and not be too short, checked with libphonenumber-js. The default country is the
 * US with phone code 1 (SPEC 9).
 */
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js';
import * as z from 'zod';
import { email, FIELD_LIMITS, personName, requiredText } from './fields';
import { V } from './messages';

/** SPEC 9: default country US, phone code 1. */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** The international calling code of a country ('44' for GB), or undefined if it has none. */
export function phoneCodeOf(country: string): string | undefined {
  const code = country.toUpperCase();
  return isSupportedCountry(code) ? getCountryCallingCode(code) : undefined;
}

export type PhoneProblem = 'too-short' | 'invalid';

/** What is wrong with a phone number for a country, or null when it is a valid number there. */
export function phoneProblem(country: string, number: string): PhoneProblem | null {
  const code = country.toUpperCase();
  if (!isSupportedCountry(code)) return 'invalid';
  const lengthProblem = validatePhoneNumberLength(number, code);
  if (lengthProblem === 'TOO_SHORT') return 'too-short';
  if (lengthProblem !== undefined) return 'invalid';
  const parsed = parsePhoneNumberFromString(number, code);
  return parsed?.isValid() && parsed.country === code ? null : 'invalid';
}

export const phoneSchema = z
  .object({
    country: requiredText(2).transform((c) => c.toUpperCase()),
    number: requiredText(30, { digitsAllowed: true }),
  })
  .transform((phone, ctx) => {
    const problem = phoneProblem(phone.country, phone.number);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem === 'too-short' ? V.phoneTooShort.id : V.phoneInvalid.id,
        path: ['number'],
      });
      return z.NEVER;
    }
    const country = phone.country as CountryCode;
    const parsed = parsePhoneNumberFromString(phone.number, country);
    return {
      countryIso: country,
      phoneCode: getCountryCallingCode(country),
      /** E.164, e.g. +442079460000. */
      e164: parsed?.number ?? phone.number,
    };
  });

export const contactSchema = z.object({
  firstName: personName(FIELD_LIMITS.name),
  lastName: personName(FIELD_LIMITS.name),
  email: email(FIELD_LIMITS.contactEmail),
  phone: phoneSchema,
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** The country of an international number ('+44…' → GB), if it can be told. */
export function phoneCountryOf(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}
