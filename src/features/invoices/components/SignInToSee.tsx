/** What a visitor sees on an invoice page: invoices are their accounts' (SPEC 2.1). */
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { useStorefront } from '../../../shell/use-storefront';

export function SignInToSee() {
  const storefront = useStorefront();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <p data-testid="invoices-sign-in">
      <Trans>
        Invoices belong to your customer accounts.{' '}
        <Link to={`/${storefront.locale}/login?returnTo=${encodeURIComponent(returnTo)}`}>
          Sign in
        </Link>{' '}
        to see and pay them.
      </Trans>
    </p>
  );
}
