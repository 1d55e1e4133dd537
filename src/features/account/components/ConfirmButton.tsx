/**
 * A change that is hard to undo (leaving an organization, removing a saved card) asks first,
 * in place: the button gives way to the question with the change and Cancel, the change's
 * button taking the focus; Cancel brings the first button back, focused.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  disabled,
  onConfirm,
}: {
  label: ReactNode;
  question: ReactNode;
  confirmLabel: ReactNode;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [returning, setReturning] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (returning) first.current?.focus();
  }, [asking, returning]);
  if (!asking) {
    return (
      <button
        ref={first}
        type="button"
        className="button-secondary"
        disabled={disabled}
        onClick={() => {
          setReturning(false);
          setAsking(true);
        }}
      >
        {label}
      </button>
    );
  }
  return (
    <div className="confirm-in-place" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`} className="confirm-in-place__question">
        {question}
      </p>
      <button
        ref={confirm}
        type="button"
        className="button-secondary confirm-in-place__yes"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setReturning(true);
          setAsking(false);
        }}
      >
        <Trans>Cancel</Trans>
      </button>
    </div>
  );
}
