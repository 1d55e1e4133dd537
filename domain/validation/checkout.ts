/**
 * Rules that decide whether a cart may move through checkout (SPEC 5, 6): the aimswebPlus
 * minimum and organization-only rule, and the addresses each step needs.
 */
import { compare, formatMoney, fromMajor, type Money } from '../pricing/money';
import { withValues, type Message } from '../shared/message';
import type { AccountType } from './account';
import { V } from './messages';

/** SPEC 5, 9: at least 300 (dollars, in the store's currency) for carts with aimsweb products. */
export const AIMSWEB_MINIMUM_MAJOR = 300;

export interface AimswebCheck {
  readonly hasAimswebItems: boolean;
  /** What the cart's aimswebPlus products come to, at list price (SPEC 5: at least $300). */
  readonly aimswebAmount: Money;
  readonly accountType: AccountType;
  /** BCP 47 locale for the amount in the message (en-US). */
  readonly displayLocale: string;
}

/** What stops an aimswebPlus cart from checking out; empty when nothing does. */
export function aimswebProblems(check: AimswebCheck): Message[] {
  if (!check.hasAimswebItems) return [];
  const problems: Message[] = [];
  if (check.accountType !== 'ORGANIZATION')
    problems.push(withValues(V.aimswebOrganizationOnly, {}));
  const minimum = fromMajor(AIMSWEB_MINIMUM_MAJOR, check.aimswebAmount.currency);
  if (compare(check.aimswebAmount, minimum) < 0) {
    problems.push(
      withValues(V.aimswebMinimum, { minimum: formatMoney(minimum, check.displayLocale) }),
    );
  }
  return problems;
}

export interface AddressStepCheck {
  readonly hasDeliveryAddress: boolean;
  readonly hasBillingAddress: boolean;
  /** Card payments and some accounts need a billing address (SPEC 5). */
  readonly billingAddressRequired: boolean;
  /** Orders of digital products only need no delivery address. */
  readonly deliveryAddressRequired: boolean;
}

/** SPEC 5: a delivery address and a billing address are required to move on. */
export function addressStepProblems(check: AddressStepCheck): Message[] {
  const problems: Message[] = [];
  if (check.deliveryAddressRequired && !check.hasDeliveryAddress) {
    problems.push(withValues(V.deliveryAddressRequired, {}));
  }
  if (check.billingAddressRequired && !check.hasBillingAddress) {
    problems.push(withValues(V.billingAddressRequired, {}));
  }
  return problems;
}
