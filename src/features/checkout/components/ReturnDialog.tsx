/**
 * The return modal (SPEC 2.5, 4.8): leaving a form with unsaved changes warns that the
 * changes will not be saved, and offers Return to edit (stay) or Cancel (leave without
 * saving). `useLeaveGuard` shows it for any navigation inside the app (a link, the back
 * button) while the form is dirty.
 */
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useModalDialog } from '../../../shell/use-modal-dialog';

export function ReturnDialog({ onReturn, onLeave }: { onReturn: () => void; onLeave: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape keeps the buyer on the form, as Return to edit does.
        event.preventDefault();
        onReturn();
      }}
    >
      {/* The cart's save dialog says the same: one message in the catalogs. */}
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

export interface LeaveGuard {
  /** The return modal while a navigation is held back; render it anywhere in the form. */
  readonly dialog: ReactNode;
  /**
   * Lets the next navigation through: call it once the changes are saved, just before moving
   * on (the form may still count as dirty until it unmounts).
   */
  readonly release: () => void;
}

/**
 * Holds back a navigation to another page while `dirty`, and asks first. Only in-app
 * navigations are held (react-router's blocker); closing the tab or reloading is not asked
 * about. The checkout layout's own redirects (a restart, an order placed elsewhere) unmount
 * the form first, which drops the guard.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  // Read when a navigation starts, not when this component last rendered.
  const dirtyNow = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  const dialog =
    blocker.state === 'blocked' ? (
      <ReturnDialog
        onReturn={() => {
          blocker.reset();
        }}
        onLeave={() => {
          blocker.proceed();
        }}
      />
    ) : null;
  return { dialog, release };
}
