/**
 * The wording of checkout (SPEC 1, 2.6, 7.1): loaded from the content service, with built-in
 * defaults that stay when the load fails. The content service's checkout copy is English
 * (SPEC 7.1 maps every storefront to en-us, en-gb, en-au or zh-sg), so loaded copy replaces
 * the defaults on English pages only; French, Dutch and Spanish pages keep their translated
 * defaults.
 */
import type { MessageDescriptor } from '../shared/message';
import { storefrontFor, type Locale } from '../storefront/storefronts';

export const CHECKOUT_COPY_DEFAULTS = {
  itemsInCart: /*i18n*/ { id: 'checkout.copy.items-in-cart', message: 'Items in cart' },
  chooseCustomerAccount: /*i18n*/ {
    id: 'checkout.copy.choose-customer-account',
    message: 'Choose customer account',
  },
  accountNotListed: /*i18n*/ {
    id: 'checkout.copy.account-not-listed',
    message: 'Account not listed',
  },
  chooseQualifiedUser: /*i18n*/ {
    id: 'checkout.copy.choose-qualified-user',
    message: 'Choose qualified user',
  },
  addQualifiedUser: /*i18n*/ {
    id: 'checkout.copy.add-qualified-user',
    message: 'Add qualified user',
  },
  chooseQGlobalAccount: /*i18n*/ {
    id: 'checkout.copy.choose-q-global-account',
    message: 'Choose Q-global account',
  },
  enterAimswebPlusAccount: /*i18n*/ {
    id: 'checkout.copy.enter-aimswebplus-account',
    message: 'Enter aimswebPlus account',
  },
  payment: /*i18n*/ { id: 'checkout.copy.payment', message: 'Payment' },
  shippingAddress: /*i18n*/ { id: 'checkout.copy.shipping-address', message: 'Shipping address' },
  shippingMethod: /*i18n*/ { id: 'checkout.copy.shipping-method', message: 'Shipping method' },
  billingAddress: /*i18n*/ { id: 'checkout.copy.billing-address', message: 'Billing address' },
} as const satisfies Record<string, MessageDescriptor>;

export type CheckoutCopyKey = keyof typeof CHECKOUT_COPY_DEFAULTS;

/** Whether copy loaded for this storefront is in the page's language (English). */
export function loadedCopyApplies(locale: Locale): boolean {
  return storefrontFor(locale).language === 'en';
}

/** The loaded copy for the known keys, dropping anything else. */
export function pickCheckoutCopy(
  item: Readonly<Record<string, string>>,
): Partial<Record<CheckoutCopyKey, string>> {
  const copy: Partial<Record<CheckoutCopyKey, string>> = {};
  for (const key of Object.keys(CHECKOUT_COPY_DEFAULTS) as CheckoutCopyKey[]) {
    const value = item[key]?.trim();
    if (value) copy[key] = value;
  }
  return copy;
}
