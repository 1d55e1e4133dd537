/** What a visitor sees on a profile page: it is a signed-in user's own. */
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { useStorefront } from '../../../shell/use-storefront';

export function SignInToSee() {
  const storefront = useStorefront();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <p data-testid="profile-sign-in">
      <Trans>
        <Link to={`/${storefront.locale}/login?returnTo=${encodeURIComponent(returnTo)}`}>
          Sign in
        </Link>{' '}
        to see your profile and preferences.
      </Trans>
    </p>
  );
}
