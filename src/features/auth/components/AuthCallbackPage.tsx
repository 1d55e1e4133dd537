/** /auth/callback: the provider's answer in token mode; then back to where the user was. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_ERRORS } from '../../../../domain/session/sign-in-errors';
import { completeSignIn } from '../../../infra/auth/auth';
import { preferredLocale } from '../../../infra/preferred-locale';

export function AuthCallbackPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    completeSignIn().then(
      (returnTo) => {
        void navigate(returnTo, { replace: true });
      },
      (error: unknown) => {
        console.error(SIGN_IN_ERRORS.loginFailed.message, error);
        setFailed(true);
      },
    );
  }, [navigate]);
  return (
    <section className="page page--narrow">
      {failed ? (
        <div role="alert">
          <h1>{i18n._(SIGN_IN_ERRORS.loginFailed)}</h1>
          <p>
            <a href={`/${preferredLocale()}/login`}>
              <Trans>Try again</Trans>
            </a>
          </p>
        </div>
      ) : (
        <p role="status">
          <Trans>Signing you in…</Trans>
        </p>
      )}
    </section>
  );
}
