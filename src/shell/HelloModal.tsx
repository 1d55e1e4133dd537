/**
 * SPEC 2.3: a modal titled 'Hello!' when the visitor's country cannot be identified (neither the
 * proxy in front nor the region of the browser's language names one; decision 013), pointing to
 * the international contacts page. Shown once per browser session.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { marketingPageUrl } from '../../domain/content/paths';
import { bootstrap$ } from '../infra/bootstrap';
import { readItem, writeItem } from '../infra/browser-storage';
import { useObservableValue } from '../infra/use-observable';
import { useStorefront } from './use-storefront';

const DISMISSED_KEY = 'helloModalDismissed';

export function HelloModal() {
  const bootstrap = useObservableValue(bootstrap$);
  const storefront = useStorefront();
  const dialog = useRef<HTMLDialogElement>(null);
  const [dismissed, setDismissed] = useState(() => readItem('session', DISMISSED_KEY) === '1');
  const show = bootstrap?.countryUnknown === true && !dismissed;

  useEffect(() => {
    const element = dialog.current;
    if (show && element && !element.open) element.showModal();
  }, [show]);

  if (!show) return null;
  const close = () => {
    writeItem('session', DISMISSED_KEY, '1');
    dialog.current?.close();
    setDismissed(true);
  };
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="hello-title"
      onClose={close}
      onCancel={close}
    >
      <h2 id="hello-title">
        <Trans>Hello!</Trans>
      </h2>
      <p>
        <Trans>
          We could not identify the country you are visiting from. Our international contacts can
          tell you which store and team serve you.
        </Trans>
      </p>
      <div className="modal__actions">
        <a
          className="button-link"
          href={marketingPageUrl(`/content/${storefront.locale}`, 'international-contacts')}
        >
          <Trans>International contacts</Trans>
        </a>
        <button type="button" className="button-secondary" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </dialog>
  );
}
