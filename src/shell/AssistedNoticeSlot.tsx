/**
 * Where the notice of customer service acting for the buyer goes (decision 063). For a
 * signed-in user only, and after the first paint: its code, and the following of the cart it
 * starts, are not part of what a first visit loads (decision 041).
 */
import { lazy } from 'react';
import { afterFirstPaint } from '../infra/first-paint';
import { wholeCatalog } from '../infra/i18n';
import { currentUser$ } from '../infra/session';
import { useObservableValue } from '../infra/use-observable';
import { OptionalPart } from './OptionalPart';

const AssistedNotice = lazy(() =>
  afterFirstPaint()
    .then(() => Promise.all([import('./AssistedNotice'), wholeCatalog()]))
    .then(([module]) => ({ default: module.AssistedNotice })),
);

export function AssistedNoticeSlot() {
  const signedIn = useObservableValue(currentUser$) !== null;
  return signedIn ? (
    <OptionalPart>
      <AssistedNotice />
    </OptionalPart>
  ) : null;
}
