/**
 * What checkout needs to know about the buyer, as the server gives it and the browser keeps
 * it for offline use (one document, `GET /api/checkout/facts`): their customer accounts with
 * each account's qualified users, platform accounts and address book, and the store's
 * payment rules. The server builds the same document for its own decisions, so the browser
 * and the server decide on the same facts.
 */
import type { AccountDiscount } from '../cart/state';
import type { SavedAddress } from '../customer/address-book';
import type { QualificationLevel } from '../validation/account';
import type { CardSummary } from './state';

export interface QualifiedUserOption {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Null: no qualification on record, so they cannot be chosen as qualified user. */
  readonly level: QualificationLevel | null;
}

export interface CheckoutAccount {
  readonly id: string;
  /** A 4-digit organization number or a 12-character temporary number (SPEC 5). */
  readonly number: string;
  readonly name: string;
  readonly type: 'PERSONAL' | 'ORGANIZATION';
  /** An order was placed on behalf of the organization before (SPEC 4.8: PO from then on). */
  readonly hasOrdered: boolean;
  readonly taxExempt: boolean;
  readonly discounts: readonly AccountDiscount[];
  readonly qualifiedUsers: readonly QualifiedUserOption[];
  /** Q-global accounts digital items of this account may go to. */
  readonly qglobalAccounts: readonly string[];
  readonly aimswebAccounts: readonly string[];
  /** The account's address book as the store has it (decision 054), the defaults first. */
  readonly addressBook: readonly SavedAddress[];
}

/** A card on the buyer's profile (Payment Cards): the gateway keeps the card itself. */
export interface SavedCard extends CardSummary {
  readonly id: string;
  readonly holderName: string;
}

export interface CheckoutFacts {
  readonly userId: string;
  readonly accounts: readonly CheckoutAccount[];
  /** Q-global accounts on the buyer's own profile (any customer account may use them). */
  readonly profileQglobalAccounts: readonly string[];
  readonly savedCards: readonly SavedCard[];
  /** SPEC 9 flags that change checkout's rules, as evaluated for the buyer. */
  readonly flags: {
    readonly line3: boolean;
    readonly poThreshold: boolean;
    readonly poForSpain: boolean;
    /** After a refused payment, pay another way on the review step. */
    readonly checkoutRetry: boolean;
    readonly bankTransfer: boolean;
    /** Orders are screened against sanctions lists. */
    readonly ofac: boolean;
    /** Prices in the VAT stores read 'Excl. VAT'. */
    readonly vat: boolean;
    /** A third party may pay (decision 061). */
    readonly tpp: boolean;
    /** Placing an order needs the challenge's token (decision 061). */
    readonly checkoutRecaptcha: boolean;
  };
  /** The store's PO threshold in minor units (SPEC 9 leaves the value open; decision 024). */
  readonly poThresholdMinor: number | null;
}

export function accountIn(facts: CheckoutFacts, id: string): CheckoutAccount | undefined {
  return facts.accounts.find((a) => a.id === id);
}

/** The Q-global accounts a checkout under this customer account may deliver into. */
export function qglobalOptions(facts: CheckoutFacts, account: CheckoutAccount): string[] {
  return [...new Set([...account.qglobalAccounts, ...facts.profileQglobalAccounts])].sort();
}
