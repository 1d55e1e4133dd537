import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as classic from 'zod';
import * as mini from 'zod/mini';
import { searchQuerySchema } from '../catalog/schemas';
import { addressBookEntrySchema } from '../customer/address-book';
import { pullQuerySchema, pushSingleSchema } from '../sync/push-schema';
import { cartCommandSchema, savedCartCommandSchema } from '../sync/schemas';
import { savedCartSchema } from './cart';
import { boundedInt, boundedIntParam, optionalText, requestText } from './fields';
import { V } from './messages';
import { INT32_MAX, isStorableText } from './storable';
import { STORABLE_TEXT, storableText } from './storable-check';
import { errorsOf } from './test-helpers';

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = '\uDC00b';
const HIGH_AT_END = 'ab\uD83D';
const NOT_STORABLE = [NUL, LONE_HIGH, LONE_LOW, HIGH_AT_END];

const notAllowed = V.charactersNotAllowed.message;

describe('storable text', () => {
  it('refuses U+0000 and lone surrogates, wherever they are', () => {
    for (const text of NOT_STORABLE) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    expect(isStorableText('\u0000')).toBe(false);
    expect(isStorableText('\uDC00\uD800')).toBe(false);
  });

  it('takes any other text: pairs, other control characters, every script', () => {
    for (const text of [
      '',
      'WRI3-KIT',
      'Tomás Ñúñez',
      '日本語',
      'emoji 😀 pair',
      '\u0001\t\n',
      '\uFFFD',
    ]) {
      expect(isStorableText(text), text).toBe(true);
    }
  });

  it('agrees with isWellFormed, less U+0000, on any UTF-16 text', () => {
    const isWellFormed = (text: string) =>
      (
        String.prototype as unknown as { isWellFormed: (this: string) => boolean }
      ).isWellFormed.call(text);
    // Any UTF-16 code unit, the edges of the surrogate ranges and U+0000 often.
    const unit = fc.oneof(
      fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a', '😀'),
      fc.nat(0xffff).map((n) => String.fromCharCode(n)),
    );
    fc.assert(
      fc.property(fc.string({ unit }), fc.string({ unit: 'grapheme' }), (raw, text) => {
        expect(isStorableText(raw)).toBe(isWellFormed(raw) && !raw.includes('\u0000'));
        // The pattern the zod check uses gives the same answer.
        expect(STORABLE_TEXT.test(raw)).toBe(isStorableText(raw));
        expect(isStorableText(text)).toBe(!text.includes('\u0000'));
      }),
      { numRuns: 500 },
    );
  });

  it('is one check for classic zod and zod/mini, with the message id', () => {
    const inClassic = classic.string().check(storableText());
    const inMini = mini.string().check(storableText());
    for (const schema of [inClassic, inMini]) {
      expect(schema.safeParse('fine').success).toBe(true);
      const failed = schema.safeParse(NUL);
      expect(failed.success).toBe(false);
      expect(failed.error?.issues[0]?.message).toBe(V.charactersNotAllowed.id);
    }
  });

  it('is checked by every form field after its own format', () => {
    expect(errorsOf(optionalText(100), NUL)).toEqual([`: ${notAllowed}`]);
    // The saved-cart name's own words (SPEC 5) come first.
    expect(errorsOf(savedCartSchema, { name: LONE_HIGH })).toEqual([
      'name: Cart name can only be alpha numeric',
    ]);
    const entry = {
      firstName: 'Dana',
      lastName: 'Reyes',
      organization: `Clinic ${LONE_LOW}`,
      phone: { country: 'US', number: '(608) 262-1234' },
      address: {
        country: 'US',
        region: 'WI',
        town: 'Madison',
        line1: '500 Lincoln Drive',
        postalCode: '53706',
      },
    };
    expect(errorsOf(addressBookEntrySchema, entry)).toEqual([`organization: ${notAllowed}`]);
  });

  it('is checked in request text, which is kept as it came', () => {
    expect(requestText(10).parse(' as is ')).toBe(' as is ');
    expect(errorsOf(requestText(10), HIGH_AT_END)).toEqual([`: ${notAllowed}`]);
    expect(errorsOf(requestText(3), 'long')).toEqual([': Enter no more than 3 characters.']);
  });
});

describe('bounded integers', () => {
  it('takes whole numbers within the bounds, an integer column by default', () => {
    expect(boundedInt().parse(0)).toBe(0);
    expect(boundedInt().parse(INT32_MAX)).toBe(INT32_MAX);
    expect(errorsOf(boundedInt(), INT32_MAX + 1)).toEqual([
      `: Enter a number from 0 to ${INT32_MAX}.`,
    ]);
    expect(errorsOf(boundedInt(1, 9), 0)).toEqual([': Enter a number from 1 to 9.']);
  });

  it('refuses fractions, infinities and what is not a number', () => {
    for (const value of [1.5, Number.POSITIVE_INFINITY, Number.NaN, '1', null]) {
      expect(errorsOf(boundedInt(), value), String(value)).toEqual([
        ': Please enter a valid number.',
      ]);
    }
  });

  it('reads only plain digits from a query string', () => {
    expect(boundedIntParam().parse('42')).toBe(42);
    expect(boundedIntParam(-5, 5).parse('-5')).toBe(-5);
    for (const text of ['', ' 1', '1e3', '0x10', '1.0', 'Infinity', '+1', '1,5']) {
      expect(errorsOf(boundedIntParam(), text), text).toEqual([': Please enter a valid number.']);
    }
    expect(errorsOf(boundedIntParam(), '2147483648')).toEqual([
      `: Enter a number from 0 to ${INT32_MAX}.`,
    ]);
    expect(errorsOf(boundedIntParam(), '-1')).toEqual([`: Enter a number from 0 to ${INT32_MAX}.`]);
  });
});

describe('the sync and search requests', () => {
  const metadata = { commandId: 'command-0001', now: '2026-01-01T00:00:00.000Z' };

  it('refuse a pull from beyond an integer column', () => {
    expect(pullQuerySchema.parse({})).toEqual({ after: 0 });
    expect(pullQuerySchema.parse({ after: '7' })).toEqual({ after: 7 });
    for (const after of ['2147483648', '1e30', '-1', '1.5', 'abc', ['1', '2']]) {
      expect(pullQuerySchema.safeParse({ after }).success, String(after)).toBe(false);
    }
  });

  it('refuse versions beyond an integer column and sequence numbers beyond a safe integer', () => {
    const push = (over: object) => ({
      clientId: 'client-0001',
      seq: 1,
      commandId: 'command-0001',
      expectedVersion: 0,
      command: {},
      ...over,
    });
    expect(pushSingleSchema.safeParse(push({})).success).toBe(true);
    for (const over of [
      { expectedVersion: INT32_MAX + 1 },
      { expectedVersion: -1 },
      { seq: 0 },
      { seq: 2 ** 53 },
      { seq: 1e30 },
    ]) {
      expect(pushSingleSchema.safeParse(push(over)).success, JSON.stringify(over)).toBe(false);
    }
  });

  it('refuse text the database cannot hold in any command field', () => {
    const cart = (type: string, data: object) =>
      cartCommandSchema.safeParse({ type, data, metadata });
    for (const bad of NOT_STORABLE) {
      expect(cart('AddItem', { code: bad, quantity: 1 }).success).toBe(false);
      expect(cart('ApplyPromotion', { code: 'SCHOOL10', productCode: bad }).success).toBe(false);
      expect(cart('ClearCart', { reason: 'checkout', orderId: bad }).success).toBe(false);
      const line = { code: 'WRI3-KIT', name: bad, programName: 'Westbrook', quantity: 1 };
      const save = savedCartCommandSchema.safeParse({
        type: 'SaveCart',
        data: { savedCartId: 'saved-0001', name: 'Spring', description: bad, lines: [line] },
        metadata,
      });
      expect(save.success).toBe(false);
      expect(save.error?.issues.map((i) => i.message)).toEqual([
        V.charactersNotAllowed.id,
        V.charactersNotAllowed.id,
      ]);
    }
  });

  it('leave quantities to the decider up to what an integer column holds', () => {
    const add = (quantity: unknown) =>
      cartCommandSchema.safeParse({
        type: 'AddItem',
        data: { code: 'WRI3-KIT', quantity },
        metadata,
      });
    // The decider answers these in the spec's words.
    for (const quantity of [0, -1, 1.5, 10_000, INT32_MAX, -INT32_MAX]) {
      expect(add(quantity).success, String(quantity)).toBe(true);
    }
    expect(add(INT32_MAX + 1).error?.issues[0]?.message).toBe(V.quantityTooLarge.id);
    expect(add(-1e30).error?.issues[0]?.message).toBe(V.quantityNotPositive.id);
    expect(add('1').error?.issues[0]?.message).toBe(V.quantityNotPositive.id);
    expect(add(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('refuse a search for text the database cannot hold', () => {
    expect(searchQuerySchema.safeParse({ locale: 'en-us', q: 'wisc' }).success).toBe(true);
    for (const q of NOT_STORABLE) {
      expect(searchQuerySchema.safeParse({ locale: 'en-us', q }).success).toBe(false);
    }
  });
});
