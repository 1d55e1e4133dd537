/**
 * Shipping methods per store (SPEC 2.6, 9): regular ground in 10-15 business days and
 * expedited in 3-5, priced in each store's currency. The spec gives the US prices ($10.00
 * and $20.00); the others are the same service priced for the store's market, as data
 * (decision 024).
 */
import type { MessageDescriptor } from '../shared/message';

export const SHIPPING_METHOD_IDS = ['regular', 'expedited'] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

export interface ShippingMethod {
  readonly id: ShippingMethodId;
  readonly priceMinor: number;
  readonly minDays: number;
  readonly maxDays: number;
}

export const SHIPPING_METHOD_LABELS = {
  regular: /*i18n*/ { id: 'checkout.shipping.regular', message: 'Regular ground' },
  expedited: /*i18n*/ { id: 'checkout.shipping.expedited', message: 'Expedited' },
} as const satisfies Record<ShippingMethodId, MessageDescriptor>;

export const SHIPPING_METHOD_DAYS: MessageDescriptor = /*i18n*/ {
  id: 'checkout.shipping.days',
  message: '{min}-{max} business days',
};

/** Prices in minor units of each store's currency: [regular, expedited]. */
const PRICES: Readonly<Record<string, readonly [number, number]>> = {
  usassessments: [1000, 2000],
  caassessments: [1400, 2700],
  ukassessments: [800, 1600],
  auassessments: [1500, 3000],
  nzassessments: [1700, 3300],
  asiaassessments: [1000, 2000],
  nlassessments: [900, 1800],
  esassessments: [900, 1800],
  sgassessments: [1300, 2700],
};

export function shippingMethodsFor(storeId: string): readonly ShippingMethod[] {
  const prices = PRICES[storeId];
  if (!prices) return [];
  return [
    { id: 'regular', priceMinor: prices[0], minDays: 10, maxDays: 15 },
    { id: 'expedited', priceMinor: prices[1], minDays: 3, maxDays: 5 },
  ];
}
