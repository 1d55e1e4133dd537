/**
 * Address verification (SPEC 5 "Address verification offers suggestions, re-entry or use as
 * is"; decision 059): what the browser asks the store's verification service and what it
 * answers. The service is the built-in verifier, or AddressDoctor when the `address-doctor`
 * flag is on for the buyer (SPEC 9); both answer in this one shape.
 */
import * as z from 'zod';
import { LOCALES } from '../storefront/storefronts';
import { addressSchema, type Address } from '../validation/address';

export const ADDRESS_VERIFIERS = ['built-in', 'address-doctor'] as const;
export type AddressVerifierId = (typeof ADDRESS_VERIFIERS)[number];

/** The parts of an address a service may correct. */
export const VERIFIED_FIELDS = [
  'line1',
  'line2',
  'line3',
  'town',
  'region',
  'postalCode',
  'country',
] as const satisfies readonly (keyof Address & keyof VerifiedAddress)[];
export type VerifiedField = (typeof VERIFIED_FIELDS)[number];

/**
 * Whether mail reaches the address, as far as the service can tell: `deliverable`, a known
 * place and street with a house number; `premises-unconfirmed`, the place is known but the
 * house or building is not; `undeliverable`, the postal code belongs to no place. Null: the
 * service does not say (the built-in verifier never does).
 */
export const DELIVERABILITY = ['deliverable', 'premises-unconfirmed', 'undeliverable'] as const;
export type Deliverability = (typeof DELIVERABILITY)[number];

/** An address as a service writes it (on the wire, a part it does not have is left out). */
export interface VerifiedAddress {
  readonly country: string;
  readonly region?: string | undefined;
  readonly town: string;
  readonly line1: string;
  readonly line2?: string | undefined;
  readonly line3?: string | undefined;
  readonly postalCode: string;
}

export interface SuggestedAddress {
  readonly address: VerifiedAddress;
  /** What differs from the address as it was sent (trimmed). */
  readonly changed: readonly VerifiedField[];
}

/**
 * `verified`: the address is right as it was typed (no suggestion). `suggestions`: the
 * service would write it otherwise (one suggestion or more). `unconfirmed`: nothing to
 * suggest, but the service could not confirm the address (a P.O. box, an unknown postal
 * code): the buyer may re-enter it or use it as is.
 */
export type VerificationStatus = 'verified' | 'suggestions' | 'unconfirmed';

export interface AddressVerdict {
  readonly service: AddressVerifierId;
  readonly status: VerificationStatus;
  readonly suggestions: readonly SuggestedAddress[];
  readonly deliverability: Deliverability | null;
}

/**
 * POST /api/addresses/verify: the storefront (whose flags choose the service) and the
 * address, checked with SPEC 5's rules first (a third line is taken whatever the flag: the
 * form sends one only with it on).
 */
export const addressVerificationRequestSchema = z.object({
  locale: z.enum(LOCALES),
  address: addressSchema({ line3Enabled: true }),
});

export type AddressVerificationRequest = z.input<typeof addressVerificationRequestSchema>;

/** The fields where two addresses differ (exactly: a change of case is a difference). */
export function changedFields(from: VerifiedAddress, to: VerifiedAddress): VerifiedField[] {
  return VERIFIED_FIELDS.filter((field) => (from[field] ?? '') !== (to[field] ?? ''));
}

/**
 * The verdict for an address and what a service would make of it: verified when nothing
 * changed, else the one suggestion. `doubt`: nothing to suggest but the address is not
 * confirmed.
 */
export function verdictOf(
  service: AddressVerifierId,
  entered: VerifiedAddress,
  suggested: readonly VerifiedAddress[],
  deliverability: Deliverability | null,
  doubt = false,
): AddressVerdict {
  const suggestions: SuggestedAddress[] = [];
  for (const address of suggested) {
    const changed = changedFields(entered, address);
    if (changed.length === 0) continue;
    if (suggestions.some((s) => changedFields(s.address, address).length === 0)) continue;
    suggestions.push({ address, changed });
  }
  const status: VerificationStatus =
    suggestions.length > 0
      ? 'suggestions'
      : doubt || deliverability === 'undeliverable'
        ? 'unconfirmed'
        : 'verified';
  return { service, status, suggestions, deliverability };
}
