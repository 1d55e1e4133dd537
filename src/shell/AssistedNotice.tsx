/**
 * The notice that customer service is working on the signed-in buyer's cart (decision 063),
 * on every page of the buyer's own tabs while an agent acts for them. Loading it starts the
 * following of the cart (src/infra/cart/assistance.ts). The live region stays while the buyer
 * is signed in, so the notice is announced, politely, when it appears.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { assistingAgent$, followAssistance } from '../infra/cart/assistance';
import { useObservableValue } from '../infra/use-observable';

export function AssistedNotice() {
  const agent = useObservableValue(assistingAgent$);
  useEffect(() => {
    followAssistance();
  }, []);
  let notice = null;
  if (agent) {
    const { firstName: first, lastName: last } = agent;
    notice = (
      <div className="banner banner--assisted" data-testid="assisted-notice">
        <Trans>
          Customer service ({first} {last}) is working on your cart. Their changes show here.
        </Trans>
      </div>
    );
  }
  return <div role="status">{notice}</div>;
}
