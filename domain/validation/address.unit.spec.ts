import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  containsNameOrOrganisation,
  COUNTRIES,
  findCountry,
  looksLikePoBox,
  POSTAL_CODE_RULES,
  postalCodeProblem,
} from './address';
import { errorsOf } from './test-helpers';

const us = {
  country: 'US',
  region: 'TX',
  town: 'San Antonio',
  line1: '19500 Bulverde Road',
  line2: 'Suite 201',
  postalCode: '78259',
};

describe('countries and regions', () => {
  it('come from the data package, with regions for the storefront countries', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(findCountry('ca')?.regions.map((r) => r.code)).toContain('QC');
    expect(findCountry('US')?.regions.find((r) => r.code === 'TX')?.name).toBe('Texas');
    expect(findCountry('XX')).toBeUndefined();
  });
});

describe('address (SPEC 5)', () => {
  const schema = addressSchema();

  it('accepts a complete address', () => {
    expect(errorsOf(schema, us)).toEqual([]);
  });

  it('requires country, region, city, street and postal code, all at once', () => {
    expect(errorsOf(schema, { ...us, region: '', town: '', line1: '', postalCode: '' })).toEqual([
      'town: This field is required.',
      'line1: This field is required.',
      'region: This field is required.',
      'postalCode: This field is required.',
    ]);
    expect(errorsOf(schema, { ...us, country: '' })).toEqual(['country: This field is required.']);
  });

  it('rejects a country or region that is not in the lists', () => {
    expect(errorsOf(schema, { ...us, country: 'XX' })).toEqual([
      'country: Choose a country from the list.',
    ]);
    expect(errorsOf(schema, { ...us, region: 'ON' })).toEqual([
      'region: Choose a region or state from the list.',
    ]);
  });

  it('limits the city to 100 characters and street lines to 240', () => {
    expect(
      errorsOf(schema, {
        ...us,
        town: 'a'.repeat(101),
        line1: 'a'.repeat(241),
        line2: 'b'.repeat(241),
      }),
    ).toEqual([
      'town: Enter no more than 100 characters.',
      'line1: Enter no more than 240 characters.',
      'line2: Enter no more than 240 characters.',
    ]);
    expect(errorsOf(schema, { ...us, town: 'a'.repeat(100), line1: '1 '.repeat(120) })).toEqual([]);
  });

  it('allows only 0-9, a-z, A-Z, space and !"#$%&\'*+,-./:;=?@^_~()', () => {
    expect(errorsOf(schema, { ...us, line1: `1 Main St. #4 (rear) !"$%&'*+,-./:;=?@^_~` })).toEqual(
      [],
    );
    for (const bad of [
      'Calle de Alcalá 12',
      '1 Main St <b>',
      'Flat 3 [A]',
      '12 Rue {x}',
      'Main\tSt',
    ]) {
      expect(errorsOf(schema, { ...us, line1: bad }), bad).toEqual([
        'line1: Use only letters a-z and A-Z, digits 0-9, spaces and these characters: !"#$%&\'*+,-./:;=?@^_~()',
      ]);
    }
  });

  it('refuses P.O. Boxes in any street line', () => {
    for (const box of [
      'PO Box 123',
      'P.O. Box 9',
      'p o box 4',
      'Post Office Box 77',
      'GPO Box 1',
      'Locked Bag 5',
      'Postbus 100',
    ]) {
      expect(errorsOf(schema, { ...us, line1: box }), box).toEqual([
        'line1: We cannot deliver to P.O. Boxes. Please enter a street address.',
      ]);
    }
    expect(errorsOf(schema, { ...us, line2: 'PO Box 5' })).toEqual([
      'line2: We cannot deliver to P.O. Boxes. Please enter a street address.',
    ]);
    expect(looksLikePoBox('12 Box Hill Road')).toBe(false);
    expect(looksLikePoBox('1 Postbox Lane')).toBe(false);
  });

  it('refuses a street holding the contact name or the organisation', () => {
    const named = addressSchema({
      names: { firstName: 'Maria', lastName: 'Lopez', organization: 'Riverside Clinic' },
    });
    expect(errorsOf(named, { ...us, line1: 'Maria Lopez, 12 Oak St' })).toEqual([
      'line1: Do not include a name or organisation in the street address.',
    ]);
    expect(errorsOf(named, { ...us, line1: 'Riverside Clinic 4 Elm Road' })).toEqual([
      'line1: Do not include a name or organisation in the street address.',
    ]);
    expect(errorsOf(named, { ...us, line1: '12 Lopez Avenue' })).toEqual([]);
    expect(
      containsNameOrOrganisation('4 Riversideclinic Way', { organization: 'Riverside Clinic' }),
    ).toBe(false);
  });

  it('takes a third line only with the line3 address flag', () => {
    expect(errorsOf(addressSchema({ line3Enabled: true }), { ...us, line3: 'Building C' })).toEqual(
      [],
    );
    expect(errorsOf(schema, { ...us, line3: 'Building C' })).toEqual([
      'line3: Please check this field.',
    ]);
  });
});

describe('postal codes per country (SPEC 5)', () => {
  it.each([
    ['US', ['78259', '10001'], ['7825', '78259-1234', 'ABCDE']],
    ['CA', ['K1A 0B1', 'h3z 2y7'], ['K1A0B1', 'K1A 0B', '123 456']],
    ['GB', ['SW1A 1AA', 'M1 1AE', 'EC1A1BB', 'GIR 0AA'], ['SW1A-1AA', '12345', 'ABC']],
    ['AU', ['2000', '0800'], ['200', '20000']],
    ['NZ', ['6011'], ['601', '60111']],
    ['JP', ['100-0001', '1000001'], ['100-001', '10-00001']],
    ['SG', ['238859'], ['23885', '2388590']],
    ['NL', ['1012 AB', '1012AB'], ['0123 AB', '1012 A1']],
    ['ES', ['28001', '08001', '52001'], ['53001', '00123', '2800']],
  ] as const)('%s accepts %j and rejects %j', (country, good, bad) => {
    for (const code of good) expect(postalCodeProblem(country, code), code).toBeNull();
    for (const code of bad) expect(postalCodeProblem(country, code), code).toBe('invalid');
  });

  it('says which format a country expects', () => {
    expect(errorsOf(addressSchema(), { ...us, postalCode: '7825' })).toEqual([
      'postalCode: Enter a postal code in the format 12345.',
    ]);
    expect(
      errorsOf(addressSchema(), { ...us, country: 'CA', region: 'ON', postalCode: 'K1A0B1' }),
    ).toEqual(['postalCode: Enter a postal code in the format A1A 1A1.']);
  });

  it('needs no postal code where a place has none (Hong Kong)', () => {
    expect(postalCodeProblem('HK', '')).toBeNull();
    expect(postalCodeProblem('US', '')).toBe('required');
  });

  const digits = (n: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
  const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
  const digit = fc.constantFrom(...'0123456789');

  it('accepts every code of the country formats (property)', () => {
    const generators: [string, fc.Arbitrary<string>][] = [
      ['US', digits(5)],
      ['AU', digits(4)],
      ['NZ', digits(4)],
      ['SG', digits(6)],
      ['JP', fc.tuple(digits(3), digits(4)).map(([a, b]) => `${a}-${b}`)],
      [
        'CA',
        fc
          .tuple(letter, digit, letter, digit, letter, digit)
          .map(([a, b, c, d, e, f]) => `${a}${b}${c} ${d}${e}${f}`),
      ],
      [
        'NL',
        fc
          .tuple(fc.integer({ min: 1000, max: 9999 }), letter, letter)
          .map(([n, a, b]) => `${n} ${a}${b}`),
      ],
      [
        'ES',
        fc
          .tuple(fc.integer({ min: 1, max: 52 }), digits(3))
          .map(([p, r]) => `${String(p).padStart(2, '0')}${r}`),
      ],
      [
        'GB',
        fc
          .tuple(letter, letter, digit, digit, letter, letter)
          .map(([a, b, c, d, e, f]) => `${a}${b}${c} ${d}${e}${f}`),
      ],
    ];
    for (const [country, codes] of generators) {
      fc.assert(
        fc.property(codes, (code) => {
          expect(postalCodeProblem(country, code), `${country} ${code}`).toBeNull();
        }),
      );
    }
  });

  it('rejects a US or Australian code of the wrong length, with the format message (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }).filter((n) => n !== 5),
        (n) => {
          const code = '1'.repeat(n);
          expect(errorsOf(addressSchema(), { ...us, postalCode: code })).toEqual([
            'postalCode: Enter a postal code in the format 12345.',
          ]);
        },
      ),
    );
  });

  it('never throws on any input (property)', () => {
    const countries = [...Object.keys(POSTAL_CODE_RULES), 'FR', 'DE', 'ZZ'];
    fc.assert(
      fc.property(fc.constantFrom(...countries), fc.string(), (country, code) => {
        const problem = postalCodeProblem(country, code);
        expect([null, 'required', 'invalid']).toContain(problem);
      }),
    );
  });
});
