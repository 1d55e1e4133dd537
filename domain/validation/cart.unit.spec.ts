import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  charactersLeft,
  MAX_LINE_QUANTITY,
  promotionCodeProblem,
  promotionCodeSchema,
  quantitySchema,
  savedCartSchema,
  SAVED_CART_DESCRIPTION_MAX,
  type PromotionCodeCheck,
} from './cart';
import { validate } from './issues';
import { errorsOf } from './test-helpers';

describe('cart quantity (SPEC 5)', () => {
  it.each(['', '   '])('rejects an empty quantity %j', (input) => {
    expect(errorsOf(quantitySchema, input)).toEqual([': Quantity field cannot be empty.']);
  });

  it.each(['0', '-1', '-25', '1.5', 'abc', '2e3', 0, -3, 2.5])(
    'rejects %j as not a positive number',
    (input) => {
      expect(errorsOf(quantitySchema, input)).toEqual([
        ': Please provide a positive number to update the quantity of an item.',
      ]);
    },
  );

  it('accepts whole numbers from 1, typed or given', () => {
    expect(validate(quantitySchema, ' 12 ')).toEqual({ ok: true, value: 12 });
    expect(validate(quantitySchema, 3)).toEqual({ ok: true, value: 3 });
  });

  it('caps a line at 9,999', () => {
    expect(errorsOf(quantitySchema, '10000')).toEqual([': Enter a quantity of 9999 or less.']);
  });

  it('accepts every whole quantity from 1 to the cap (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), (n) => {
        expect(validate(quantitySchema, String(n))).toEqual({ ok: true, value: n });
      }),
    );
  });

  it('rejects every quantity below 1 with the positive-number message (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 0 }), (n) => {
        expect(errorsOf(quantitySchema, String(n))).toEqual([
          ': Please provide a positive number to update the quantity of an item.',
        ]);
      }),
    );
  });

  it('never throws, whatever is typed (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.anything()), (input) => {
        const result = validate(quantitySchema, input);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});

describe('promotion code (SPEC 5)', () => {
  it('takes letters, digits, hyphens and underscores and upper-cases them', () => {
    expect(validate(promotionCodeSchema, ' spring-25 ')).toEqual({ ok: true, value: 'SPRING-25' });
  });

  it('rejects an empty code and one with other characters', () => {
    expect(errorsOf(promotionCodeSchema, '')).toEqual([': This field is required.']);
    expect(errorsOf(promotionCodeSchema, 'SAVE 10%')).toEqual([
      ': This promotion code is not valid.',
    ]);
  });

  const base: PromotionCodeCheck = {
    promotion: {
      code: 'SCHOOL10',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
      enabled: true,
      appliesTo: { kind: 'cart' },
      minimumSubtotalMinor: 0,
    },
    now: '2026-11-22T10:00:00Z',
    appliedCodes: [],
    discountableProductCodes: ['WISC-KIT'],
    subtotalMinor: 50_000,
  };

  it('accepts an active code that applies to the cart', () => {
    expect(promotionCodeProblem(base)).toBeNull();
  });

  it('reports an unknown code as invalid', () => {
    expect(promotionCodeProblem({ ...base, promotion: undefined })).toBe('invalid');
  });

  it('reports a code outside its dates, or switched off, as inactive', () => {
    const p = base.promotion!;
    expect(promotionCodeProblem({ ...base, now: '2025-12-31T23:59:59Z' })).toBe('inactive');
    expect(promotionCodeProblem({ ...base, now: '2027-01-01T00:00:00Z' })).toBe('inactive');
    expect(promotionCodeProblem({ ...base, promotion: { ...p, enabled: false } })).toBe('inactive');
  });

  it('reports a code already in the cart', () => {
    expect(promotionCodeProblem({ ...base, appliedCodes: ['SCHOOL10'] })).toBe('already-applied');
  });

  it('reports a product code that does not cover the product or any cart item', () => {
    const p = {
      ...base.promotion!,
      appliesTo: { kind: 'products', productCodes: ['BASC-3'] },
    } as const;
    expect(promotionCodeProblem({ ...base, promotion: p, productCode: 'WISC-KIT' })).toBe(
      'not-applicable-product',
    );
    expect(promotionCodeProblem({ ...base, promotion: p })).toBe('not-applicable-cart');
    expect(
      promotionCodeProblem({
        ...base,
        promotion: p,
        discountableProductCodes: ['WISC-KIT', 'BASC-3'],
      }),
    ).toBeNull();
  });

  it('reports a cart code on a cart of non-discountable items or below its minimum', () => {
    expect(promotionCodeProblem({ ...base, discountableProductCodes: [] })).toBe(
      'not-applicable-cart',
    );
    const p = { ...base.promotion!, minimumSubtotalMinor: 100_000 };
    expect(promotionCodeProblem({ ...base, promotion: p })).toBe('not-applicable-cart');
  });
});

describe('save cart (SPEC 5)', () => {
  it('accepts an alphanumeric name and an optional description', () => {
    expect(validate(savedCartSchema, { name: 'Spring order 2026' })).toEqual({
      ok: true,
      value: { name: 'Spring order 2026', description: undefined },
    });
    expect(validate(savedCartSchema, { name: 'École', description: 'Kits for room 4' }).ok).toBe(
      true,
    );
  });

  it.each(['Spring-order', 'Order #4', 'a_b', 'Q1/Q2'])(
    'rejects %j: Cart name can only be alpha numeric',
    (name) => {
      expect(errorsOf(savedCartSchema, { name })).toEqual([
        'name: Cart name can only be alpha numeric',
      ]);
    },
  );

  it('requires a name', () => {
    expect(errorsOf(savedCartSchema, { name: '  ' })).toEqual(['name: This field is required.']);
  });

  it('limits the description and counts the characters left', () => {
    expect(charactersLeft('')).toBe(SAVED_CART_DESCRIPTION_MAX);
    expect(charactersLeft('Kits')).toBe(SAVED_CART_DESCRIPTION_MAX - 4);
    expect(charactersLeft('x'.repeat(300))).toBe(0);
    expect(errorsOf(savedCartSchema, { name: 'Kits', description: 'x'.repeat(256) })).toEqual([
      'description: Enter no more than 255 characters.',
    ]);
  });
});
