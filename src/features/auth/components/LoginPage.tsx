/**
 * /{locale}/login (SPEC 2.1): the OpenID provider's sign-in step. With an interaction, the
 * form; without one, the start of a sign-in that comes back to `returnTo`.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  signInSchema,
  usernameSignInSchema,
  type SignInInput,
  type UsernameSignInInput,
} from '../../../../domain/validation/identity';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
import { ApiError } from '../../../infra/api';
import { domainResolver, translate } from '../../../infra/forms';
import { catalogReady } from '../../../infra/i18n';
import { descriptorFor } from '../../../infra/messages';
import { useStorefront } from '../../../shell/use-storefront';
import { abortInteraction, submitSignIn } from '../api';
import { describedBy, Field } from '../../../shell/FormField';
import { StartSignIn } from './StartSignIn';

/** The address to come back to: a page of this store only. */
export function safeReturnTo(value: string | null, fallback: string): string {
  return value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : fallback;
}

export function LoginPage() {
  const { t } = useLingui();
  const storefront = useStorefront();
  const [params] = useSearchParams();
  const interaction = params.get('interaction');
  const returnTo = safeReturnTo(params.get('returnTo'), `/${storefront.locale}/`);
  // A username or an email address (decision 058).
  const usernameField = useObservableValue(flags$)['sso-username-field'];
  return (
    <section className="page page--narrow auth" aria-labelledby="login-title">
      <title>{t`Sign in | Assessments Store`}</title>
      <h1 id="login-title">
        <Trans>Sign in</Trans>
      </h1>
      {interaction ? (
        <ProviderSignInForm uid={interaction} usernameField={usernameField} offerRegister />
      ) : (
        <StartSignIn
          locale={storefront.locale}
          returnTo={returnTo}
          error={params.get('error')}
          signup={false}
        />
      )}
    </section>
  );
}

/**
 * The provider's sign-in step: an email address (or, with `sso-username-field`, a username)
 * and the password. Customer service's sign-in page shows it too, without "Create an account".
 */
export function ProviderSignInForm({
  uid,
  usernameField,
  offerRegister,
}: {
  uid: string;
  usernameField: boolean;
  offerRegister: boolean;
}) {
  return usernameField ? (
    <UsernameSignInForm uid={uid} offerRegister={offerRegister} />
  ) : (
    <SignInForm uid={uid} offerRegister={offerRegister} />
  );
}

/**
 * Sends the sign-in and goes where the provider says next; a refusal is kept in words (the
 * server's field message, or a general one).
 */
function useSignIn(uid: string) {
  const { t, i18n } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (values: SignInInput | UsernameSignInInput) => {
    setFailure(null);
    try {
      const { redirectTo } = await submitSignIn(uid, values);
      window.location.assign(redirectTo);
    } catch (error) {
      await catalogReady();
      const field = error instanceof ApiError ? error.body?.error.fields?.[0] : undefined;
      const descriptor = field ? descriptorFor(field.code) : undefined;
      setFailure(
        descriptor && field
          ? translate(i18n, { ...descriptor, ...(field.values ? { values: field.values } : {}) })
          : t`We could not sign you in. Please try again.`,
      );
    }
  };
  return { failure, send };
}

function SignInFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <p role="alert" className="form-error">
      {failure}
    </p>
  ) : null;
}

/** With `sso-username-field` on: a username (the part of the address before the @) or the address. */
function UsernameSignInForm({ uid, offerRegister }: { uid: string; offerRegister: boolean }) {
  const { t, i18n } = useLingui();
  const labels = { username: t`Username or email address`, password: t`Password` };
  const { failure, send } = useSignIn(uid);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UsernameSignInInput>({
    resolver: domainResolver(usernameSignInSchema, i18n, labels),
  });

  const onSubmit = handleSubmit(send);

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <SignInFailure failure={failure} />
      <Field
        id="login-username"
        label={labels.username}
        error={errors.username?.message}
        hint={t`Your username is the part of your email address before the @.`}
      >
        <input
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...describedBy('login-username', errors.username?.message, true)}
          {...register('username')}
        />
      </Field>
      <Field id="login-password" label={labels.password} error={errors.password?.message}>
        <input
          type="password"
          autoComplete="current-password"
          {...describedBy('login-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <SignInActions uid={uid} busy={isSubmitting} offerRegister={offerRegister} />
    </form>
  );
}

function SignInForm({ uid, offerRegister }: { uid: string; offerRegister: boolean }) {
  const { t, i18n } = useLingui();
  const labels = { email: t`Email address`, password: t`Password` };
  const { failure, send } = useSignIn(uid);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: domainResolver(signInSchema, i18n, labels) });

  const onSubmit = handleSubmit(send);

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <SignInFailure failure={failure} />
      <Field id="login-email" label={labels.email} error={errors.email?.message}>
        <input
          type="email"
          autoComplete="username"
          {...describedBy('login-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id="login-password" label={labels.password} error={errors.password?.message}>
        <input
          type="password"
          autoComplete="current-password"
          {...describedBy('login-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <SignInActions uid={uid} busy={isSubmitting} offerRegister={offerRegister} />
    </form>
  );
}

function SignInActions({
  uid,
  busy,
  offerRegister,
}: {
  uid: string;
  busy: boolean;
  offerRegister: boolean;
}) {
  const storefront = useStorefront();
  return (
    <>
      <div className="form__actions">
        <button type="submit" className="button-link" disabled={busy}>
          <Trans>Sign in</Trans>
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            void abortInteraction(uid).then(
              ({ redirectTo }) => {
                window.location.assign(redirectTo);
              },
              () => {
                window.location.assign(`/${storefront.locale}/`);
              },
            );
          }}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
      {offerRegister ? (
        <p>
          <Trans>New to the store?</Trans>{' '}
          <Link to={`/${storefront.locale}/register?interaction=${encodeURIComponent(uid)}`}>
            <Trans>Create an account</Trans>
          </Link>
        </p>
      ) : null}
    </>
  );
}
