/**
 * Postal addresses (SPEC 3, 5): country and region from a maintained data set
 * (country-region-data), the required fields, length limits, the allowed characters, no
 * name or organisation in the street, no P.O. Boxes, and postal codes per country.
 */
import { allCountries } from 'country-region-data';
import * as z from 'zod';
import { FIELD_LIMITS, optionalText, requiredText } from './fields';
import { V } from './messages';

export interface Region {
  readonly code: string;
  readonly name: string;
}

export interface Country {
  /** ISO 3166-1 alpha-2. */
  readonly code: string;
  readonly name: string;
  readonly regions: readonly Region[];
}

export const COUNTRIES: readonly Country[] = allCountries.map(([name, code, regions]) => ({
  code,
  name,
  regions: regions.map(([regionName, regionCode]) => ({ code: regionCode, name: regionName })),
}));

const countriesByCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export function findCountry(code: string): Country | undefined {
  return countriesByCode.get(code.toUpperCase());
}

/** SPEC 5: 0-9, a-z, A-Z, space and !"#$%&'*+,-./:;=?@^_~(). */
export const ADDRESS_CHARACTERS = /^[0-9a-zA-Z !"#$%&'*+,\-./:;=?@^_~()]*$/;

/** Post office boxes and their equivalents in the storefronts' countries and languages. */
const PO_BOX =
  /\b(p\s*\.?\s*o\s*\.?\s*box|post\s*office\s*box|g\.?\s*p\.?\s*o\.?\s*box|locked\s*bag|private\s*bag|postbus|apartado\s+de\s+correos|apartado\s+postal|case\s+postale|bo[iî]te\s+postale)\b/i;

export function looksLikePoBox(text: string): boolean {
  return PO_BOX.test(text);
}

function normalizeForNameCheck(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Whether the street holds the person's full name or the organisation's name. */
export function containsNameOrOrganisation(
  street: string,
  names: {
    readonly firstName?: string;
    readonly lastName?: string;
    readonly organization?: string;
  },
): boolean {
  const haystack = normalizeForNameCheck(street);
  const fullName =
    names.firstName?.trim() && names.lastName?.trim() ? `${names.firstName} ${names.lastName}` : '';
  // Whole words only, and nothing shorter than three letters: "Al" is no evidence.
  return [fullName, names.organization ?? '']
    .map(normalizeForNameCheck)
    .filter((candidate) => candidate.trim().length >= 3)
    .some((candidate) => haystack.includes(candidate));
}

interface PostalCodeRule {
  readonly pattern: RegExp;
  readonly example: string;
  /** Some places have no postal codes at all (Hong Kong, Macao). */
  readonly required: boolean;
}

/**
 * SPEC 5: US 5 digits; CA six alphanumerics with a space after the third; UK, NZ, AU and
 * Asia their own formats. The storefronts' other countries (NL, ES) and the Asia-Pacific
 * registration countries of SPEC 4.5 are covered too; elsewhere any short code is taken.
 */
export const POSTAL_CODE_RULES: Readonly<Record<string, PostalCodeRule>> = {
  US: { pattern: /^\d{5}$/, example: '12345', required: true },
  CA: { pattern: /^[A-Za-z]\d[A-Za-z] \d[A-Za-z]\d$/, example: 'A1A 1A1', required: true },
  GB: {
    pattern: /^(?:[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}|GIR ?0AA)$/i,
    example: 'SW1A 1AA',
    required: true,
  },
  AU: { pattern: /^\d{4}$/, example: '2000', required: true },
  NZ: { pattern: /^\d{4}$/, example: '6011', required: true },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001', required: true },
  SG: { pattern: /^\d{6}$/, example: '238859', required: true },
  NL: { pattern: /^[1-9]\d{3} ?[A-Za-z]{2}$/, example: '1012 AB', required: true },
  ES: { pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28001', required: true },
  KR: { pattern: /^\d{5}$/, example: '03187', required: true },
  ID: { pattern: /^\d{5}$/, example: '10110', required: true },
  TH: { pattern: /^\d{5}$/, example: '10200', required: true },
  VN: { pattern: /^\d{6}$/, example: '100000', required: true },
  PH: { pattern: /^\d{4}$/, example: '1000', required: true },
  TW: { pattern: /^\d{3}(?:\d{2,3})?$/, example: '100', required: true },
  KH: { pattern: /^\d{5,6}$/, example: '120101', required: true },
  LA: { pattern: /^\d{5}$/, example: '01000', required: true },
  MM: { pattern: /^\d{5}$/, example: '11181', required: true },
  HK: { pattern: /^$/, example: '', required: false },
  MO: { pattern: /^$/, example: '', required: false },
};

const OTHER_POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}$/;

export type PostalCodeProblem = 'required' | 'invalid';

/** What is wrong with a postal code for a country, or null when it is right. */
export function postalCodeProblem(country: string, postalCode: string): PostalCodeProblem | null {
  const code = postalCode.trim();
  const rule = POSTAL_CODE_RULES[country.toUpperCase()];
  if (!rule) return code === '' || OTHER_POSTAL_CODE.test(code) ? null : 'invalid';
  if (code === '') return rule.required ? 'required' : null;
  return rule.pattern.test(code) ? null : 'invalid';
}

export function postalCodeExample(country: string): string {
  return POSTAL_CODE_RULES[country.toUpperCase()]?.example ?? 'A1234';
}

export interface AddressSchemaOptions {
  /** The line3 address feature flag (SPEC 9). */
  readonly line3Enabled?: boolean;
  /** Names the street may not contain (SPEC 5). */
  readonly names?: {
    readonly firstName?: string;
    readonly lastName?: string;
    readonly organization?: string;
  };
}

const addressCharacters = { pattern: ADDRESS_CHARACTERS, message: V.addressCharacters };

function addressLine(max: number) {
  return requiredText(max, { format: addressCharacters });
}

function optionalAddressLine(max: number) {
  return optionalText(max, addressCharacters);
}

export function addressSchema(options: AddressSchemaOptions = {}) {
  return z
    .object({
      country: requiredText(2).transform((c) => c.toUpperCase()),
      region: optionalText(10),
      town: addressLine(FIELD_LIMITS.city),
      line1: addressLine(FIELD_LIMITS.street),
      line2: optionalAddressLine(FIELD_LIMITS.street),
      line3: options.line3Enabled
        ? optionalAddressLine(FIELD_LIMITS.street)
        : z.undefined({ error: V.invalid.id }).optional(),
      postalCode: z.string({ error: V.required.id }).trim(),
    })
    .superRefine(
      (address, ctx) => {
        // Runs even when a field failed (see `when`), so every value is checked for its type.
        const streetLines = [
          ['line1', address.line1],
          ['line2', address.line2],
          ['line3', address.line3],
        ] as const;
        for (const [field, text] of streetLines) {
          if (typeof text !== 'string') continue;
          if (looksLikePoBox(text)) {
            ctx.addIssue({ code: 'custom', message: V.addressPoBox.id, path: [field] });
          } else if (options.names && containsNameOrOrganisation(text, options.names)) {
            ctx.addIssue({ code: 'custom', message: V.addressHasName.id, path: [field] });
          }
        }
        // An empty country already has 'This field is required.'; region and postal code
        // depend on the country, so they wait for one.
        if (typeof address.country !== 'string' || address.country === '') return;
        const country = findCountry(address.country);
        if (!country) {
          ctx.addIssue({ code: 'custom', message: V.countryUnknown.id, path: ['country'] });
          return;
        }
        if (country.regions.length > 0) {
          if (address.region === undefined) {
            ctx.addIssue({ code: 'custom', message: V.required.id, path: ['region'] });
          } else if (!country.regions.some((r) => r.code === address.region)) {
            ctx.addIssue({ code: 'custom', message: V.regionUnknown.id, path: ['region'] });
          }
        }
        const problem = postalCodeProblem(
          country.code,
          typeof address.postalCode === 'string' ? address.postalCode : '',
        );
        if (problem === 'required') {
          ctx.addIssue({ code: 'custom', message: V.required.id, path: ['postalCode'] });
        } else if (problem === 'invalid') {
          ctx.addIssue({
            code: 'custom',
            message: V.postalCodeInvalid.id,
            path: ['postalCode'],
            params: { values: { example: postalCodeExample(country.code) } },
          });
        }
      },
      // Check what can be checked even when another field is empty, so a form shows every
      // problem at once.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
}

export type AddressInput = z.input<ReturnType<typeof addressSchema>>;
export type Address = z.output<ReturnType<typeof addressSchema>>;
