/**
 * `add_to_cart` and `remove_from_cart` from a cart command's events (SPEC 3 analytics product
 * entry). Apart from ecommerce.ts: it replays the events with the cart's decider, which a page
 * that only shows products does not need.
 */
import { evolve } from '../cart/decide';
import type { CartEvent } from '../cart/events';
import type { CartLine, CartState } from '../cart/state';
import {
  baseEntry,
  total,
  type AddToCartSource,
  type AnalyticsProductEntry,
  type EcommerceEvent,
  type ShownProduct,
} from './ecommerce';

/**
 * What a cart command changed, as analytics: units added (new lines, higher quantities) in
 * one `add_to_cart`, units taken out (removed lines, lower quantities) in one
 * `remove_from_cart`. Quantities the store lowered for stock and a cleared cart are not a
 * person's choice and are not reported.
 */
export function cartChangeEvents(
  events: readonly CartEvent[],
  before: CartState,
  currency: string,
  source?: AddToCartSource,
): EcommerceEvent[] {
  const added: AnalyticsProductEntry[] = [];
  const removed: AnalyticsProductEntry[] = [];
  let state = before;
  const shown = (l: CartLine): ShownProduct => ({
    code: l.code,
    name: l.name,
    program: l.programName,
    unitPriceMinor: l.unitPriceMinor,
    notDiscountable: l.notDiscountable,
  });
  for (const event of events) {
    if (event.type === 'CartItemAdded') {
      const old = state.lines.find((l) => l.code === event.data.line.code)?.quantity ?? 0;
      const delta = event.data.line.quantity - old;
      if (delta > 0)
        added.push(baseEntry(shown(event.data.line), currency, delta, added.length + 1));
    } else if (event.type === 'CartItemQuantityChanged') {
      const current = state.lines.find((l) => l.code === event.data.code);
      const delta = event.data.quantity - event.data.previousQuantity;
      if (current && delta > 0) {
        added.push(baseEntry(shown(current), currency, delta, added.length + 1));
      }
      if (current && delta < 0) {
        removed.push(baseEntry(shown(current), currency, -delta, removed.length + 1));
      }
    } else if (event.type === 'CartItemRemoved') {
      const current = state.lines.find((l) => l.code === event.data.code);
      if (current)
        removed.push(baseEntry(shown(current), currency, current.quantity, removed.length + 1));
    }
    state = evolve(state, event);
  }
  const out: EcommerceEvent[] = [];
  if (added.length > 0) {
    const items = added.map((i) => (source ? { ...i, addToCartSource: source } : i));
    out.push({ event: 'add_to_cart', ecommerce: { currency, value: total(items), items } });
  }
  if (removed.length > 0) {
    out.push({
      event: 'remove_from_cart',
      ecommerce: { currency, value: total(removed), items: removed },
    });
  }
  return out;
}
