/**
 * Checkout's address verification (SPEC 2.5, 5, 8; decision 059): a new delivery address is
 * checked by the store's verification service and looked up through the address autosuggest
 * of SPEC 7.2. The service's suggestions come first, then the saved addresses like the typed
 * one; the shared modal (src/shell/address-verification) shows them with the checkout
 * address's person and phone.
 */
import type {
  AddressVerdict,
  AddressVerificationRequest,
  SuggestedAddress,
} from '../../../../domain/address-verification/verification';
import type { AddressSuggestion } from '../../../../domain/commerce/commerce-api';
import type { CheckoutAddress } from '../../../../domain/checkout/state';
import {
  AddressVerificationDialog as SharedDialog,
  type VerificationCandidate as Candidate,
} from '../../../shell/address-verification/AddressVerificationDialog';
import { AddressLines, sameAddress } from './AddressBookPicker';

export type VerificationCandidate = Candidate<CheckoutAddress>;

/**
 * The typed address with a suggestion's street, town, region, postal code and country: who
 * receives there, the organization, line 3 and the phone stay as typed.
 */
export function applySuggestion(
  entered: CheckoutAddress,
  suggestion: AddressSuggestion,
): CheckoutAddress {
  const { line2: _line2, region: _region, ...rest } = entered;
  const found = suggestion.address;
  return {
    ...rest,
    line1: found.line1,
    ...(found.line2 ? { line2: found.line2 } : {}),
    town: found.town,
    ...(found.region ? { region: found.region } : {}),
    postalCode: found.postalCode,
    country: found.country,
  };
}

/** The typed address as the verification service would write it (its every street line). */
export function applyVerified(
  entered: CheckoutAddress,
  suggested: SuggestedAddress,
): CheckoutAddress {
  const { line2: _line2, line3: _line3, region: _region, ...rest } = entered;
  const found = suggested.address;
  return {
    ...rest,
    line1: found.line1,
    ...(found.line2 ? { line2: found.line2 } : {}),
    ...(found.line3 ? { line3: found.line3 } : {}),
    town: found.town,
    ...(found.region ? { region: found.region } : {}),
    postalCode: found.postalCode,
    country: found.country,
  };
}

/**
 * The suggestions worth offering: the verification service's (each differs from what was
 * typed, a change of case too), then the saved addresses like the typed one: none of those
 * when one of them is the typed address itself (whatever its case), otherwise each distinct
 * one in the typed country (one in another country is another address, not a correction).
 */
export function verificationCandidates(
  entered: CheckoutAddress,
  suggestions: readonly AddressSuggestion[] | null,
  verdict: AddressVerdict | null = null,
): VerificationCandidate[] {
  const candidates: VerificationCandidate[] = (verdict?.suggestions ?? []).map((s, i) => ({
    id: `verified-${i}`,
    address: applyVerified(entered, s),
  }));
  const saved: VerificationCandidate[] = [];
  for (const suggestion of suggestions ?? []) {
    if (typeof suggestion.address?.line1 !== 'string') continue;
    if (suggestion.address.country.toUpperCase() !== entered.country.toUpperCase()) continue;
    const address = applySuggestion(entered, suggestion);
    if (sameAddress(address, entered)) {
      saved.length = 0;
      break;
    }
    if ([...candidates, ...saved].some((c) => sameAddress(c.address, address))) continue;
    saved.push({ id: suggestion.id, address });
  }
  return [...candidates, ...saved];
}

/** Whether the buyer is asked: something to suggest, or the service could not confirm it. */
export function needsConfirmation(
  candidates: readonly VerificationCandidate[],
  verdict: AddressVerdict | null,
): boolean {
  return candidates.length > 0 || verdict?.status === 'unconfirmed';
}

export function AddressVerificationDialog({
  verdict = null,
  ...props
}: {
  entered: CheckoutAddress;
  candidates: readonly VerificationCandidate[];
  verdict?: AddressVerdict | null;
  onUseSuggestion: (address: CheckoutAddress) => void;
  onReEnter: () => void;
  onUseEntered: () => void;
}) {
  return (
    <SharedDialog
      {...props}
      deliverability={verdict?.deliverability ?? null}
      renderAddress={(address) => <AddressLines address={address} />}
    />
  );
}

/** What the verification service is asked: the address part of a checkout address. */
export function verificationRequestOf(
  address: CheckoutAddress,
  locale: AddressVerificationRequest['locale'],
): AddressVerificationRequest {
  const { country, region, town, line1, line2, line3, postalCode } = address;
  return { locale, address: { country, region, town, line1, line2, line3, postalCode } };
}
