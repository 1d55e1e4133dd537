/**
 * Every historical shape is upcast to the current one, and the guard: each upcaster in
 * CART_UPCASTERS ran on a fixture here, so a new one cannot be added untested.
 */
import { describe, expect, it } from 'vitest';
import { CART_EVENT_VERSIONS } from './events';
import {
  CART_UPCASTERS,
  isCurrentCartEvent,
  upcastCartEvent,
  type StoredCartEvent,
} from './upcast';

const HISTORICAL: readonly StoredCartEvent[] = [
  {
    type: 'CartItemAdded',
    v: 1,
    data: {
      line: {
        code: 'WRI3-KIT',
        name: 'Westbrook Reading Inventory, Third Edition, Complete Kit',
        programName: 'Westbrook Reading Inventory',
        notDiscountable: false,
        quantity: 2,
        unitPrice: '494.99',
        currency: 'USD',
        format: 'physical-kit',
        qualificationLevel: 'B',
        preOrder: false,
        aimsweb: false,
      },
    },
  },
];

describe('cart event upcasters', () => {
  it('turn a version 1 CartItemAdded into version 2, the price in minor units', () => {
    const [v1] = HISTORICAL;
    if (!v1) throw new Error('no fixture');
    expect(upcastCartEvent(v1)).toEqual({
      type: 'CartItemAdded',
      v: 2,
      data: {
        line: expect.objectContaining({
          code: 'WRI3-KIT',
          unitPriceMinor: 49_499,
          minOrderQuantity: null,
          maxOrderQuantity: null,
        }) as unknown,
      },
    });
  });

  it('every upcaster ran on a fixture and every fixture ends at the current version', () => {
    const ran = new Set<string>();
    for (const stored of HISTORICAL) {
      const current = upcastCartEvent(stored, (key) => ran.add(key));
      expect(isCurrentCartEvent(current), `${stored.type}@${stored.v}`).toBe(true);
      expect(current.v).toBe(CART_EVENT_VERSIONS[current.type]);
    }
    expect([...ran].sort()).toEqual(Object.keys(CART_UPCASTERS).sort());
  });

  it('leaves current events and events from a newer version alone', () => {
    const current: StoredCartEvent = { type: 'CartItemRemoved', v: 1, data: { code: 'X' } };
    expect(upcastCartEvent(current)).toBe(current);
    const future = { type: 'CartGiftWrapped', v: 1, data: {} } as unknown as StoredCartEvent;
    expect(upcastCartEvent(future)).toBe(future);
  });
});
