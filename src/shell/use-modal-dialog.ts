/**
 * A native `<dialog>` shown as a modal while the component is on the page (focus kept
 * inside, Escape handled by the browser), and closed when it goes.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
    };
  }, []);
  return dialog;
}
