/**
 * A checkout's state (SPEC 2.6): the cart version it started from, and every choice made
 * since: customer account, qualified user, Q-global and aimswebPlus accounts, delivery
 * address and method, billing address and payment. Each choice is an event; choosing again
 * replaces it, and choosing another customer account clears what depended on the old one.
 */
import type { QualificationLevel } from '../validation/account';
import type { CardBrand } from '../validation/payment';
import type { TrainingParticipant } from '../validation/training';
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

/** What the store may know of a card (SPEC 3): never its number or security code. */
export interface CardSummary {
  readonly brand: CardBrand;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

export interface PurchaseOrderPayment {
  readonly method: 'purchase-order';
  readonly poNumber: string;
  readonly invoiceContact: InvoiceContact;
}

/** A card kept on the buyer's profile (Payment Cards). */
export interface SavedCardPayment {
  readonly method: 'card';
  readonly source: 'saved';
  readonly paymentMethodId: string;
  readonly card: CardSummary;
  readonly holderName: string;
}

/** A new card, typed into the payment gateway's own fields and tokenized there. */
export interface NewCardPayment {
  readonly method: 'card';
  readonly source: 'new';
  /** The gateway's one-time token for the card. */
  readonly token: string;
  readonly card: CardSummary;
  readonly firstName: string;
  readonly lastName: string;
  /** Keep the card on the buyer's profile once the order is placed. */
  readonly saveCard: boolean;
}

export type CardPayment = SavedCardPayment | NewCardPayment;

/** Paid by bank transfer against an invoice (the `bank-transfer` flag): awaits billing. */
export interface BankTransferPayment {
  readonly method: 'bank-transfer';
}

/**
 * Who pays instead of the buyer (the `tpp` flag; decision 061): a school district, an
 * insurer, a funding body, with the contact its invoice goes to (SPEC 3 Contact, 5) and the
 * reference or authorisation number it gave the buyer.
 */
export interface ThirdPartyPayer {
  readonly organization: string;
  readonly contact: InvoiceContact;
  readonly reference: string;
}

/**
 * Paid by a third party against the order's invoice (the `tpp` flag): a way to pay of its
 * own, combined with no card, purchase order or bank transfer (decision 061).
 */
export interface ThirdPartyPayment {
  readonly method: 'third-party';
  readonly payer: ThirdPartyPayer;
}

/**
 * How the order is paid (SPEC 2.6): a saved or new card, a purchase order, a transfer, or a
 * third party.
 */
export type PaymentChoice =
  PurchaseOrderPayment | CardPayment | BankTransferPayment | ThirdPartyPayment;

export type PaymentMethod = PaymentChoice['method'];

/** Why the gateway did not take a payment; nothing was charged. */
export type DeclineReason = 'declined' | 'insufficient-funds' | 'expired-card' | 'processing-error';

export interface PaymentDecline {
  readonly reason: DeclineReason;
  readonly source: 'saved' | 'new';
  readonly last4: string;
}

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
  /** The last payment the gateway refused (SPEC 8); cleared by the next payment chosen. */
  readonly paymentDeclined: PaymentDecline | null;
  /** Online training participants by product code, one per seat (SPEC 2.5, 5). */
  readonly training: Readonly<Record<string, readonly TrainingParticipant[]>>;
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
    paymentDeclined: null,
    training: {},
    restarts: 0,
    placedOrderId: null,
  };
}

/** The billing address in force: the delivery address when "same as shipping". */
export function billingAddressOf(state: CheckoutState): CheckoutAddress | null {
  if (!state.billing) return null;
  return state.billing.sameAsShipping ? state.shippingAddress : state.billing.address;
}
