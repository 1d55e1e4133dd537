/**
 * A checkout's state (SPEC 2.6): the cart version it started from, and every choice made
 * since: customer account, qualified user, Q-global and aimswebPlus accounts, delivery
 * address and method, billing address and payment. Each choice is an event; choosing again
 * replaces it, and choosing another customer account clears what depended on the old one.
 */
import type { QualificationLevel } from '../validation/account';
import type { ShippingMethodId } from './shipping-methods';

export interface CheckoutAddress {
  readonly firstName: string;
  readonly lastName: string;
  readonly organization?: string;
  readonly line1: string;
  readonly line2?: string;
  readonly line3?: string;
  readonly town: string;
  readonly region?: string;
  readonly postalCode: string;
  readonly country: string;
  /** E.164. */
  readonly phone?: string;
}

export interface ChosenAccount {
  readonly id: string;
  readonly number: string;
  readonly name: string;
  readonly type: 'PERSONAL' | 'ORGANIZATION';
}

export interface ChosenQualifiedUser {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly level: QualificationLevel;
}

/** An existing platform account, or a new one made for the qualified user (its owner). */
export type PlatformChoice =
  { readonly mode: 'existing'; readonly accountNumber: string } | { readonly mode: 'new' };

export interface InvoiceContact {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: {
    readonly countryIso: string;
    readonly phoneCode: string;
    readonly e164: string;
  };
}

/** How the order is paid. Cards and bank transfer join this union (next steps). */
export type PaymentChoice = {
  readonly method: 'purchase-order';
  readonly poNumber: string;
  readonly invoiceContact: InvoiceContact;
};

export type BillingChoice =
  | { readonly sameAsShipping: true }
  | { readonly sameAsShipping: false; readonly address: CheckoutAddress };

export interface CheckoutState {
  readonly checkoutId: string | null;
  readonly storeId: string | null;
  readonly ownerId: string | null;
  /** The cart it started (or last restarted) from. */
  readonly cart: {
    readonly cartId: string;
    readonly version: number;
    readonly fingerprint: string;
  } | null;
  readonly account: ChosenAccount | null;
  readonly qualifiedUser: ChosenQualifiedUser | null;
  readonly qglobal: PlatformChoice | null;
  readonly aimsweb: PlatformChoice | null;
  readonly shippingAddress: CheckoutAddress | null;
  /** Add the delivery address to the address book when the order is placed. */
  readonly saveShippingAddress: boolean;
  readonly shippingMethod: ShippingMethodId | null;
  readonly billing: BillingChoice | null;
  readonly payment: PaymentChoice | null;
  /** Times the cart changed under it. */
  readonly restarts: number;
  readonly placedOrderId: string | null;
}

export function initialCheckoutState(): CheckoutState {
  return {
    checkoutId: null,
    storeId: null,
    ownerId: null,
    cart: null,
    account: null,
    qualifiedUser: null,
    qglobal: null,
    aimsweb: null,
    shippingAddress: null,
    saveShippingAddress: false,
    shippingMethod: null,
    billing: null,
    payment: null,
    restarts: 0,
    placedOrderId: null,
  };
}

/** The billing address in force: the delivery address when "same as shipping". */
export function billingAddressOf(state: CheckoutState): CheckoutAddress | null {
  if (!state.billing) return null;
  return state.billing.sameAsShipping ? state.shippingAddress : state.billing.address;
}
