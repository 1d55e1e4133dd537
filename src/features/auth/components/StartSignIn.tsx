/**
 * A sign-in or registration page reached without an interaction: start the sign-in (or
 * go back if already signed in), and show what happened when the provider sent an error.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_ERRORS } from '../../../../domain/session/sign-in-errors';
import type { Locale } from '../../../../domain/storefront/storefronts';
import { signIn } from '../../../infra/auth/auth';
import { authStatus$ } from '../../../infra/auth/auth-state';
import { useObservableValue } from '../../../infra/use-observable';

export function StartSignIn({
  locale,
  returnTo,
  error,
  signup,
}: {
  locale: Locale;
  returnTo: string;
  error: string | null;
  signup: boolean;
}) {
  const { i18n } = useLingui();
  const status = useObservableValue(authStatus$);
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (status === 'signed-in') {
      void navigate(returnTo, { replace: true });
    } else if (status === 'signed-out' && !error && !started.current) {
      started.current = true;
      void signIn(locale, returnTo, { signup }).catch((cause: unknown) => {
        console.error(SIGN_IN_ERRORS.loginFailed.message, cause);
      });
    }
  }, [status, error, locale, returnTo, signup, navigate]);

  if (!error) {
    return (
      <p role="status">
        <Trans>Taking you to sign in…</Trans>
      </p>
    );
  }
  if (error === 'agent') {
    return (
      <div role="alert" className="form-error">
        <p>{i18n._(SIGN_IN_ERRORS.agentAccount)}</p>
        <p>
          {/* A full load: the agents' sign-in starts on its own page. */}
          <a href={`/${locale}/my-account/support/login`}>
            <Trans>Customer service sign-in</Trans>
          </a>
        </p>
      </div>
    );
  }
  const message = error === 'state' ? SIGN_IN_ERRORS.stateMismatch : SIGN_IN_ERRORS.loginFailed;
  return (
    <div role="alert" className="form-error">
      <p>{i18n._(message)}</p>
      <button
        type="button"
        className="button-link"
        onClick={() => {
          void signIn(locale, returnTo, { signup });
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
