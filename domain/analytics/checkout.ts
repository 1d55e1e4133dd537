/**
 * The analytics events of checkout (GA4's recommended events, pushed to the data layer), each
 * once per order: `begin_checkout` when the checkout starts, `add_shipping_info` when the
 * shipping method step is done, `add_payment_info` when the payment step is done, and
 * `purchase` when the order is placed. Each has the store's currency, the value of the goods
 * after discounts in major units (GA4's value leaves out shipping and tax, which `purchase`
 * gives apart), the promotion codes that took something off, and one SPEC 3 analytics product
 * entry per line.
 */
import type { CartSummary } from '../cart/projections/summary';
import type { AppliedPromotion } from '../cart/state';
import type { CheckoutEvent } from '../checkout/events';
import type { ShippingMethodId } from '../checkout/shipping-methods';
import type { PaymentMethod } from '../checkout/state';
import type { Order } from '../order/order';
import { lineEntry, toMajor, type AnalyticsProductEntry } from './ecommerce';

export interface CheckoutEcommerce {
  readonly currency: string;
  readonly value: number;
  /** The promotion codes that take something off, comma-separated; absent when none does. */
  readonly coupon?: string;
  readonly items: readonly AnalyticsProductEntry[];
}

export interface BeginCheckoutEvent {
  readonly event: 'begin_checkout';
  readonly ecommerce: CheckoutEcommerce;
}

export interface AddShippingInfoEvent {
  readonly event: 'add_shipping_info';
  readonly ecommerce: CheckoutEcommerce & { readonly shipping_tier: ShippingMethodId };
}

export interface AddPaymentInfoEvent {
  readonly event: 'add_payment_info';
  readonly ecommerce: CheckoutEcommerce & { readonly payment_type: PaymentMethod };
}

export interface PurchaseEvent {
  readonly event: 'purchase';
  readonly ecommerce: CheckoutEcommerce & {
    /** The order's web reference number (SPEC 3 Order). */
    readonly transaction_id: string;
    readonly tax: number;
    readonly shipping: number;
  };
}

export type CheckoutStepEvent = BeginCheckoutEvent | AddShippingInfoEvent | AddPaymentInfoEvent;
export type CheckoutAnalyticsEvent = CheckoutStepEvent | PurchaseEvent;

/** A step of checkout done, as the data layer names it, with what it chose. */
export type CheckoutStepDone =
  | { readonly event: 'begin_checkout' }
  | { readonly event: 'add_shipping_info'; readonly shippingTier: ShippingMethodId }
  | { readonly event: 'add_payment_info'; readonly paymentType: PaymentMethod };

/**
 * What a checkout holds when a step is done: its cart priced for the customer account
 * chosen (checkoutTotals' `priced`), with the cart's promotion codes.
 */
export interface CheckoutBasket {
  readonly priced: CartSummary;
  readonly promotions: readonly AppliedPromotion[];
}

/** The steps a checkout command's events complete: starting, a shipping method, a payment. */
export function checkoutStepsDone(events: readonly CheckoutEvent[]): CheckoutStepDone[] {
  const done: CheckoutStepDone[] = [];
  for (const event of events) {
    if (event.type === 'CheckoutStarted') done.push({ event: 'begin_checkout' });
    else if (event.type === 'ShippingMethodChosen') {
      done.push({ event: 'add_shipping_info', shippingTier: event.data.method });
    } else if (event.type === 'PaymentChosen') {
      done.push({ event: 'add_payment_info', paymentType: event.data.payment.method });
    }
  }
  return done;
}

/** One SPEC 3 entry per line of the basket, in the cart's order. */
export function basketEntries(basket: CheckoutBasket): AnalyticsProductEntry[] {
  const { priced, promotions } = basket;
  const summary = {
    lines: priced.lines,
    currency: priced.currency,
    promotions,
    accountDiscount: priced.accountDiscount,
  };
  return priced.lines.map((line, i) => lineEntry(line, summary, i + 1));
}

function coupons(promotions: readonly { code: string; discountMinor: number }[]) {
  const codes = promotions.filter((p) => p.discountMinor > 0).map((p) => p.code);
  return codes.length > 0 ? { coupon: codes.join(',') } : {};
}

/** The basket's currency, value, codes and entries. */
export function basketEcommerce(basket: CheckoutBasket): CheckoutEcommerce {
  const currency = basket.priced.currency ?? 'USD';
  return {
    currency,
    value: toMajor(basket.priced.totalMinor, currency),
    ...coupons(basket.priced.promotions),
    items: basketEntries(basket),
  };
}

export function checkoutStepEvent(
  step: CheckoutStepDone,
  ecommerce: CheckoutEcommerce,
): CheckoutStepEvent {
  switch (step.event) {
    case 'begin_checkout':
      return { event: 'begin_checkout', ecommerce };
    case 'add_shipping_info':
      return {
        event: 'add_shipping_info',
        ecommerce: { ...ecommerce, shipping_tier: step.shippingTier },
      };
    case 'add_payment_info':
      return {
        event: 'add_payment_info',
        ecommerce: { ...ecommerce, payment_type: step.paymentType },
      };
  }
}

/**
 * What the checkout's entry said of a line's promotion (the order keeps only sums): whether it
 * takes no discount, and when the order took something off it, the code or programme.
 */
function promotionPart(entry: AnalyticsProductEntry | undefined, discounted: boolean) {
  if (!entry) return {};
  const { promo_exclude } = entry;
  if (!discounted) return promo_exclude !== undefined ? { promo_exclude } : {};
  const { coupon, discount_percentage, promotion_type, promotion_name } = entry;
  return {
    ...(coupon !== undefined ? { coupon } : {}),
    ...(discount_percentage !== undefined ? { discount_percentage } : {}),
    ...(promotion_type !== undefined ? { promotion_type } : {}),
    ...(promotion_name !== undefined ? { promotion_name } : {}),
    ...(promo_exclude !== undefined ? { promo_exclude } : {}),
  };
}

/**
 * The order placed, as `purchase`: the amounts as the store recorded them (each line's price,
 * its price after discounts, what they took off; tax and shipping apart), and what the
 * checkout knew of each line's promotion (`known`, its entries when the order was placed;
 * without them a line has its amounts only).
 */
export function purchaseEvent(
  order: Pick<Order, 'webReference' | 'currency' | 'lines' | 'promotions' | 'totals'>,
  known: readonly AnalyticsProductEntry[] = [],
): PurchaseEvent {
  const { currency, totals } = order;
  const items = order.lines.map((line, i): AnalyticsProductEntry => {
    const seen = known.find((entry) => entry.item_id === line.code);
    return {
      item_id: line.code,
      name: line.name,
      program: line.programName,
      price: toMajor(line.unitPriceMinor, currency),
      discountPrice: toMajor(Math.round(line.totalMinor / line.quantity), currency),
      quantity: line.quantity,
      position: i + 1,
      ...(line.discountMinor > 0 ? { discount_value: toMajor(line.discountMinor, currency) } : {}),
      ...promotionPart(seen, line.discountMinor > 0),
    };
  });
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: order.webReference,
      currency,
      value: toMajor(totals.subtotalMinor - totals.discountsMinor, currency),
      tax: toMajor(totals.taxMinor, currency),
      shipping: toMajor(totals.shippingMinor, currency),
      ...coupons(order.promotions),
      items,
    },
  };
}

/**
 * The steps an order went through, in order, with the order's amounts and entries (those of
 * its `purchase`): starting, shipping when something ships, and payment. Express checkout
 * makes the buyer's usual choices itself, so its steps are told when the order is placed.
 */
export function orderStepEvents(
  order: Pick<Order, 'shippingMethod' | 'payment'>,
  purchase: PurchaseEvent,
): CheckoutStepEvent[] {
  const { currency, value, coupon, items } = purchase.ecommerce;
  const ecommerce: CheckoutEcommerce = {
    currency,
    value,
    ...(coupon !== undefined ? { coupon } : {}),
    items,
  };
  const steps: CheckoutStepDone[] = [
    { event: 'begin_checkout' },
    ...(order.shippingMethod
      ? [{ event: 'add_shipping_info' as const, shippingTier: order.shippingMethod.id }]
      : []),
    { event: 'add_payment_info', paymentType: order.payment.method },
  ];
  return steps.map((step) => checkoutStepEvent(step, ecommerce));
}
