import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as domain from '../../../../../domain/payment/card';
import * as frame from './card-checks.js';

/** Card-like text: digits, separators, the odd letter or control character. */
const cardText = (maxLength: number) =>
  fc
    .array(fc.constantFrom(...'0123456789', ' ', '-', 'x', '\u0000', '٣'), { maxLength })
    .map((chars) => chars.join(''));

const luhnNumber = fc
  .tuple(fc.constantFrom('4', '51', '2221', '34', '37', '6011', '65', '35'), cardText(17))
  .map(([prefix, rest]) => {
    const body = `${prefix}${rest.replace(/\D/g, '')}`.slice(0, 18);
    for (let d = 0; d <= 9; d++) if (domain.luhnValid(`${body}${d}`)) return `${body}${d}`;
    return body;
  });

const input = fc.record({
  number: fc.oneof(cardText(24), luhnNumber, fc.string({ maxLength: 24 })),
  expMonth: fc.oneof(fc.integer({ min: -1, max: 14 }).map(String), cardText(3)),
  expYear: fc.oneof(fc.integer({ min: 1999, max: 2100 }).map(String), cardText(5)),
  securityCode: fc.oneof(cardText(5), fc.constantFrom('123', '1234', ' 123 ')),
});

const today = fc.record({
  year: fc.integer({ min: 2020, max: 2090 }),
  month: fc.integer({ min: 1, max: 12 }),
});

describe('the hosted fields card checks', () => {
  it('agree with the domain checks the sandbox runs again on the server', () => {
    fc.assert(
      fc.property(input, today, (card, now) => {
        expect(frame.checkCard(card, now)).toEqual(domain.checkCard(card, now));
      }),
      { numRuns: 2_000 },
    );
  });

  it('name brands and check Luhn as the domain does', () => {
    fc.assert(
      fc.property(fc.oneof(luhnNumber, cardText(20)), (digits) => {
        expect(frame.brandOf(digits)).toBe(domain.brandOf(digits));
        expect(frame.luhnValid(digits)).toBe(domain.luhnValid(digits));
        expect(frame.cardDigits(digits)).toBe(domain.cardDigits(digits));
      }),
    );
  });
});
