/** SPEC 4.4: the warning 15 s before the inactivity timeout, with a way to stay signed in. */
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { stayActive } from '../infra/auth/auth';
import { idleWarning$ } from '../infra/auth/auth-state';
import { useObservableValue } from '../infra/use-observable';

export function IdleWarning() {
  const msLeft = useObservableValue(idleWarning$);
  const dialog = useRef<HTMLDialogElement>(null);
  const open = msLeft !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const seconds = Math.max(1, Math.ceil((msLeft ?? 0) / 1000));
  return (
    <dialog
      ref={dialog}
      className="modal"
      role="alertdialog"
      data-activity-ignore
      aria-labelledby="idle-title"
      aria-describedby="idle-text"
      onCancel={(event) => {
        event.preventDefault();
        stayActive();
      }}
    >
      <h2 id="idle-title">
        <Trans>Are you still there?</Trans>
      </h2>
      <p id="idle-text">
        <Trans>For your security you will be signed out in {seconds} seconds.</Trans>
      </p>
      <div className="modal__actions">
        <button type="button" className="button-link" onClick={stayActive}>
          <Trans>Stay signed in</Trans>
        </button>
      </div>
    </dialog>
  );
}
