/**
 * The data of the checkout pages, loaded in one place per route: the cart store with this
 * storefront's cart, the checkout of that cart for the signed-in buyer, and the wording of
 * checkout from the content service (SPEC 7.1; built-in defaults stay if it fails).
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
import { checkoutStore, type CheckoutStore } from '../../infra/checkout/checkout-store';
import { online$ } from '../../infra/connectivity';
import { loadCheckoutCopy } from '../../infra/checkout-copy';
import { currentUser$ } from '../../infra/session';

export interface CheckoutRouteData {
  readonly copy: Partial<Record<CheckoutCopyKey, string>>;
}

function storefrontOf(params: Params): Storefront | undefined {
  if (params.locale) return isLocale(params.locale) ? storefrontFor(params.locale) : undefined;
  return storefrontForStorePath(params.storeId ?? '', params.language ?? '');
}

let opened: CheckoutStore | undefined;

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
  const store = checkoutStore(cart);
  await store.open(storefront, user);
  opened = store;
  return store;
}

export async function checkoutLoader({ params }: LoaderFunctionArgs): Promise<CheckoutRouteData> {
  const storefront = storefrontOf(params);
  const [, item] = await Promise.all([
    openCheckout(params),
    // Offline there is nothing to ask: the built-in wording stays.
    storefront && loadedCopyApplies(storefront.locale) && online$.getValue()
      ? loadCheckoutCopy(storefront.locale)
      : Promise.resolve(null),
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
  const store = await openCheckout(params);
  if (!store || !params.id) return { order: null };
  return { order: await store.order(params.id) };
}
