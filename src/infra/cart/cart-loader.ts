/**
 * The cart for the shell, without its weight on the first page: the cart store (Dexie, the
 * cart's decider, the sync engine) loads once the first page is on screen and the browser is
 * idle, or when a screen needs it (decision 041), and its count, waiting changes and notices
 * are mirrored here for the header.
 */
import { afterFirstPaint, whenIdleAfterFirstPaint } from '../first-paint';
import { nextTask } from '../next-task';
import { EventSubject, ValueSubject } from '../value-subject';
import type { CartSummary } from '../../../domain/cart/projections/summary';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { authSettled } from '../auth/auth-state';
import { currentUser$, sessionCheckRequested$, sessionUnconfirmed$ } from '../session';
import type { SyncNotice } from '../sync/sync-engine';
import type { CartStore, MergeOffer } from './cart-store';

/** The active cart's summary; null until the cart store has opened it. */
export const cartSummary$ = new ValueSubject<CartSummary | null>(null);
/** Changes made here that the server has not confirmed yet. */
export const cartQueued$ = new ValueSubject<number>(0);
/** Changes set aside after repeated server errors: kept until the person tries again. */
export const cartSetAside$ = new ValueSubject<number>(0);
/** Commands the server refused or could not take, in the spec's words. */
export const cartNotices$ = new EventSubject<SyncNotice>();
/** A cart made before sign-in that waits for the person's choice (SPEC 2.5 old-cart merge). */
export const cartMergeOffer$ = new ValueSubject<MergeOffer | null>(null);
/**
 * Commands whose outcome a screen shows itself (a promotion code next to its field): the
 * shell's notices leave them out.
 */
export const claimedCommands = new Set<string>();

let loading: Promise<CartStore> | undefined;

/**
 * The cart store's code, evaluated in steps with the browser's turn between them. Evaluated
 * at once, its modules (zod's schemas of every stream kind, the checkout's validation with
 * phone numbers and addresses, Dexie, RxJS, the sync engine) held the main thread for one
 * long task right after the cart page appeared (about 190 ms on Lighthouse's phone). Each
 * step evaluates only what the steps before it have not.
 */
const CODE_STEPS: readonly (() => Promise<unknown>)[] = [
  // zod, the sync schemas, the cart's decider and events. (zod is not a step of its own: as
  // an entry of its own it took zod/mini's core into its file, which search and product
  // pages then loaded whole.)
  () => import('./cart-stream'),
  // Countries and their regions, for addresses.
  () => import('../../../domain/validation/address'),
  // The checkout's decider and validation: phone numbers, payment.
  () => import('../../../domain/checkout/stream'),
  // Orders, saved carts and the process managers.
  () => import('../../../domain/registry'),
];

async function cartStoreCode(): Promise<() => CartStore> {
  for (const step of CODE_STEPS) {
    await step();
    await nextTask();
  }
  // Dexie, RxJS, the sync engine and the store.
  const { cartStore } = await import('./cart-store');
  await nextTask();
  return cartStore;
}

export function loadCartStore(): Promise<CartStore> {
  loading ??= cartStoreCode().then(async (cartStore) => {
    const store = cartStore();
    // Events are followed from the start; the values below are replayed to a late subscriber,
    // so they can wait for the browser's next turn.
    store.notices$.subscribe((notice) => {
      cartNotices$.next(notice);
    });
    // The server refused a user's changes as theirs: sign-in checks the session now.
    store.engine.unauthorized$.subscribe(() => {
      sessionCheckRequested$.next();
    });
    await nextTask();
    store.summary$.subscribe((summary) => {
      cartSummary$.next(summary);
    });
    store.queued$.subscribe((count) => {
      cartQueued$.next(count);
    });
    store.setAside$.subscribe((count) => {
      cartSetAside$.next(count);
    });
    store.mergeOffer$.subscribe((offer) => {
      cartMergeOffer$.next(offer);
    });
    // The server confirmed a session kept from memory offline: the user's changes can go.
    let unconfirmed = sessionUnconfirmed$.getValue();
    sessionUnconfirmed$.subscribe((now) => {
      if (unconfirmed && !now) store.engine.flushSoon(0);
      unconfirmed = now;
    });
    store.start();
    return store;
  });
  return loading;
}

/**
 * Loads the cart store once the first page is on screen and the browser has nothing better
 * to do (a screen that needs the cart loads it at once with `loadCartStore`).
 */
export async function loadCartStoreWhenIdle(): Promise<CartStore> {
  if (!loading) await whenIdleAfterFirstPaint();
  return loadCartStore();
}

/**
 * The cart store with this storefront's cart open for whoever is signed in: the visitor's
 * or the user's, decided once sign-in has its answer (10 s at most). `after-paint`: a screen
 * that offers the cart (an add-to-cart button) but does not show it; `idle`: the header's
 * count; `now`: a screen that is the cart, or a loader that needs it.
 */
export async function openCart(
  storefront: Storefront,
  when: 'now' | 'after-paint' | 'idle' = 'now',
): Promise<CartStore> {
  if (when === 'after-paint' && !loading) await afterFirstPaint();
  const store = await (when === 'idle' ? loadCartStoreWhenIdle() : loadCartStore());
  await authSettled(10_000);
  await store.activate(storefront, currentUser$.getValue());
  return store;
}
