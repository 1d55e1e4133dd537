/** The cart's decider, given / when / then, for every command and every rejection. */
import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../shared/decider-spec';
import type { CartEvent } from './events';
import { cartDecider } from './decide';
import { cartSummary } from './projections/summary';
import { replay } from '../shared/decider';
import { ACCOUNTS, cartContext, command, PRODUCTS, VISITOR } from './test-fixtures';
import type { CartLine } from './state';

const spec = deciderSpecification(cartDecider, cartContext(), {
  equal: (actual, expected) => {
    expect(actual).toEqual(expected);
  },
  fail: (message) => {
    throw new Error(message);
  },
});

const created: CartEvent = {
  type: 'CartCreated',
  v: 1,
  data: { cartId: 'cart-1', storeId: 'usassessments', currency: 'USD', owner: VISITOR },
};

function line(code: string, quantity: number): CartLine {
  const p = PRODUCTS.find((x) => x.code === code);
  if (!p || p.unitPriceMinor === null) throw new Error(code);
  return {
    code: p.code,
    name: p.name,
    programName: p.program,
    notDiscountable: p.notDiscountable,
    quantity,
    unitPriceMinor: p.unitPriceMinor,
    format: p.format,
    qualificationLevel: p.qualificationLevel,
    preOrder: p.preOrder,
    aimsweb: p.aimsweb,
    minOrderQuantity: p.minOrderQuantity,
    maxOrderQuantity: p.maxOrderQuantity,
  };
}

const added = (code: string, quantity: number): CartEvent => ({
  type: 'CartItemAdded',
  v: 2,
  data: { line: line(code, quantity) },
});

/** SCHOOL10 (10% off the whole cart) as the store applied it. */
const school = {
  type: 'CartPromotionApplied',
  v: 1,
  data: {
    promotion: {
      code: 'SCHOOL10',
      name: '10% off',
      appliesTo: 'cart',
      productCodes: [],
      discountBasisPoints: 1000,
      minimumSubtotalMinor: 0,
    },
  },
} as const satisfies CartEvent;

function account(id: string) {
  const found = ACCOUNTS.find((a) => a.id === id);
  if (!found) throw new Error(id);
  return found;
}

const chosen = (id: string): CartEvent => ({
  type: 'CartAccountChosen',
  v: 1,
  data: { account: account(id) },
});

describe('AddItem', () => {
  it('creates the cart with its first line, priced by the store', () => {
    spec
      .given([])
      .when(command('AddItem', { code: 'kit ', quantity: 2 }))
      .then([created, added('KIT', 2)]);
  });

  it('adds to the quantity of a line already in the cart', () => {
    spec
      .given([created, added('KIT', 2)])
      .when(command('AddItem', { code: 'KIT', quantity: 3 }))
      .then([
        {
          type: 'CartItemQuantityChanged',
          v: 1,
          data: { code: 'KIT', quantity: 5, previousQuantity: 2 },
        },
      ]);
  });

  it('lowers the quantity to the stock there is, with old and new quantity (SPEC 8)', () => {
    spec
      .given([created])
      .when(command('AddItem', { code: 'FEW', quantity: 5 }))
      .then([
        added('FEW', 5),
        {
          type: 'CartItemQuantityReduced',
          v: 1,
          data: { code: 'FEW', oldQuantity: 5, newQuantity: 3, reason: 'insufficient-stock' },
        },
      ]);
  });

  it('takes a pre-order product whatever the stock', () => {
    spec
      .given([created])
      .when(command('AddItem', { code: 'NEW', quantity: 2 }))
      .then([added('NEW', 2)]);
  });

  it.each([
    ['NOPE', 1, 'cart.unknown-product', 'Product code NOPE was not found.'],
    ['MANUAL', 1, 'cart.not-sold-online', 'Product MANUAL is not sold online.'],
    ['PHONE', 1, 'cart.not-orderable-online', 'Product PHONE cannot be ordered via the website.'],
    ['GONE', 1, 'cart.out-of-stock', 'Product GONE is out of stock.'],
    ['NOPRICE', 1, 'cart.not-priced', 'Product NOPRICE cannot be bought in this store.'],
    [
      'KIT',
      0,
      'cart.quantity-not-positive',
      'Please provide a positive number to update the quantity of an item.',
    ],
    [
      'KIT',
      -3,
      'cart.quantity-not-positive',
      'Please provide a positive number to update the quantity of an item.',
    ],
    [
      'KIT',
      1.5,
      'cart.quantity-not-positive',
      'Please provide a positive number to update the quantity of an item.',
    ],
    ['FORMS', 10_000, 'cart.quantity-too-large', 'Enter a quantity of 9999 or less.'],
    [
      'BOOKLET',
      10,
      'cart.quantity-below-minimum',
      'The minimum order quantity for this product is 25.',
    ],
    [
      'KIT',
      21,
      'cart.quantity-above-maximum',
      'The maximum order quantity for this product is 20.',
    ],
  ])('rejects %s × %s with %s', (code, quantity, errorCode, text) => {
    spec
      .given([created])
      .when(command('AddItem', { code, quantity }))
      .thenThrows(errorCode, (error) => {
        expect(error.message).toBe(text);
      });
  });

  it('counts what is already in the cart against the maximum', () => {
    spec
      .given([created, added('KIT', 15)])
      .when(command('AddItem', { code: 'KIT', quantity: 6 }))
      .thenThrows('cart.quantity-above-maximum');
  });

  it('refuses a cart of another store', () => {
    const gb = deciderSpecification(
      cartDecider,
      cartContext({ storeId: 'ukassessments', currency: 'GBP' }),
      {
        equal: (a, e) => {
          expect(a).toEqual(e);
        },
        fail: (m) => {
          throw new Error(m);
        },
      },
    );
    gb.given([created])
      .when(command('AddItem', { code: 'KIT', quantity: 1 }))
      .thenThrows('cart.other-store');
  });
});

describe('AddItems', () => {
  it('adds every item it can and keeps the others with their reason', () => {
    spec
      .given([created])
      .when(
        command('AddItems', {
          source: 'quick-order',
          items: [
            { code: 'KIT', quantity: 1 },
            { code: 'MANUAL', quantity: 2 },
            { code: 'KIT', quantity: 1 },
            { code: 'BOOKLET', quantity: 25 },
          ],
        }),
      )
      .then([
        added('KIT', 1),
        {
          type: 'CartItemQuantityChanged',
          v: 1,
          data: { code: 'KIT', quantity: 2, previousQuantity: 1 },
        },
        added('BOOKLET', 25),
        {
          type: 'CartItemsNotAdded',
          v: 1,
          data: {
            items: [
              {
                code: 'MANUAL',
                quantity: 2,
                reason: {
                  code: 'cart.not-sold-online',
                  messageId: 'validation.quick-order.not-sold-online',
                  values: { code: 'MANUAL' },
                },
              },
            ],
          },
        },
      ]);
  });
});

describe('ChangeQuantity', () => {
  it('sets the quantity of a line', () => {
    spec
      .given([created, added('FORMS', 2)])
      .when(command('ChangeQuantity', { code: 'FORMS', quantity: 7 }))
      .then([
        {
          type: 'CartItemQuantityChanged',
          v: 1,
          data: { code: 'FORMS', quantity: 7, previousQuantity: 2 },
        },
      ]);
  });

  it('does nothing when the quantity is the same', () => {
    spec
      .given([created, added('FORMS', 2)])
      .when(command('ChangeQuantity', { code: 'FORMS', quantity: 2 }))
      .then([]);
  });

  it('lowers a quantity above the stock (SPEC 8)', () => {
    spec
      .given([created, added('FEW', 1)])
      .when(command('ChangeQuantity', { code: 'FEW', quantity: 4 }))
      .then([
        {
          type: 'CartItemQuantityChanged',
          v: 1,
          data: { code: 'FEW', quantity: 4, previousQuantity: 1 },
        },
        {
          type: 'CartItemQuantityReduced',
          v: 1,
          data: { code: 'FEW', oldQuantity: 4, newQuantity: 3, reason: 'insufficient-stock' },
        },
      ]);
  });

  it.each([
    [0, 'cart.quantity-not-positive'],
    [24, 'cart.quantity-below-minimum'],
    [501, 'cart.quantity-above-maximum'],
  ])('rejects %s with %s', (quantity, code) => {
    spec
      .given([created, added('BOOKLET', 25)])
      .when(command('ChangeQuantity', { code: 'BOOKLET', quantity }))
      .thenThrows(code);
  });

  it('rejects a line that is no longer in the cart', () => {
    spec
      .given([created])
      .when(command('ChangeQuantity', { code: 'KIT', quantity: 2 }))
      .thenThrows('cart.line-missing', (error) => {
        expect(error.message).toBe('Product KIT is no longer in your cart.');
      });
  });
});

describe('RemoveItem', () => {
  it('removes a line', () => {
    spec
      .given([created, added('KIT', 1)])
      .when(command('RemoveItem', { code: 'kit' }))
      .then([{ type: 'CartItemRemoved', v: 1, data: { code: 'KIT' } }]);
  });

  it('does nothing for a line that is not there (replayed from a queue)', () => {
    spec
      .given([created])
      .when(command('RemoveItem', { code: 'KIT' }))
      .then([]);
    spec
      .given([])
      .when(command('RemoveItem', { code: 'KIT' }))
      .then([]);
  });
});

describe('ApplyPromotion and RemovePromotion', () => {
  it('applies a valid code', () => {
    spec
      .given([created, added('FORMS', 1)])
      .when(command('ApplyPromotion', { code: 'school10' }))
      .then([school]);
  });

  it.each([
    ['NOPE', 'cart.promotion-invalid', 'This promotion code is not valid.'],
    ['ENDED', 'cart.promotion-inactive', 'This promotion code is not active.'],
    ['SCHOOL10', 'cart.promotion-already-applied', 'This promotion code has already been applied.'],
    [
      'KITS20',
      'cart.promotion-not-applicable-cart',
      'This promotion code does not apply to the items in your cart.',
    ],
    [
      'BIG',
      'cart.promotion-not-applicable-cart',
      'This promotion code does not apply to the items in your cart.',
    ],
  ])('rejects %s with %s', (code, errorCode, text) => {
    spec
      .given([created, added('FORMS', 1), school])
      .when(command('ApplyPromotion', { code }))
      .thenThrows(errorCode, (error) => {
        expect(error.message).toBe(text);
      });
  });

  it('rejects a product code for a product it does not cover', () => {
    spec
      .given([created, added('FORMS', 1), added('KIT', 1)])
      .when(command('ApplyPromotion', { code: 'KITS20', productCode: 'FORMS' }))
      .thenThrows('cart.promotion-not-applicable-product', (error) => {
        expect(error.message).toBe('This promotion code does not apply to this product.');
      });
  });

  it('removes an applied code, and ignores one that is not applied', () => {
    spec
      .given([created, added('FORMS', 1), school])
      .when(command('RemovePromotion', { code: 'SCHOOL10' }))
      .then([{ type: 'CartPromotionRemoved', v: 1, data: { code: 'SCHOOL10' } }]);
    spec
      .given([created])
      .when(command('RemovePromotion', { code: 'SCHOOL10' }))
      .then([]);
  });
});

describe('MergeCart (SPEC 2.5 old-cart merge)', () => {
  it('adds quantities up to the maximum, takes codes that still apply, and merges once', () => {
    const merge = command('MergeCart', {
      fromCartId: 'old-cart',
      items: [
        { code: 'KIT', quantity: 10 },
        { code: 'FORMS', quantity: 2 },
        { code: 'MANUAL', quantity: 1 },
      ],
      promotionCodes: ['SCHOOL10', 'ENDED'],
    });
    const given = [created, added('KIT', 15)];
    const events = cartDecider.decide(merge, replay(cartDecider, given), cartContext());
    expect(events.map((e) => e.type)).toEqual([
      'CartItemQuantityChanged',
      'CartItemAdded',
      'CartItemsNotAdded',
      'CartPromotionApplied',
      'CartMerged',
    ]);
    const state = replay(cartDecider, [...given, ...events]);
    expect(state.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['KIT', 20],
      ['FORMS', 2],
    ]);
    expect(state.promotions.map((p) => p.code)).toEqual(['SCHOOL10']);
    spec
      .given([...given, ...events])
      .when(merge)
      .then([]);
  });
});

describe('ChooseAccount (SPEC 4.7 discounts)', () => {
  it('prices the cart for an account of the actor, with its discounts', () => {
    spec
      .given([created, added('KIT', 1)])
      .when(command('ChooseAccount', { accountId: 'acct-uap' }))
      .then([chosen('acct-uap')]);
  });

  it('does nothing when the account is already chosen as it is', () => {
    spec
      .given([created, chosen('acct-old')])
      .when(command('ChooseAccount', { accountId: 'acct-old' }))
      .then([]);
  });

  it('takes the account again when its discounts have changed since', () => {
    const stale: CartEvent = {
      type: 'CartAccountChosen',
      v: 1,
      data: { account: { ...account('acct-old'), discounts: [] } },
    };
    spec
      .given([created, stale])
      .when(command('ChooseAccount', { accountId: 'acct-old' }))
      .then([chosen('acct-old')]);
  });

  it("refuses an account that is not the actor's, in the spec's words", () => {
    spec
      .given([created])
      .when(command('ChooseAccount', { accountId: 'acct-someone-else' }))
      .thenThrows('cart.account-not-found', (error) => {
        expect(error.detail.message).toBe('This account is not found');
      });
  });

  it("prices a user's new cart for their only account", () => {
    const user = { kind: 'user', id: 'user-1' } as const;
    const events = cartDecider.decide(
      command('AddItem', { code: 'KIT', quantity: 1 }),
      cartDecider.initialState(),
      cartContext({ actor: user, defaultAccount: account('acct-old') }),
    );
    expect(events.map((e) => e.type)).toEqual([
      'CartCreated',
      'CartAccountChosen',
      'CartItemAdded',
    ]);
  });

  it("leaves a visitor's new cart without an account", () => {
    const events = cartDecider.decide(
      command('AddItem', { code: 'KIT', quantity: 1 }),
      cartDecider.initialState(),
      cartContext({ defaultAccount: account('acct-old') }),
    );
    expect(events.map((e) => e.type)).toEqual(['CartCreated', 'CartItemAdded']);
  });

  it('keeps the account when the cart is cleared', () => {
    const state = replay(cartDecider, [
      created,
      chosen('acct-uap'),
      added('KIT', 1),
      { type: 'CartCleared', v: 1, data: { reason: 'emptied' } },
    ]);
    expect(state.account?.id).toBe('acct-uap');
  });
});

describe('DismissNotices and ClearCart', () => {
  it('dismisses notices once', () => {
    const reduced: CartEvent = {
      type: 'CartItemQuantityReduced',
      v: 1,
      data: { code: 'FEW', oldQuantity: 5, newQuantity: 3, reason: 'insufficient-stock' },
    };
    spec
      .given([created, added('FEW', 5), reduced])
      .when(command('DismissNotices', {}))
      .then([{ type: 'CartNoticesDismissed', v: 1, data: {} }]);
    spec.given([created]).when(command('DismissNotices', {})).then([]);
  });

  it('clears the cart after checkout, and does nothing to an empty cart', () => {
    spec
      .given([created, added('FORMS', 1)])
      .when(command('ClearCart', { reason: 'checkout', orderId: 'order-1' }))
      .then([{ type: 'CartCleared', v: 1, data: { reason: 'checkout', orderId: 'order-1' } }]);
    spec
      .given([created])
      .when(command('ClearCart', { reason: 'emptied' }))
      .then([]);
  });

  const ordered = {
    reason: 'checkout' as const,
    orderId: 'order-1',
    lines: [{ code: 'FORMS', quantity: 2 }],
  };

  it('clears a cart that holds exactly what was ordered, once per order', () => {
    const cleared: CartEvent = {
      type: 'CartCleared',
      v: 1,
      data: { reason: 'checkout', orderId: 'order-1' },
    };
    spec
      .given([created, added('FORMS', 2)])
      .when(command('ClearCart', ordered))
      .then([cleared]);
    // The store's clearing and the browser's: the second changes nothing, even what came after.
    spec
      .given([created, added('FORMS', 2), cleared, added('KIT', 1)])
      .when(command('ClearCart', ordered))
      .then([]);
  });

  it('keeps what was added to the cart after the order (another tab): only the order leaves', () => {
    const removed: CartEvent = {
      type: 'CartOrderedItemsRemoved',
      v: 1,
      data: { orderId: 'order-1', lines: [{ code: 'FORMS', quantity: 2 }] },
    };
    spec
      .given([created, added('FORMS', 3), added('KIT', 1)])
      .when(command('ClearCart', ordered))
      .then([removed]);
    const state = replay(cartDecider, [created, added('FORMS', 3), added('KIT', 1), removed]);
    expect(state.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['FORMS', 1],
      ['KIT', 1],
    ]);
    expect(state.clearedOrders).toEqual(['order-1']);
  });

  it('remembers an order cleared from an empty cart, so a late clearing takes nothing', () => {
    spec
      .given([created])
      .when(command('ClearCart', ordered))
      .then([
        {
          type: 'CartOrderedItemsRemoved',
          v: 1,
          data: { orderId: 'order-1', lines: [{ code: 'FORMS', quantity: 2 }] },
        },
      ]);
  });
});

describe('cart summary', () => {
  it('totals lines and spreads discounts, never on a not-discountable line', () => {
    const state = replay(cartDecider, [
      created,
      added('KIT', 2),
      added('QG', 1),
      {
        type: 'CartPromotionApplied',
        v: 1,
        data: {
          promotion: {
            code: 'KITS20',
            name: '20% off kits',
            appliesTo: 'products',
            productCodes: ['KIT'],
            discountBasisPoints: 2000,
            minimumSubtotalMinor: 0,
          },
        },
      },
      school,
    ]);
    const summary = cartSummary(state);
    expect(summary.lines.map((l) => [l.code, l.totalPrice.value, l.totalDiscounts.value])).toEqual([
      ['KIT', 99_998, 20_000 + 10_000],
      ['QG', 14_900, 0],
    ]);
    expect(summary).toMatchObject({
      itemCount: 3,
      subtotalMinor: 114_898,
      discountsMinor: 30_000,
      totalMinor: 84_898,
      promotions: [
        { code: 'KITS20', discountMinor: 20_000 },
        { code: 'SCHOOL10', discountMinor: 10_000 },
      ],
    });
  });
});

describe('cart summary with an account discount (SPEC 4.7)', () => {
  it('takes the UAP discount off discountable lines first, then the promotion code', () => {
    const summary = cartSummary(
      replay(cartDecider, [created, chosen('acct-uap'), added('KIT', 2), added('QG', 1), school]),
    );
    expect(summary.lines.map((l) => [l.code, l.totalDiscounts.value])).toEqual([
      ['KIT', 20_000 + 10_000],
      ['QG', 0],
    ]);
    expect(summary.accountDiscount).toEqual({
      programme: 'UAP',
      status: 'UAP_APPLIED',
      basisPoints: 2000,
      discountMinor: 20_000,
    });
    expect(summary).toMatchObject({
      subtotalMinor: 114_898,
      discountsMinor: 30_000,
      totalMinor: 84_898,
      promotions: [{ code: 'SCHOOL10', discountMinor: 10_000 }],
      accountDiscountStatuses: [],
    });
  });

  it('uses the organizational discount when the UAP limit is reached, and says so', () => {
    const summary = cartSummary(
      replay(cartDecider, [created, chosen('acct-limit'), added('KIT', 1)]),
    );
    expect(summary.accountDiscount).toMatchObject({ programme: 'OLD', discountMinor: 2_500 });
    expect(summary.accountDiscountStatuses).toEqual(['UAP_LIMIT_REACHED']);
    expect(summary.totalMinor).toBe(49_999 - 2_500);
  });

  it('gives no account discount for an account without a programme', () => {
    const summary = cartSummary(
      replay(cartDecider, [created, chosen('acct-personal'), added('KIT', 1)]),
    );
    expect(summary.accountDiscount).toBeNull();
    expect(summary.discountsMinor).toBe(0);
    expect(summary.account?.number).toBe('T7K2Q9X4M3PL');
  });
});

describe('a cart holding a quote (decision 051)', () => {
  const quote = {
    quoteId: 'quote-1',
    number: 'Q12345674',
    expiresOn: '2026-12-20',
    accountId: 'acct-riverside',
  };
  const account =
    ACCOUNTS[0] ??
    (() => {
      throw new Error('no account');
    })();
  const load = command('LoadQuote', {
    quote,
    lines: [line('KIT', 2)],
    promotions: [],
    account,
  });
  const loaded: CartEvent = {
    type: 'CartQuoteLoaded',
    v: 1,
    data: { quote, lines: [line('KIT', 2)], promotions: [], account },
  };

  it("takes the quote's lines, prices and account in place of its own, once", () => {
    spec
      .given([created, added('FORMS', 1)])
      .when(load)
      .then([loaded]);
    spec.given([created, loaded]).when(load).then([]);
    const state = replay(cartDecider, [created, added('FORMS', 1), loaded]);
    expect(state.lines.map((l) => l.code)).toEqual(['KIT']);
    expect(state.quote).toEqual(quote);
  });

  it('refuses a change to its lines, and lets the quote go when emptied', () => {
    spec
      .given([created, loaded])
      .when(command('AddItem', { code: 'FORMS', quantity: 1 }))
      .thenThrows('cart.holds-quote', (error) => {
        expect(error.detail.values).toEqual({ number: 'Q12345674' });
      });
    spec
      .given([created, loaded])
      .when(command('RemoveItem', { code: 'KIT' }))
      .thenThrows('cart.holds-quote');
    spec
      .given([created, loaded])
      .when(command('ClearCart', { reason: 'emptied' }))
      .then([{ type: 'CartCleared', v: 1, data: { reason: 'emptied' } }]);
    const emptied = replay(cartDecider, [
      created,
      loaded,
      { type: 'CartCleared', v: 1, data: { reason: 'emptied' } },
    ]);
    expect(emptied.quote).toBeNull();
    expect(emptied.lines).toEqual([]);
  });
});
