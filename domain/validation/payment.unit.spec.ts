import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  isExpired,
  isValidCardNumber,
  newCardSchema,
  passesLuhn,
  poNumberSchema,
} from './payment';
import { validate } from './issues';
import { errorsOf } from './test-helpers';

const today = '2026-11-22';
const schema = newCardSchema({ today });
const card = {
  firstName: 'Jean-Luc',
  lastName: "O'Brien",
  number: '4111 1111 1111 1111',
  month: '11',
  year: '2026',
  securityCode: '123',
};

/** Appends the Luhn check digit to a string of digits. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (passesLuhn(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

describe('purchase order number (SPEC 5)', () => {
  it('is required, with the spec message, and at most 50 characters', () => {
    expect(errorsOf(poNumberSchema, '')).toEqual([': Please enter purchase order number']);
    expect(errorsOf(poNumberSchema, 'x'.repeat(51))).toEqual([
      ': Enter no more than 50 characters.',
    ]);
    expect(validate(poNumberSchema, ' PO-2026-118 ')).toEqual({ ok: true, value: 'PO-2026-118' });
  });
});

describe('new card (SPEC 5)', () => {
  it('accepts a valid card and keeps only its digits', () => {
    const result = validate(schema, card);
    expect(result.ok && result.value.number).toBe('4111111111111111');
  });

  it('requires every field', () => {
    expect(
      errorsOf(schema, {
        firstName: '',
        lastName: '',
        number: '',
        month: '',
        year: '',
        securityCode: '',
      }),
    ).toEqual([
      'firstName: This field is required.',
      'lastName: This field is required.',
      'number: This field is required.',
      'month: This field is required.',
      'year: This field is required.',
      'securityCode: This field is required.',
    ]);
  });

  it('allows letters a-z, hyphens, spaces and apostrophes in names, at most 60', () => {
    expect(errorsOf(schema, { ...card, firstName: 'José' })).toEqual([
      'firstName: Use only letters a-z, hyphens, spaces and apostrophes.',
    ]);
    expect(errorsOf(schema, { ...card, lastName: 'B'.repeat(61) })).toEqual([
      'lastName: Enter no more than 60 characters.',
    ]);
  });

  it('rejects a number that fails the Luhn check', () => {
    expect(errorsOf(schema, { ...card, number: '4111 1111 1111 1112' })).toEqual([
      'number: Please enter a valid card number.',
    ]);
  });

  it('rejects an expired card and takes one that expires this month', () => {
    expect(errorsOf(schema, { ...card, month: '10', year: '2026' })).toEqual([
      'month: This card has expired.',
    ]);
    expect(errorsOf(schema, { ...card, month: '11', year: '2026' })).toEqual([]);
    expect(isExpired(12, 2025, today)).toBe(true);
    expect(isExpired(1, 2027, today)).toBe(false);
  });

  it('checks the security code for the card brand', () => {
    expect(errorsOf(schema, { ...card, securityCode: '12' })).toEqual([
      'securityCode: Please enter a valid security code.',
    ]);
    expect(errorsOf(schema, { ...card, securityCode: '12a' })).toEqual([
      'securityCode: Please enter a valid security code.',
    ]);
    const amex = { ...card, number: '3782 822463 10005' };
    expect(errorsOf(schema, { ...amex, securityCode: '1234' })).toEqual([]);
    expect(errorsOf(schema, { ...amex, securityCode: '123' })).toEqual([
      'securityCode: Please enter a valid security code.',
    ]);
  });

  it('tells the brands apart', () => {
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('accepts every number of 12 to 19 digits with a right check digit (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 }),
        (body) => {
          expect(isValidCardNumber(withCheckDigit(body))).toBe(true);
        },
      ),
    );
  });

  it('rejects every number whose last digit is changed, with the card message (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 }),
        fc.integer({ min: 1, max: 9 }),
        (body, shift) => {
          const good = withCheckDigit(body);
          const last = (Number(good.at(-1)) + shift) % 10;
          const bad = `${good.slice(0, -1)}${last}`;
          expect(
            errorsOf(schema, { ...card, number: bad, securityCode: '1234' }).slice(0, 1),
          ).toEqual(['number: Please enter a valid card number.']);
        },
      ),
    );
  });

  it('never throws on any input (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ number: fc.string(), month: fc.anything(), securityCode: fc.string() }),
        (input) => {
          expect(typeof validate(schema, { ...card, ...input }).ok).toBe('boolean');
        },
      ),
    );
  });

  it('rejects any card name with a character outside a-z, hyphen, space and apostrophe (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."abc XYZ-'"), maxLength: 20 }),
        fc.constantFrom(...'éüß0123456789.,!?@#_/'),
        (rest, bad) => {
          expect(errorsOf(schema, { ...card, firstName: `Al${bad}${rest}` })).toEqual([
            'firstName: Use only letters a-z, hyphens, spaces and apostrophes.',
          ]);
        },
      ),
    );
  });
});
