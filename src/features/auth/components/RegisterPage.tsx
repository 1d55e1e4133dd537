/**
 * /{locale}/register (SPEC 2.1): creating an account as the OpenID provider's registration
 * step; the new user is signed in at once. The identity policy messages of SPEC 5 apply.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { COUNTRIES } from '../../../../domain/validation/address';
import {
  PASSWORD_POLICY,
  registrationSchema,
  type RegistrationInput,
} from '../../../../domain/validation/identity';
import { ApiError } from '../../../infra/api';
import { domainResolver, translate } from '../../../infra/forms';
import { catalogReady } from '../../../infra/i18n';
import { descriptorFor } from '../../../infra/messages';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { submitRegistration } from '../api';
import { describedBy, Field } from '../../../shell/FormField';
import { safeReturnTo } from './LoginPage';
import { StartSignIn } from './StartSignIn';

export function RegisterPage() {
  const { t } = useLingui();
  const storefront = useStorefront();
  const [params] = useSearchParams();
  const interaction = params.get('interaction');
  return (
    <section className="page page--narrow auth" aria-labelledby="register-title">
      <title>{t`Create an account | Assessments Store`}</title>
      <h1 id="register-title">
        <Trans>Create an account</Trans>
      </h1>
      {interaction ? (
        <RegistrationForm uid={interaction} />
      ) : (
        <StartSignIn
          locale={storefront.locale}
          returnTo={safeReturnTo(params.get('returnTo'), `/${storefront.locale}/`)}
          error={params.get('error')}
          signup
        />
      )}
    </section>
  );
}

function RegistrationForm({ uid }: { uid: string }) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const [failure, setFailure] = useState<string | null>(null);
  const labels = {
    firstName: t`First name`,
    lastName: t`Last name`,
    email: t`Email address`,
    password: t`Password`,
    country: t`Country`,
  };
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([languageTag(storefront)], { type: 'region' });
    return COUNTRIES.map((c) => ({ code: c.code, name: names.of(c.code) ?? c.name })).sort((a, b) =>
      a.name.localeCompare(b.name, languageTag(storefront)),
    );
  }, [storefront]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationInput>({
    resolver: domainResolver(registrationSchema, i18n, labels),
    defaultValues: { country: storefront.defaultCountry },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { redirectTo } = await submitRegistration(uid, values);
      window.location.assign(redirectTo);
    } catch (error) {
      await catalogReady();
      const field = error instanceof ApiError ? error.body?.error.fields?.[0] : undefined;
      const descriptor = field ? descriptorFor(field.code) : undefined;
      if (field && descriptor && field.path in labels) {
        setError(field.path as keyof RegistrationInput, {
          message: translate(
            i18n,
            { ...descriptor, ...(field.values ? { values: field.values } : {}) },
            labels,
            field.path,
          ),
        });
      } else {
        setFailure(t`We could not create your account. Please try again.`);
      }
    }
  });

  const { minLength, capitalsOrDigits } = PASSWORD_POLICY;
  const policy = t`At least ${minLength} characters, with at least ${capitalsOrDigits} capital letters or numbers.`;
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <Field id="reg-first" label={labels.firstName} error={errors.firstName?.message}>
        <input
          autoComplete="given-name"
          {...describedBy('reg-first', errors.firstName?.message)}
          {...register('firstName')}
        />
      </Field>
      <Field id="reg-last" label={labels.lastName} error={errors.lastName?.message}>
        <input
          autoComplete="family-name"
          {...describedBy('reg-last', errors.lastName?.message)}
          {...register('lastName')}
        />
      </Field>
      <Field id="reg-email" label={labels.email} error={errors.email?.message}>
        <input
          type="email"
          autoComplete="email"
          {...describedBy('reg-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field
        id="reg-password"
        label={labels.password}
        error={errors.password?.message}
        hint={policy}
      >
        <input
          type="password"
          autoComplete="new-password"
          {...describedBy('reg-password', errors.password?.message, true)}
          {...register('password')}
        />
      </Field>
      <Field id="reg-country" label={labels.country} error={errors.country?.message}>
        <select {...describedBy('reg-country', errors.country?.message)} {...register('country')}>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="form__actions">
        <button type="submit" className="button-link" disabled={isSubmitting}>
          <Trans>Create account</Trans>
        </button>
      </div>
      <p>
        <Trans>Already have an account?</Trans>{' '}
        <Link to={`/${storefront.locale}/login?interaction=${encodeURIComponent(uid)}`}>
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </form>
  );
}
