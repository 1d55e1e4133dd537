/**
 * Reading stored checkout events: every event is still in its first shape, so the upcaster
 * only checks that the version is one it knows (a guard test keeps this honest when a shape
 * changes).
 */
import { CHECKOUT_EVENT_VERSIONS, type CheckoutEvent } from './events';

export type StoredCheckoutEvent = CheckoutEvent;

export function upcastCheckoutEvent(stored: {
  type: string;
  v: number;
  data: unknown;
}): CheckoutEvent {
  const current = (CHECKOUT_EVENT_VERSIONS as Record<string, number>)[stored.type];
  if (current === undefined) return stored as CheckoutEvent; // evolve ignores unknown types
  if (stored.v !== current) {
    throw new Error(`No upcaster for ${stored.type}@${String(stored.v)}`);
  }
  return stored as CheckoutEvent;
}
