/**
 * The data of the checkout pages, loaded in one place per route: the cart store with this
 * storefront's cart, the checkout of that cart for the signed-in buyer, and the wording of
 * checkout from the content service (SPEC 7.1; built-in defaults stay if it fails).
 *
 * The checkout routes load this module (and their screens' first views) while a first visit
 * hydrates, so it holds no more than it needs to start: the checkout store, the content
 * service's schemas and the steps' screens are loaded here, in steps with the browser's turn
 * between them, once the cart store (itself loaded in steps) has opened the cart.
 */
import type { LoaderFunctionArgs, Params } from 'react-router';
import {
  loadedCopyApplies,
  pickCheckoutCopy,
  type CheckoutCopyKey,
} from '../../../domain/content/checkout-copy';
import {
  isLocale,
  storefrontFor,
  storefrontForStorePath,
  type Storefront,
} from '../../../domain/storefront/storefronts';
import type { Order } from '../../../domain/order/order';
import { authSettled } from '../../infra/auth/auth-state';
import { openCart } from '../../infra/cart/cart-loader';
import type { CheckoutStore } from '../../infra/checkout/checkout-store';
import { online$ } from '../../infra/connectivity';
import { currentUser$ } from '../../infra/session';
import { nextTask } from '../../infra/next-task';

export interface CheckoutRouteData {
  readonly copy: Partial<Record<CheckoutCopyKey, string>>;
}

function storefrontOf(params: Params): Storefront | undefined {
  if (params.locale) return isLocale(params.locale) ? storefrontFor(params.locale) : undefined;
  return storefrontForStorePath(params.storeId ?? '', params.language ?? '');
}

let opened: CheckoutStore | undefined;
let screens: (() => Promise<void>) | undefined;

/**
 * What the checkout steps' route module loads with the data, once the checkout is open (the
 * module calls this as it is evaluated, before the router runs the loader).
 */
export function loadWithCheckout(load: () => Promise<void>): void {
  screens = load;
}

/** The checkout store the loader opened (the screens read it). */
export function openedCheckoutStore(): CheckoutStore | undefined {
  return opened;
}

async function openCheckout(params: Params): Promise<CheckoutStore | null> {
  const storefront = storefrontOf(params);
  // The storefront's own loader sends a visitor to sign-in; this one waits for its answer.
  await authSettled(10_000);
  const user = currentUser$.getValue();
  if (!storefront || !user) return null;
  const cart = await openCart(storefront);
  await nextTask();
  // What the cart store has not evaluated already: the checkout's store and its API.
  const { checkoutStore } = await import('../../infra/checkout/checkout-store');
  await nextTask();
  const store = checkoutStore(cart);
  await store.open(storefront, user);
  opened = store;
  return store;
}

/** The wording of checkout from the content service, null when there is none to ask for. */
async function checkoutCopy(storefront: Storefront | undefined) {
  // Offline there is nothing to ask: the built-in wording stays.
  if (!storefront || !loadedCopyApplies(storefront.locale) || !online$.getValue()) return null;
  const { loadCheckoutCopy } = await import('../../infra/checkout-copy');
  return loadCheckoutCopy(storefront.locale);
}

export async function checkoutLoader({ params }: LoaderFunctionArgs): Promise<CheckoutRouteData> {
  const storefront = storefrontOf(params);
  const [, item] = await Promise.all([
    // The steps' screens after the checkout is open, so their code is evaluated in tasks of
    // their own (express checkout has its page's code already).
    openCheckout(params).then(async (store) => {
      if (store && screens) await screens();
    }),
    checkoutCopy(storefront),
  ]);
  return { copy: item ? pickCheckoutCopy(item) : {} };
}

export interface ConfirmationRouteData {
  readonly order: Order | null;
}

/** The order confirmation: the order from the server, or the copy kept when it was placed. */
export async function confirmationLoader({
  params,
}: LoaderFunctionArgs): Promise<ConfirmationRouteData> {
  // The checkout is not opened: the page just placed (still shown while this loads) keeps
  // its own, and a new one for a cart about to be cleared is of no use.
  const storefront = storefrontOf(params);
  await authSettled(10_000);
  const user = currentUser$.getValue();
  if (!storefront || !user || !params.id) return { order: null };
  const cart = await openCart(storefront);
  const { checkoutStore } = await import('../../infra/checkout/checkout-store');
  return { order: await checkoutStore(cart).order(user.id, params.id) };
}
