/**
 * Express checkout (SPEC 2.1 /exp-checkout): a returning buyer's usual choices, made for
 * them so they review everything on one page and place the order. The choices are the
 * ordinary checkout commands, in the order the steps make them, so the decider checks them
 * as it checks any other; this only picks them from the buyer's facts. It gives a reason
 * instead when the buyer has no qualified user covering the cart, no platform account the
 * cart needs, no address, or no card that is still valid.
 */
import type { SavedAddress } from '../customer/address-book';
import type { DistributiveOmit } from '../shared/types';
import { levelCovers } from '../validation/account';
import { isExpired } from '../validation/payment';
import { cartNeeds, type CheckoutCart } from './cart-snapshot';
import type { CheckoutCommand } from './commands';
import { qglobalOptions, type CheckoutFacts, type QualifiedUserOption } from './facts';
import { shippingMethodsFor } from './shipping-methods';
import type { CheckoutAddress } from './state';

type ChoiceType =
  | 'ChooseCustomerAccount'
  | 'ChooseQualifiedUser'
  | 'ChooseQglobalAccount'
  | 'ChooseAimswebAccount'
  | 'ChooseShippingAddress'
  | 'ChooseShippingMethod'
  | 'ChooseBillingAddress'
  | 'ChoosePayment';

/** A choice command without its metadata (the store adds the time and the id). */
export type ExpressChoice = DistributiveOmit<
  Extract<CheckoutCommand, { readonly type: ChoiceType }>,
  'metadata'
>;

export type ExpressUnavailable =
  | 'cart-empty'
  /** No account with a qualified user whose level covers the cart (SPEC 5, 6). */
  | 'no-qualified-user'
  | 'no-qglobal-account'
  | 'no-aimsweb-account'
  | 'no-address'
  | 'no-shipping-method'
  /** No saved card that has not expired. */
  | 'no-saved-card';

export type ExpressChoices =
  { readonly commands: readonly ExpressChoice[] } | { readonly unavailable: ExpressUnavailable };

export interface ExpressInput {
  readonly facts: CheckoutFacts;
  readonly cart: CheckoutCart;
  /** The signed-in buyer: preferred as the qualified user when their level covers the cart. */
  readonly userId: string;
  readonly storeId: string;
  /** YYYY-MM-DD, for the cards' expiry. */
  readonly today: string;
}

/** A saved address as checkout stores it (line 3 only while the line3 flag is on). */
export function checkoutAddressFrom(saved: SavedAddress, line3Enabled: boolean): CheckoutAddress {
  return {
    firstName: saved.firstName,
    lastName: saved.lastName,
    ...(saved.organization ? { organization: saved.organization } : {}),
    line1: saved.line1,
    ...(saved.line2 ? { line2: saved.line2 } : {}),
    ...(line3Enabled && saved.line3 ? { line3: saved.line3 } : {}),
    town: saved.town,
    ...(saved.region ? { region: saved.region } : {}),
    postalCode: saved.postalCode,
    country: saved.country,
    ...(saved.phone ? { phone: saved.phone } : {}),
  };
}

/**
 * The choices an express checkout makes, in the order of the steps. The aimswebPlus choice
 * goes without the acceptance of its terms: the page sends it once the buyer ticks the terms
 * on the page (SPEC 5: terms must be accepted), never before.
 */
export function expressChoices(input: ExpressInput): ExpressChoices {
  const { facts, cart, userId, storeId, today } = input;
  if (cart.lines.length === 0) return { unavailable: 'cart-empty' };
  const needs = cartNeeds(cart.lines);

  // SPEC 5, 6: a qualified user whose level covers every item; one without a level cannot be
  // chosen. The first account with one that also offers the platform accounts the cart needs
  // and has an address in its book (every order is billed to one; decision 054).
  const covers = (user: QualifiedUserOption) =>
    user.level !== null && (needs.level === null || levelCovers(user.level, needs.level));
  const candidates = facts.accounts.flatMap((account) => {
    const users = account.qualifiedUsers.filter(covers);
    const qualifiedUser = users.find((u) => u.userId === userId) ?? users[0];
    if (!qualifiedUser) return [];
    const qglobal = needs.qglobal ? (qglobalOptions(facts, account)[0] ?? null) : null;
    const aimsweb = needs.aimsweb ? (account.aimswebAccounts[0] ?? null) : null;
    const missing: ExpressUnavailable | null =
      needs.qglobal && !qglobal
        ? 'no-qglobal-account'
        : needs.aimsweb && !aimsweb
          ? 'no-aimsweb-account'
          : account.addressBook.length === 0
            ? 'no-address'
            : null;
    return [{ account, qualifiedUser, qglobal, aimsweb, missing }];
  });
  const first = candidates[0];
  if (!first) return { unavailable: 'no-qualified-user' };
  const chosen = candidates.find((c) => c.missing === null);
  if (!chosen) return { unavailable: first.missing ?? 'no-qualified-user' };
  const { account, qualifiedUser, qglobal, aimsweb } = chosen;

  const commands: ExpressChoice[] = [
    { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
    { type: 'ChooseQualifiedUser', data: { userId: qualifiedUser.userId } },
  ];
  if (qglobal) {
    commands.push({
      type: 'ChooseQglobalAccount',
      data: { mode: 'existing', accountNumber: qglobal },
    });
  }
  if (aimsweb) {
    commands.push({
      type: 'ChooseAimswebAccount',
      data: { mode: 'existing', accountNumber: aimsweb, termsAccepted: false },
    });
  }

  // The chosen account's address book (decision 054).
  const book = account.addressBook;
  const line3 = facts.flags.line3;
  const shipping = book.find((a) => a.defaultShipping) ?? book[0];
  if (needs.shipping) {
    if (!shipping) return { unavailable: 'no-address' };
    if (!shippingMethodsFor(storeId).some((m) => m.id === 'regular')) {
      return { unavailable: 'no-shipping-method' };
    }
    commands.push(
      {
        type: 'ChooseShippingAddress',
        data: { address: checkoutAddressFrom(shipping, line3), saveToAddressBook: false },
      },
      { type: 'ChooseShippingMethod', data: { method: 'regular' } },
    );
  }

  // The default billing address; the delivery address when there is none or it is that one.
  const billing = book.find((a) => a.defaultBilling) ?? (needs.shipping ? shipping : book[0]);
  if (!billing) return { unavailable: 'no-address' };
  commands.push(
    needs.shipping && billing.id === shipping?.id
      ? { type: 'ChooseBillingAddress', data: { sameAsShipping: true } }
      : {
          type: 'ChooseBillingAddress',
          data: { sameAsShipping: false, address: checkoutAddressFrom(billing, line3) },
        },
  );

  const card = facts.savedCards.find((c) => !isExpired(c.expMonth, c.expYear, today));
  if (!card) return { unavailable: 'no-saved-card' };
  const { id, holderName, brand, last4, expMonth, expYear } = card;
  commands.push({
    type: 'ChoosePayment',
    data: {
      method: 'card',
      source: 'saved',
      paymentMethodId: id,
      card: { brand, last4, expMonth, expYear },
      holderName,
    },
  });
  return { commands };
}
