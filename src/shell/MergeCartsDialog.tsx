/**
 * The old-cart merge modal (SPEC 2.5): two carts meet (a saved cart restored into a cart
 * that has products, or a cart made before signing in and the account's earlier cart), and
 * the person chooses to merge them, to replace one with the other, or to decide later.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { Message } from '../../domain/shared/message';
import { useModalDialog } from './use-modal-dialog';

export type MergeDialogChoice = 'merge' | 'replace' | null;

export function MergeCartsDialog({
  title,
  children,
  replaceLabel,
  cancelLabel,
  error,
  onChoose,
}: {
  title: ReactNode;
  /** What the two choices do, in words for this case. */
  children: ReactNode;
  replaceLabel: ReactNode;
  cancelLabel: ReactNode;
  /** A rule that refused the last choice, in the spec's words. */
  error?: Message | null;
  onChoose: (choice: MergeDialogChoice) => void;
}) {
  const { i18n } = useLingui();
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={() => {
        onChoose(null);
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      {error ? (
        <p className="field__error" role="alert">
          {i18n._(error)}
        </p>
      ) : null}
      <div className="modal__actions">
        <button
          type="button"
          className="button-link"
          onClick={() => {
            onChoose('merge');
          }}
        >
          <Trans>Merge carts</Trans>
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            onChoose('replace');
          }}
        >
          {replaceLabel}
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            onChoose(null);
          }}
        >
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
