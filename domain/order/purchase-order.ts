/**
 * When a buyer may pay by purchase order (SPEC 4.8, 6, 9): only under an organizational
 * account, only after a first order on behalf of the organization, not below the PO
 * threshold when that flag is on, and in the Spanish store only with the PO for Spain flag.
 */
import { compare, type Money } from '../pricing/money';
import type { MessageDescriptor } from '../shared/message';
import type { Locale } from '../storefront/storefronts';
import type { AccountType } from '../validation/account';

export type PoUnavailableReason =
  'personal-account' | 'no-first-order' | 'below-threshold' | 'not-offered-in-store';

export interface PoAvailabilityInput {
  readonly accountType: AccountType;
  /** The organization has had an order placed on its behalf before. */
  readonly organizationHasOrdered: boolean;
  readonly subtotal: Money;
  readonly locale: Locale;
  /** SPEC 9 'PO threshold' flag and the store's threshold (the spec leaves the value open). */
  readonly poThresholdEnabled: boolean;
  readonly poThreshold: Money | null;
  /** SPEC 9 'PO for Spain' flag. */
  readonly poForSpainEnabled: boolean;
}

export type PoAvailability =
  | { readonly available: true }
  | { readonly available: false; readonly reason: PoUnavailableReason };

export function poAvailability(input: PoAvailabilityInput): PoAvailability {
  if (input.locale === 'es-es' && !input.poForSpainEnabled) {
    return { available: false, reason: 'not-offered-in-store' };
  }
  // SPEC 6: a personal account must leave checkout and switch to pay by PO.
  if (input.accountType !== 'ORGANIZATION') return { available: false, reason: 'personal-account' };
  if (!input.organizationHasOrdered) return { available: false, reason: 'no-first-order' };
  if (
    input.poThresholdEnabled &&
    input.poThreshold !== null &&
    compare(input.subtotal, input.poThreshold) < 0
  ) {
    return { available: false, reason: 'below-threshold' };
  }
  return { available: true };
}

export const PO_UNAVAILABLE_MESSAGES = {
  'personal-account': /*i18n*/ {
    id: 'order.po.personal-account',
    message:
      'Purchase orders can only be used with an organizational account. Switch to your organization’s account to pay by PO.',
  },
  'no-first-order': /*i18n*/ {
    id: 'order.po.no-first-order',
    message:
      'Paying by purchase order becomes available after a first order on behalf of your organization.',
  },
  'below-threshold': /*i18n*/ {
    id: 'order.po.below-threshold',
    message: 'Paying by purchase order is not available for an order of this amount.',
  },
  'not-offered-in-store': /*i18n*/ {
    id: 'order.po.not-offered',
    message: 'Paying by purchase order is not available in this store.',
  },
} as const satisfies Record<PoUnavailableReason, MessageDescriptor>;

/**
 * The PO threshold (SPEC 9 leaves the value open; decision 024): with the `po-threshold`
 * flag on, orders under this amount, in the store's currency, are not paid by PO.
 */
export const PO_THRESHOLD_MAJOR = 250;
