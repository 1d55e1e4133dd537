import { describe, expect, it } from 'vitest';
import { cartSummary } from '../cart/projections/summary';
import { initialCartState, type CartLine, type CartState } from '../cart/state';
import { cartChangeEvents } from './cart-changes';
import { toMajor, viewCartEvent, viewItemEvent } from './ecommerce';

function line(code: string, unitPriceMinor: number, quantity: number, notDiscountable = false) {
  const value: CartLine = {
    code,
    name: `Product ${code}`,
    programName: 'Westbrook Reading Inventory',
    notDiscountable,
    quantity,
    unitPriceMinor,
    format: 'physical-kit',
    qualificationLevel: 'B',
    preOrder: false,
    aimsweb: false,
    minOrderQuantity: null,
    maxOrderQuantity: null,
  };
  return value;
}

describe('analytics events (SPEC 3 analytics product entry)', () => {
  it('converts minor units by the currency’s decimals', () => {
    expect(toMajor(86499, 'USD')).toBe(864.99);
    expect(toMajor(12000, 'JPY')).toBe(12000);
  });

  it('describes a viewed product and an added one with its source', () => {
    const product = { code: 'WRI3-KIT', name: 'Kit', program: 'WRI', unitPriceMinor: 86499 };
    expect(viewItemEvent(product, 'GBP')).toEqual({
      event: 'view_item',
      ecommerce: {
        currency: 'GBP',
        value: 864.99,
        items: [
          {
            item_id: 'WRI3-KIT',
            name: 'Kit',
            program: 'WRI',
            price: 864.99,
            discountPrice: 864.99,
            quantity: 1,
            position: 1,
          },
        ],
      },
    });
    const [added] = cartChangeEvents(
      [{ type: 'CartItemAdded', v: 2, data: { line: line('WRI3-KIT', 86499, 3) } }],
      { ...initialCartState(), cartId: 'c1', currency: 'GBP' },
      'GBP',
      'quick-order',
    );
    expect(added?.ecommerce.value).toBe(2594.97);
    expect(added?.ecommerce.items[0]).toMatchObject({
      quantity: 3,
      addToCartSource: 'quick-order',
    });
  });

  it('gives each cart line its discount, coupon and promotion, and marks excluded products', () => {
    const state: CartState = {
      ...initialCartState(),
      cartId: 'c1',
      currency: 'USD',
      lines: [line('A-KIT', 10000, 2), line('B-TRN', 5000, 1, true)],
      promotions: [
        {
          code: 'SCHOOL10',
          name: 'School year',
          appliesTo: 'cart',
          productCodes: [],
          discountBasisPoints: 1000,
          minimumSubtotalMinor: 0,
        },
      ],
    };
    const event = viewCartEvent(cartSummary(state), state.promotions);
    expect(event.event).toBe('view_cart');
    expect(event.ecommerce.value).toBe(230);
    expect(event.ecommerce.items).toEqual([
      {
        item_id: 'A-KIT',
        name: 'Product A-KIT',
        program: 'Westbrook Reading Inventory',
        price: 100,
        discountPrice: 90,
        quantity: 2,
        position: 1,
        discount_value: 20,
        coupon: 'SCHOOL10',
        discount_percentage: 10,
        promotion_type: 'cart',
        promotion_name: 'School year',
      },
      {
        item_id: 'B-TRN',
        name: 'Product B-TRN',
        program: 'Westbrook Reading Inventory',
        price: 50,
        discountPrice: 50,
        quantity: 1,
        position: 2,
        promo_exclude: true,
      },
    ]);
  });

  it("names the account's programme when it is what takes something off a line", () => {
    const state: CartState = {
      ...initialCartState(),
      cartId: 'c1',
      currency: 'USD',
      lines: [line('A-KIT', 10000, 1), line('B-TRN', 5000, 1, true)],
      account: {
        id: 'acct-uap',
        number: '7310',
        name: 'Lakeshore University Psychology Clinic',
        type: 'ORGANIZATION',
        discounts: [{ programme: 'UAP', status: 'UAP_APPLIED', basisPoints: 2000 }],
      },
    };
    const event = viewCartEvent(cartSummary(state), state.promotions);
    expect(event.ecommerce.value).toBe(130);
    expect(event.ecommerce.items[0]).toMatchObject({
      discountPrice: 80,
      discount_value: 20,
      discount_percentage: 20,
      promotion_type: 'uap',
      promotion_name: 'University Alliance Program',
    });
    expect(event.ecommerce.items[0]).not.toHaveProperty('coupon');
    expect(event.ecommerce.items[1]).not.toHaveProperty('promotion_type');
  });

  it('reports what a command changed: units added, units taken out', () => {
    const before: CartState = {
      ...initialCartState(),
      cartId: 'c1',
      currency: 'GBP',
      lines: [line('A-KIT', 10000, 2), line('B-RF25', 2000, 5)],
    };
    const events = cartChangeEvents(
      [
        { type: 'CartItemAdded', v: 2, data: { line: line('C-MAN', 3000, 1) } },
        {
          type: 'CartItemQuantityChanged',
          v: 1,
          data: { code: 'A-KIT', quantity: 3, previousQuantity: 2 },
        },
        {
          type: 'CartItemQuantityChanged',
          v: 1,
          data: { code: 'B-RF25', quantity: 1, previousQuantity: 5 },
        },
        { type: 'CartItemRemoved', v: 1, data: { code: 'A-KIT' } },
      ],
      before,
      'GBP',
      'quick-order',
    );
    expect(
      events.map((e) => [e.event, e.ecommerce.items.map((i) => [i.item_id, i.quantity])]),
    ).toEqual([
      [
        'add_to_cart',
        [
          ['C-MAN', 1],
          ['A-KIT', 1],
        ],
      ],
      [
        'remove_from_cart',
        [
          ['B-RF25', 4],
          ['A-KIT', 3],
        ],
      ],
    ]);
    expect(events[0]?.ecommerce.items.every((i) => i.addToCartSource === 'quick-order')).toBe(true);
    expect(events[1]?.ecommerce.value).toBe(380);
  });
});
