/**
 * /{locale}/my-account/support/login and /{locale}/my-account/{x}/support/login (SPEC 1;
 * decision 063): customer service's own sign-in, apart from the buyers'. The button starts the
 * server's sign-in, which always asks for the password; a buyer who signs in here comes back
 * with `?error=not-agent` and no session.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { supportSignInStart } from '../../../../domain/support/api';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
import { ProviderSignInForm } from './LoginPage';
import { useStorefront } from '../../../shell/use-storefront';

export function SupportLoginPage() {
  const { t } = useLingui();
  const storefront = useStorefront();
  const [params] = useSearchParams();
  const error = params.get('error');
  // The provider's step (decision 063): the agent gives their email address and password.
  const interaction = params.get('interaction');
  const usernameField = useObservableValue(flags$)['sso-username-field'];
  if (interaction) {
    return (
      <section className="page page--narrow support" aria-labelledby="support-login-title">
        <title>{t`Customer service sign-in | Assessments Store`}</title>
        <h1 id="support-login-title">
          <Trans>Customer service sign-in</Trans>
        </h1>
        <ProviderSignInForm uid={interaction} usernameField={usernameField} offerRegister={false} />
      </section>
    );
  }
  return (
    <section className="page page--narrow support" aria-labelledby="support-login-title">
      <title>{t`Customer service sign-in | Assessments Store`}</title>
      <h1 id="support-login-title">
        <Trans>Customer service sign-in</Trans>
      </h1>
      {error === 'not-agent' ? (
        <div role="alert" className="form-error">
          <p>
            <Trans>
              This sign-in is for customer service. Sign in to your own account from the store's
              sign-in page.
            </Trans>
          </p>
          <p>
            {/* A full load: the buyer's sign-in starts on its own page. */}
            <a href={`/${storefront.locale}/login`}>
              <Trans>Go to the store's sign-in page</Trans>
            </a>
          </p>
        </div>
      ) : error === 'login' ? (
        <p role="alert" className="form-error">
          <Trans>Sign-in could not be completed. Please try again.</Trans>
        </p>
      ) : null}
      <p>
        <Trans>
          Customer service team members sign in here to find a customer and act for them: their
          cart, checkout and orders, on the customer's behalf.
        </Trans>
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button-link"
          onClick={() => {
            window.location.assign(supportSignInStart(storefront.locale));
          }}
        >
          <Trans>Sign in</Trans>
        </button>
      </div>
    </section>
  );
}
