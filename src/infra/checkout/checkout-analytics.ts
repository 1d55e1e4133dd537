/**
 * The data layer's checkout events (domain/analytics/checkout.ts), each once per order in this
 * browser, whatever tabs, reloads and retries do: an event is pushed only by the page that
 * claims its key first in the browser's database, in one IndexedDB transaction (two tabs
 * cannot both claim it, and a reload finds it claimed). A step's key is the checkout's id;
 * the purchase's is the order's web reference number. The steps come from the checkout
 * commands this page decides; the purchase from the order the store placed, as its request's
 * answer, or as the checkout learns it later when the answer was lost (only for a checkout
 * this browser sent to be placed: a checkout finished on another device was told there).
 * Events are pushed one after another in the order they were told.
 */
import {
  basketEcommerce,
  basketEntries,
  checkoutStepEvent,
  checkoutStepsDone,
  orderStepEvents,
  purchaseEvent,
  type CheckoutBasket,
  type CheckoutStepEvent,
} from '../../../domain/analytics/checkout';
import type { CheckoutEvent } from '../../../domain/checkout/events';
import type { Order } from '../../../domain/order/order';
import { pushEvent } from '../analytics';
import type { LocalDb } from '../sync/local-db';

/** What a screen says of a checkout command (the note passed with it). */
export interface CheckoutNote {
  /**
   * A choice made for the buyer (express checkout's usual choices), not a step the buyer
   * completed: its step is told when the order is placed.
   */
  readonly automatic?: boolean;
}

export const checkoutStepKey = (checkoutId: string, event: CheckoutStepEvent['event']) =>
  `analytics:${event}:${checkoutId}`;
export const purchaseKey = (transactionId: string) => `analytics:purchase:${transactionId}`;
const placingKey = (checkoutId: string) => `analytics:placing:${checkoutId}`;

/** True for the one caller that finds `key` unclaimed in this browser (and claims it). */
export async function claimOnce(db: LocalDb, key: string): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    if (await db.meta.get(key)) return false;
    await db.meta.put({ key, value: new Date().toISOString() });
    return true;
  });
}

export class CheckoutAnalytics {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly db: LocalDb) {}

  /** Runs after everything told before it; a failure is logged, never thrown. */
  private then(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      console.warn('A checkout analytics event could not be recorded.', error);
    });
    return this.queue;
  }

  private pushOnce(key: string, event: object): Promise<void> {
    return this.then(async () => {
      if (await claimOnce(this.db, key)) pushEvent({ ...event });
    });
  }

  /**
   * A checkout command decided here: the steps it completed, with the basket as it is now.
   * Choices made for the buyer are told with the order instead.
   */
  commandDecided(
    checkoutId: string,
    events: readonly CheckoutEvent[],
    note: CheckoutNote | undefined,
    basket: CheckoutBasket | null,
  ): void {
    if (!basket) return;
    for (const step of checkoutStepsDone(events)) {
      if (note?.automatic && step.event !== 'begin_checkout') continue;
      const event = checkoutStepEvent(step, basketEcommerce(basket));
      void this.pushOnce(checkoutStepKey(checkoutId, event.event), event);
    }
  }

  /** This browser sends the checkout to be placed (kept before the request goes; never throws). */
  async placing(checkoutId: string): Promise<void> {
    try {
      await this.db.meta.put({ key: placingKey(checkoutId), value: new Date().toISOString() });
    } catch (error) {
      console.warn('A checkout analytics event could not be recorded.', error);
    }
  }

  /**
   * An order the checkout learned was placed (not from the answer to its own request): told
   * when this browser sent that checkout to be placed.
   */
  async orderLearned(order: Order, basket: CheckoutBasket | null): Promise<void> {
    if (await this.db.meta.get(placingKey(order.checkoutId))) {
      await this.orderPlaced(order, basket);
    }
  }

  /**
   * The order placed by the checkout: the steps not told yet (express checkout's), then the
   * purchase. `basket`: the checkout's basket when it still holds the order's lines (what it
   * knew of each line's promotion).
   */
  orderPlaced(order: Order, basket: CheckoutBasket | null): Promise<void> {
    const purchase = purchaseEvent(order, basket ? basketEntries(basket) : []);
    for (const step of orderStepEvents(order, purchase)) {
      void this.pushOnce(checkoutStepKey(order.checkoutId, step.event), step);
    }
    return this.pushOnce(purchaseKey(order.webReference), purchase);
  }
}
