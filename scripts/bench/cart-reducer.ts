/**
 * `reducer_events_per_s`: the cart's evolve folded in memory over 100,000 events, a mix of
 * adds, quantity changes, removals and promotion codes over twenty products, as a long-lived
 * cart accumulates them. The best of five runs.
 */
import { performance } from 'node:perf_hooks';
import { cartDecider } from '../../domain/cart/decide';
import type { CartEvent } from '../../domain/cart/events';
import type { CartLine } from '../../domain/cart/state';
import type { Metric } from './metric';

export const REDUCER_EVENTS = 100_000;

function line(i: number): CartLine {
  return {
    code: `PRODUCT-${String(i)}`,
    name: `Product ${String(i)}`,
    programName: 'Program',
    notDiscountable: i % 7 === 0,
    quantity: 1,
    unitPriceMinor: 1_000 + i * 137,
    format: 'physical-kit',
    qualificationLevel: 'B',
    preOrder: false,
    aimsweb: false,
    minOrderQuantity: null,
    maxOrderQuantity: null,
  };
}

/** A plausible history of `count` events for one cart. */
export function cartHistory(count: number): CartEvent[] {
  const events: CartEvent[] = [
    {
      type: 'CartCreated',
      v: 1,
      data: {
        cartId: 'bench-cart',
        storeId: 'usassessments',
        currency: 'USD',
        owner: { kind: 'user', id: 'bench-user' },
      },
    },
  ];
  const inCart = new Map<number, number>();
  for (let n = 1; events.length < count; n += 1) {
    const i = n % 20;
    const quantity = inCart.get(i);
    if (quantity === undefined) {
      events.push({ type: 'CartItemAdded', v: 2, data: { line: line(i) } });
      inCart.set(i, 1);
    } else if (n % 11 === 0) {
      events.push({ type: 'CartItemRemoved', v: 1, data: { code: `PRODUCT-${String(i)}` } });
      inCart.delete(i);
    } else if (n % 97 === 0) {
      events.push({
        type: 'CartPromotionApplied',
        v: 1,
        data: {
          promotion: {
            code: `CODE${String(n)}`,
            name: 'Promotion',
            appliesTo: 'cart',
            productCodes: [],
            discountBasisPoints: 500,
            minimumSubtotalMinor: 0,
          },
        },
      });
      events.push({ type: 'CartPromotionRemoved', v: 1, data: { code: `CODE${String(n)}` } });
    } else {
      const next = (quantity % 9) + 1;
      events.push({
        type: 'CartItemQuantityChanged',
        v: 1,
        data: { code: `PRODUCT-${String(i)}`, quantity: next, previousQuantity: quantity },
      });
      inCart.set(i, next);
    }
  }
  return events.slice(0, count);
}

export function benchCartReducer(): Metric[] {
  const events = cartHistory(REDUCER_EVENTS);
  let best = Infinity;
  for (let run = 0; run < 6; run += 1) {
    const started = performance.now();
    let state = cartDecider.initialState();
    for (const event of events) state = cartDecider.evolve(state, event);
    const elapsed = performance.now() - started;
    if (state.cartId === null) throw new Error('the fold did nothing');
    // The first run warms the JIT up.
    if (run > 0) best = Math.min(best, elapsed);
  }
  return [
    {
      name: 'reducer_events_per_s',
      value: Math.round(REDUCER_EVENTS / (best / 1000)),
      unit: 'events/s',
    },
  ];
}
