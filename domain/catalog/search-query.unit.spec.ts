import { describe, expect, it } from 'vitest';
import { LOCALES } from '../storefront/storefronts';
import { CATEGORIES, FORMATS, LEVELS, SORTS } from './catalog';
import { searchQuerySchema } from './schemas';
import { SEARCH_PARAMS, searchQueryOf } from './search-query';

/** An address's parameters, as the browser's URLSearchParams reads them. */
class Params {
  private readonly values = new Map<string, string>();
  set(name: string, value: string): void {
    this.values.set(name, value);
  }
  get(name: string): string | null {
    return this.values.get(name) ?? null;
  }
  toString(): string {
    return JSON.stringify(Object.fromEntries(this.values));
  }
}

/** What the API's schema makes of an address, each unknown value left out (the old reading). */
function bySchema(locale: string, params: Params) {
  const input: Record<string, string> = { locale };
  for (const key of SEARCH_PARAMS) {
    const value = params.get(key);
    if (value === null || value === '' || (key === 'category' && value === 'all')) continue;
    if (searchQuerySchema.safeParse({ ...input, [key]: value }).success) input[key] = value;
  }
  return searchQuerySchema.parse(input);
}

const VALUES: Record<(typeof SEARCH_PARAMS)[number], readonly string[]> = {
  q: [
    '',
    'wisc',
    '  westbrook  ',
    '   ',
    'x'.repeat(200),
    `  ${'x'.repeat(200)}  `,
    'x'.repeat(201),
    'a\u0000b',
    '\uD800',
    '😀 emoji',
    '4111 1111 1111 1111',
    '４１１１１１１１１１１１１１１１',
    'order 12345678',
  ],
  category: ['', 'all', 'behavior', 'BEHAVIOR', 'nope', ...CATEGORIES.slice(0, 3)],
  format: ['', ...FORMATS, 'kit'],
  level: ['', ...LEVELS, 'a', 'D'],
  sort: ['', ...SORTS, 'price'],
  page: ['', '1', '2', ' 3 ', '500', '501', '0', '-1', '1.5', '1e2', '0x10', 'abc', 'Infinity'],
};

describe("a search page's address read without zod", () => {
  it('agrees with the API schema on every value of every parameter', () => {
    for (const key of SEARCH_PARAMS) {
      for (const value of VALUES[key]) {
        const params = new Params();
        params.set(key, value);
        expect(searchQueryOf('en-us', params), `${key}=${JSON.stringify(value)}`).toEqual(
          bySchema('en-us', params),
        );
      }
    }
  });

  it('agrees on addresses that mix parameters, known and not', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 500; i += 1) {
      const params = new Params();
      for (const key of SEARCH_PARAMS) {
        const values = VALUES[key];
        if (next(3) > 0) params.set(key, values[next(values.length)] ?? '');
      }
      const locale = LOCALES[next(LOCALES.length)] ?? 'en-us';
      expect(searchQueryOf(locale, params), params.toString()).toEqual(bySchema(locale, params));
    }
  });
});
