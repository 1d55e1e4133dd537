import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorsOf } from '../validation/test-helpers';
import {
  brandOf,
  cardNameSchema,
  cardSummarySchema,
  checkCard,
  isCardExpired,
  luhnValid,
  summaryOf,
  tokenizedCardSchema,
  type CardInput,
} from './card';

const today = { year: 2026, month: 11 };

const card = (overrides: Partial<CardInput> = {}): CardInput => ({
  number: '4242 4242 4242 4242',
  expMonth: '12',
  expYear: '2030',
  securityCode: '123',
  ...overrides,
});

/** Appends the Luhn check digit to a string of digits. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

describe('luhnValid', () => {
  it('accepts the sandbox cards and refuses a changed digit', () => {
    for (const number of [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '5555555555554444',
      '378282246310005',
      '6011111111111117',
    ]) {
      expect(luhnValid(number), number).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });

  it('catches every single-digit mistake', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{11,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          const number = withCheckDigit(body);
          const index = at % number.length;
          const wrong = `${number.slice(0, index)}${(Number(number[index]) + shift) % 10}${number.slice(index + 1)}`;
          expect(luhnValid(number)).toBe(true);
          expect(luhnValid(wrong)).toBe(false);
        },
      ),
    );
  });
});

describe('brandOf', () => {
  it('names the brand by the first digits', () => {
    expect(brandOf('4242424242424242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('3530111333300000')).toBe('unknown');
    expect(brandOf('')).toBe('unknown');
  });
});

describe('isCardExpired', () => {
  it('keeps a card good to the end of its expiry month', () => {
    expect(isCardExpired({ year: 2026, month: 11 }, today)).toBe(false);
    expect(isCardExpired({ year: 2026, month: 10 }, today)).toBe(true);
    expect(isCardExpired({ year: 2025, month: 12 }, today)).toBe(true);
    expect(isCardExpired({ year: 2027, month: 1 }, today)).toBe(false);
  });
});

describe('checkCard (SPEC 5)', () => {
  it('accepts a valid card, keeping only its digits', () => {
    const result = checkCard(card(), today);
    expect(result).toEqual({
      ok: true,
      card: {
        digits: '4242424242424242',
        brand: 'visa',
        expMonth: 12,
        expYear: 2030,
        securityCode: '123',
      },
    });
    expect(result.ok && summaryOf(result.card)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it('requires every field', () => {
    expect(checkCard({ number: ' ', expMonth: '', expYear: '', securityCode: '' }, today)).toEqual({
      ok: false,
      errors: {
        number: 'required',
        expMonth: 'required',
        expYear: 'required',
        securityCode: 'required',
      },
    });
  });

  it('refuses a number that fails Luhn, is too short or too long, or has letters', () => {
    for (const number of [
      '4242424242424241',
      '42424242424',
      withCheckDigit('4'.repeat(19)),
      '4242x42424242424',
      '4242\u000042424242424',
    ]) {
      expect(checkCard(card({ number }), today), number).toEqual({
        ok: false,
        errors: { number: 'numberInvalid' },
      });
    }
    expect(checkCard(card({ number: '4242-4242-4242-4242' }), today).ok).toBe(true);
  });

  it('takes a two- or four-digit year and a month from 1 to 12', () => {
    expect(checkCard(card({ expMonth: '1', expYear: '27' }), today)).toMatchObject({
      ok: true,
      card: { expMonth: 1, expYear: 2027 },
    });
    expect(checkCard(card({ expMonth: '13' }), today)).toEqual({
      ok: false,
      errors: { expMonth: 'expiryInvalid' },
    });
    expect(checkCard(card({ expMonth: '0' }), today)).toEqual({
      ok: false,
      errors: { expMonth: 'expiryInvalid' },
    });
    expect(checkCard(card({ expYear: '202' }), today)).toEqual({
      ok: false,
      errors: { expYear: 'expiryInvalid' },
    });
    expect(checkCard(card({ expYear: '2060' }), today)).toEqual({
      ok: false,
      errors: { expYear: 'expiryInvalid' },
    });
  });

  it('says a card past its expiry month has expired', () => {
    expect(checkCard(card({ expMonth: '10', expYear: '2026' }), today)).toEqual({
      ok: false,
      errors: { expMonth: 'expired' },
    });
    expect(checkCard(card({ expMonth: '11', expYear: '2026' }), today).ok).toBe(true);
  });

  it('wants a three-digit security code, four for American Express', () => {
    expect(checkCard(card({ securityCode: '12' }), today)).toEqual({
      ok: false,
      errors: { securityCode: 'securityCodeInvalid' },
    });
    expect(checkCard(card({ securityCode: '1234' }), today)).toEqual({
      ok: false,
      errors: { securityCode: 'securityCodeInvalid' },
    });
    const amex = { number: '3782 822463 10005' };
    expect(checkCard(card({ ...amex, securityCode: '1234' }), today).ok).toBe(true);
    expect(checkCard(card({ ...amex, securityCode: '123' }), today)).toEqual({
      ok: false,
      errors: { securityCode: 'securityCodeInvalid' },
    });
  });

  it('never answers with what was typed', () => {
    fc.assert(
      fc.property(
        fc.record({
          number: fc.string({ maxLength: 30 }),
          expMonth: fc.string({ maxLength: 4 }),
          expYear: fc.string({ maxLength: 6 }),
          securityCode: fc.string({ maxLength: 6 }),
        }),
        (input) => {
          const result = checkCard(input, today);
          if (!result.ok) {
            for (const error of Object.values(result.errors)) {
              expect([
                'required',
                'numberInvalid',
                'expiryInvalid',
                'expired',
                'securityCodeInvalid',
              ]).toContain(error);
            }
          }
        },
      ),
    );
  });
});

describe('card schemas', () => {
  const tokenized = {
    token: 'sandbox_tok_abcdefghij',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
  };

  it('accepts what a gateway gives back', () => {
    expect(tokenizedCardSchema.parse(tokenized)).toEqual(tokenized);
  });

  it('refuses anything more, such as a card number', () => {
    expect(
      tokenizedCardSchema.safeParse({ ...tokenized, number: '4242424242424242' }).success,
    ).toBe(false);
    expect(cardSummarySchema.safeParse({ ...tokenized, token: undefined }).success).toBe(false);
  });

  it('keeps tokens, last digits and expiry strict', () => {
    for (const bad of [
      { token: 'short' },
      { token: 'has space in it' },
      { token: 'x'.repeat(201) },
      { last4: '424' },
      { last4: '42a2' },
      { expMonth: 0 },
      { expMonth: 13 },
      { expMonth: 1.5 },
      { expYear: 30 },
      { brand: 'jcb' },
    ]) {
      expect(
        tokenizedCardSchema.safeParse({ ...tokenized, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });
});

describe('card holder name (SPEC 5)', () => {
  it('is required, at most 60 characters, letters a-z, hyphens, spaces and apostrophes', () => {
    expect(errorsOf(cardNameSchema, '')).toEqual([': This field is required.']);
    expect(errorsOf(cardNameSchema, 'a'.repeat(61))).toEqual([
      ': Enter no more than 60 characters.',
    ]);
    expect(errorsOf(cardNameSchema, 'Zoë')).toEqual([
      ': Use only letters a-z, hyphens, spaces and apostrophes.',
    ]);
    expect(errorsOf(cardNameSchema, 'Anne 2')).toHaveLength(1);
    expect(errorsOf(cardNameSchema, "Jean-Luc O'Brien")).toEqual([]);
  });
});
