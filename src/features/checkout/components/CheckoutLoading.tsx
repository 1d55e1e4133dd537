/** The checkout while its data (or its steps' code) is on its way: the heading and a status. */
import { Trans } from '@lingui/react/macro';

export function CheckoutLoading() {
  return (
    <div className="page checkout" aria-busy="true">
      <h1>
        <Trans>Accounts for checkout</Trans>
      </h1>
      <p role="status">
        <Trans>Loading your checkout…</Trans>
      </p>
    </div>
  );
}
