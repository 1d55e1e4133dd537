/**
 * The save-cart modal (SPEC 2.5, 5): a name (letters and digits), an optional description
 * with the characters left, saved to the signed-in user's saved carts, offline too.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  SAVED_CART_DESCRIPTION_MAX,
  SAVED_CART_NAME_MAX,
} from '../../../../domain/saved-cart/saved-carts';
import { DomainError } from '../../../../domain/shared/domain-error';
import type { Message } from '../../../../domain/shared/message';
import { V } from '../../../../domain/validation/messages';
import type { CartStore } from '../../../infra/cart/cart-store';
import { useStorefront } from '../../../shell/use-storefront';
import { useModalDialog } from '../../../shell/use-modal-dialog';

export function SaveCartDialog({ store, onClose }: { store: CartStore; onClose: () => void }) {
  const [leaving, setLeaving] = useState(false);
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const dialog = useModalDialog();
  const nameId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const countId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [savedAs, setSavedAs] = useState<string | null>(null);

  const left = SAVED_CART_DESCRIPTION_MAX - description.length;
  // SPEC 2.5 return modal: typed text is not thrown away without asking.
  const cancel = () => {
    if (!savedAs && (name.trim() !== '' || description.trim() !== '')) setLeaving(true);
    else onClose();
  };
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${nameId}-title`}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <h2 id={`${nameId}-title`}>
        <Trans>Save cart</Trans>
      </h2>
      {savedAs ? (
        <>
          <p role="status">
            <Trans>Your cart was saved as {savedAs}.</Trans>
          </p>
          <div className="modal__actions">
            <Link to={`/${storefront.locale}/my-account/saved-carts`}>
              <Trans>Go to saved carts</Trans>
            </Link>
            <button type="button" className="button-secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </button>
          </div>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            try {
              store.saveCart(name, description.trim() === '' ? undefined : description);
              setSavedAs(name.trim());
              setError(null);
            } catch (caught) {
              if (!(caught instanceof DomainError)) throw caught;
              setError(caught.detail);
            }
          }}
        >
          <div className="field">
            <label htmlFor={nameId}>
              <Trans>Name</Trans>
            </label>
            <input
              id={nameId}
              value={name}
              maxLength={SAVED_CART_NAME_MAX}
              autoComplete="off"
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
            {error ? (
              <p id={errorId} className="field__error" role="alert">
                {i18n._(error)}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={descriptionId}>
              <Trans>Description (optional)</Trans>
            </label>
            <textarea
              id={descriptionId}
              value={description}
              maxLength={SAVED_CART_DESCRIPTION_MAX}
              rows={3}
              aria-describedby={countId}
              onChange={(event) => {
                setDescription(event.target.value);
              }}
            />
            <p id={countId} className="field__hint" aria-live="polite">
              {i18n._(V.charactersLeft.id, { count: left })}
            </p>
          </div>
          <div className="modal__actions">
            <button type="submit" className="button-link">
              <Trans>Save</Trans>
            </button>
            <button type="button" className="button-secondary" onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
      {leaving ? (
        <ReturnDialog
          onReturn={() => {
            setLeaving(false);
          }}
          onLeave={onClose}
        />
      ) : null}
    </dialog>
  );
}

/** SPEC 2.5 return modal: changes will not be saved; Return to edit, or Cancel them. */
function ReturnDialog({ onReturn, onLeave }: { onReturn: () => void; onLeave: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onReturn();
      }}
    >
      <h2 id={titleId}>
        <Trans>Your changes will not be saved</Trans>
      </h2>
      <div className="modal__actions">
        <button type="button" className="button-link" onClick={onReturn}>
          <Trans>Return to edit</Trans>
        </button>
        <button type="button" className="button-secondary" onClick={onLeave}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </dialog>
  );
}
