/**
 * The address verification modal (SPEC 2.5, 5, 8): a new delivery address is looked up
 * through the address autosuggest of SPEC 7.2; when what comes back differs from what was
 * typed, the buyer sees 'Errors were found with the address you provided' with each
 * suggestion, 'Re-enter address' (back to the form, as typed) and 'Use address as entered'.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { AddressSuggestion } from '../../../../domain/commerce/commerce-api';
import type { CheckoutAddress } from '../../../../domain/checkout/state';
import { V } from '../../../../domain/validation/messages';
import { useModalDialog } from '../../../shell/use-modal-dialog';
import { AddressLines, sameAddress } from './AddressBookPicker';

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

export interface VerificationCandidate {
  readonly id: string;
  readonly address: CheckoutAddress;
}

/**
 * The suggestions worth offering: none when one of them is the typed address itself (it is
 * verified), otherwise each distinct suggestion in the typed country, applied to the typed
 * address (one in another country is another address, not a correction of this one).
 */
export function verificationCandidates(
  entered: CheckoutAddress,
  suggestions: readonly AddressSuggestion[] | null,
): VerificationCandidate[] {
  const candidates: VerificationCandidate[] = [];
  for (const suggestion of suggestions ?? []) {
    if (typeof suggestion.address?.line1 !== 'string') continue;
    if (suggestion.address.country.toUpperCase() !== entered.country.toUpperCase()) continue;
    const address = applySuggestion(entered, suggestion);
    if (sameAddress(address, entered)) return [];
    if (candidates.some((c) => sameAddress(c.address, address))) continue;
    candidates.push({ id: suggestion.id, address });
  }
  return candidates;
}

export function AddressVerificationDialog({
  entered,
  candidates,
  onUseSuggestion,
  onReEnter,
  onUseEntered,
}: {
  entered: CheckoutAddress;
  candidates: readonly VerificationCandidate[];
  onUseSuggestion: (address: CheckoutAddress) => void;
  onReEnter: () => void;
  onUseEntered: () => void;
}) {
  const { i18n } = useLingui();
  const dialog = useModalDialog();
  const titleId = useId();
  const introId = useId();
  const enteredId = useId();
  const suggestedId = useId();
  // Closed before the step moves on, so what follows (the form's field) can take focus.
  const closeThen = (then: () => void) => {
    dialog.current?.close();
    then();
  };
  return (
    <dialog
      ref={dialog}
      className="modal address-verification"
      aria-labelledby={titleId}
      aria-describedby={introId}
      onCancel={(event) => {
        // Escape returns to the form with what was typed, as 'Re-enter address' does.
        event.preventDefault();
        closeThen(onReEnter);
      }}
    >
      <h2 id={titleId}>{i18n._(V.addressErrors)}</h2>
      <p id={introId}>
        <Trans>
          We could not confirm this address. Choose a suggested address, re-enter the address, or
          use it as entered.
        </Trans>
      </p>
      <h3 id={suggestedId}>
        <Trans>Suggested addresses</Trans>
      </h3>
      <ul className="address-suggestions" aria-labelledby={suggestedId}>
        {candidates.map((candidate) => (
          <li key={candidate.id}>
            <button
              type="button"
              className="address-suggestion"
              onClick={() => {
                closeThen(() => {
                  onUseSuggestion(candidate.address);
                });
              }}
            >
              <AddressLines address={candidate.address} />
              <span className="address-suggestion__action">
                <Trans>Use this address</Trans>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <h3 id={enteredId}>
        <Trans>You entered</Trans>
      </h3>
      <div className="address-verification__entered" aria-labelledby={enteredId} role="group">
        <AddressLines address={entered} />
      </div>
      <div className="modal__actions">
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            closeThen(onReEnter);
          }}
        >
          <Trans>Re-enter address</Trans>
        </button>
        <button
          type="button"
          className="button-link"
          onClick={() => {
            closeThen(onUseEntered);
          }}
        >
          <Trans>Use address as entered</Trans>
        </button>
      </div>
    </dialog>
  );
}
