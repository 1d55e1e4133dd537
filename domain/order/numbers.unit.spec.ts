/**
 * The numbers a visitor can look an order up by (decision 045): the formats the spec and the
 * pages use, a check digit that catches every mistyped digit and every swap of neighbours,
 * and numbers that fail it (the old sequential ones among them) taken for no order's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsCardNumber } from '../validation/card-number';
import {
  couldBeOrderNumber,
  dammCheckDigit,
  hasDammCheckDigit,
  orderNumberFrom,
  webReferenceFrom,
} from './numbers';

const digits = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((d) => d.join(''));

describe('the check digit', () => {
  it('is Damm’s', () => {
    // The worked example of Damm's algorithm: 572 is followed by 4.
    expect(dammCheckDigit('572')).toBe('4');
    expect(hasDammCheckDigit('5724')).toBe(true);
    expect(hasDammCheckDigit('5725')).toBe(false);
    expect(() => dammCheckDigit('57a')).toThrow();
  });

  it('catches every mistyped digit', () => {
    fc.assert(
      fc.property(digits(9), fc.nat(9), fc.integer({ min: 1, max: 9 }), (body, at, by) => {
        const number = body + dammCheckDigit(body);
        const wrong = String((Number(number[at]) + by) % 10);
        const typed = number.slice(0, at) + wrong + number.slice(at + 1);
        expect(hasDammCheckDigit(typed)).toBe(false);
      }),
    );
  });

  it('catches every swap of two neighbouring digits', () => {
    fc.assert(
      fc.property(digits(9), fc.nat(8), (body, at) => {
        const number = body + dammCheckDigit(body);
        fc.pre(number[at] !== number[at + 1]);
        const typed =
          number.slice(0, at) + (number[at + 1] ?? '') + (number[at] ?? '') + number.slice(at + 2);
        expect(hasDammCheckDigit(typed)).toBe(false);
      }),
    );
  });
});

describe('order numbers', () => {
  it('keep the formats the pages show: W and ten digits, eight digits', () => {
    expect(webReferenceFrom('482100731')).toBe('W4821007316');
    expect(orderNumberFrom('5093172')).toBe('50931726');
    expect(() => webReferenceFrom('48210073')).toThrow();
    expect(() => orderNumberFrom('0931726')).toThrow();
    fc.assert(
      fc.property(digits(9), (body) => {
        const reference = webReferenceFrom(body);
        expect(reference).toMatch(/^W\d{10}$/);
        // Seven to fourteen characters, as the lookup takes (SPEC 5); never a card number.
        expect(containsCardNumber(reference)).toBe(false);
        expect(couldBeOrderNumber(reference)).toBe(true);
        expect(couldBeOrderNumber(` ${reference.toLowerCase()} `)).toBe(true);
      }),
    );
  });

  it('could be no order’s when the check digit fails, or in the old sequential forms', () => {
    expect(couldBeOrderNumber('W4821007316')).toBe(true);
    expect(couldBeOrderNumber('W4821007317')).toBe(false);
    expect(couldBeOrderNumber('W4821007361')).toBe(false);
    expect(couldBeOrderNumber('50931726')).toBe(true);
    expect(couldBeOrderNumber('50931727')).toBe(false);
    // A sequence's: W and nine digits; 40000001 fails its check digit.
    expect(couldBeOrderNumber('W100000042')).toBe(false);
    expect(couldBeOrderNumber('40000001')).toBe(false);
    expect(couldBeOrderNumber('09317265')).toBe(false);
    expect(couldBeOrderNumber('PO-2026-118')).toBe(false);
  });
});
