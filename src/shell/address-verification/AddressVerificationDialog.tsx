/**
 * The address verification modal (SPEC 2.5, 5, 8; decision 059), shared by checkout's
 * shipping address and the address book: when the verification service (or checkout's
 * autosuggest) would write the address otherwise, or could not confirm it, the buyer sees
 * 'Errors were found with the address you provided' with each suggestion, 'Re-enter address'
 * (back to the form, as typed) and 'Use address as entered'. How an address is shown is the
 * caller's: a checkout address with its person and phone, an address book entry.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { Deliverability } from '../../../domain/address-verification/verification';
import { V } from '../../../domain/validation/messages';
import { useModalDialog } from '../use-modal-dialog';
import './address-verification.css';

export interface VerificationCandidate<A> {
  readonly id: string;
  readonly address: A;
}

function DeliverabilityNote({ deliverability }: { deliverability: Deliverability | null }) {
  if (deliverability === 'undeliverable') {
    return (
      <p className="address-verification__verdict">
        <Trans>
          The postal code was not found: mail may not reach this address as it was entered.
        </Trans>
      </p>
    );
  }
  if (deliverability === 'premises-unconfirmed') {
    return (
      <p className="address-verification__verdict">
        <Trans>The street was found, but not the house or building number.</Trans>
      </p>
    );
  }
  return null;
}

export function AddressVerificationDialog<A>({
  entered,
  candidates,
  deliverability = null,
  renderAddress,
  onUseSuggestion,
  onReEnter,
  onUseEntered,
}: {
  entered: A;
  candidates: readonly VerificationCandidate<A>[];
  /** What the service said of delivery to the address (AddressDoctor does). */
  deliverability?: Deliverability | null;
  renderAddress: (address: A) => ReactNode;
  onUseSuggestion: (address: A) => void;
  onReEnter: () => void;
  onUseEntered: () => void;
}) {
  const { i18n } = useLingui();
  const dialog = useModalDialog();
  const titleId = useId();
  const introId = useId();
  const enteredId = useId();
  const suggestedId = useId();
  // Closed before the caller moves on, so what follows (the form's field) can take focus.
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
        {candidates.length > 0 ? (
          <Trans>
            We could not confirm this address. Choose a suggested address, re-enter the address, or
            use it as entered.
          </Trans>
        ) : (
          <Trans>
            We could not confirm this address. Re-enter the address, or use it as entered.
          </Trans>
        )}
      </p>
      <DeliverabilityNote deliverability={deliverability} />
      {candidates.length > 0 ? (
        <>
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
                  {renderAddress(candidate.address)}
                  <span className="address-suggestion__action">
                    <Trans>Use this address</Trans>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 id={enteredId}>
        <Trans>You entered</Trans>
      </h3>
      <div className="address-verification__entered" aria-labelledby={enteredId} role="group">
        {renderAddress(entered)}
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
