/** The open checkout for a checkout screen, kept current, and its wording. */
import { useLingui } from '@lingui/react/macro';
import { useMatches } from 'react-router';
import {
  CHECKOUT_COPY_DEFAULTS,
  type CheckoutCopyKey,
} from '../../../../domain/content/checkout-copy';
import type { CheckoutStore, CheckoutView } from '../../../infra/checkout/checkout-store';
import { useObservableValue } from '../../../infra/use-observable';
import { ValueSubject } from '../../../infra/value-subject';
import { openedCheckoutStore, type CheckoutRouteData } from '../checkout-loader';

const none = new ValueSubject<CheckoutView | null>(null);

export function useCheckout(): { store: CheckoutStore | undefined; view: CheckoutView | null } {
  const store = openedCheckoutStore();
  const view = useObservableValue(store?.view$ ?? none);
  return { store, view };
}

/** A piece of checkout wording: the content service's (English pages), else the built-in one. */
export function useCheckoutCopy(): (key: CheckoutCopyKey) => string {
  const { i18n } = useLingui();
  const data = useMatches()
    .map((match) => match.loaderData as Partial<CheckoutRouteData> | undefined)
    .find((loaded) => loaded?.copy !== undefined);
  return (key) => data?.copy?.[key] ?? i18n._(CHECKOUT_COPY_DEFAULTS[key]);
}
