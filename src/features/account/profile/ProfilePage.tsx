/**
 * Profile & Password (SPEC 2.7 `profile-details`; decision 055): the user's first and last
 * name and phone with its country (the names show in the header at once, in every tab), their
 * email address, and a change of password through the identity provider with its policy
 * messages (SPEC 5); the change ends every other session of the user. Offline, what was seen
 * last is shown and changes wait for the connection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import {
  callingCodeOf,
  emailChangeSchema,
  nationalNumberOf,
  passwordChangeSchema,
  profileDetailsSchema,
  type EmailChange,
  type EmailChangeInput,
  type PasswordChange,
  type ProfileDetails,
  type ProfileDetailsInput,
  type ProfileView,
} from '../../../../domain/profile/profile';
import { COUNTRIES } from '../../../../domain/validation/address';
import { PASSWORD_POLICY } from '../../../../domain/validation/identity';
import { online$ } from '../../../infra/connectivity';
import { domainResolver } from '../../../infra/forms';
import {
  changePassword,
  requestEmailChange,
  saveProfileDetails,
} from '../../../infra/profile/profile-store';
import { useObservableValue } from '../../../infra/use-observable';
import { describedBy, Field } from '../../../shell/FormField';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { AccountFrame, ChangesNeedConnection } from '../components/AccountFrame';
import type { ProfileRouteData } from './profile-loader';
import { refusalsOf } from './refusals';
import { SignInToSee } from './SignInToSee';
import './profile.css';

export function ProfilePage() {
  const { t, i18n } = useLingui();
  const data = useLoaderData<ProfileRouteData>();
  const [profile, setProfile] = useState<ProfileView | null>(data.kept?.profile ?? null);
  return (
    <AccountFrame
      current="profile-details"
      title={t`Profile & Password`}
      heading={<Trans>Profile & Password</Trans>}
    >
      {!data.signedIn ? (
        <SignInToSee />
      ) : (
        <>
          <ChangesNeedConnection savedAt={data.kept?.fresh ? null : data.kept?.savedAt} />
          {data.problem ? (
            <p role="alert" className="form-error">
              {i18n._(data.problem)}
            </p>
          ) : null}
          {profile ? (
            <div className="profile">
              <DetailsSection profile={profile} onSaved={setProfile} />
              <EmailSection profile={profile} onAsked={setProfile} />
              <PasswordSection />
            </div>
          ) : null}
        </>
      )}
    </AccountFrame>
  );
}

function useCountries() {
  const storefront = useStorefront();
  return useMemo(() => {
    const tag = languageTag(storefront);
    const names = new Intl.DisplayNames([tag], { type: 'region' });
    return COUNTRIES.map((c) => ({ code: c.code, name: names.of(c.code) ?? c.name })).sort((a, b) =>
      a.name.localeCompare(b.name, tag),
    );
  }, [storefront]);
}

function DetailsSection({
  profile,
  onSaved,
}: {
  readonly profile: ProfileView;
  readonly onSaved: (profile: ProfileView) => void;
}) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const online = useObservableValue(online$);
  const countries = useCountries();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const labels = {
    firstName: t`First name`,
    lastName: t`Last name`,
    'phone.country': t`Phone country`,
    'phone.number': t`Phone number`,
  };
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileDetailsInput, unknown, ProfileDetails>({
    resolver: domainResolver(profileDetailsSchema, i18n, labels),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: {
        country: profile.phone?.countryIso ?? storefront.defaultCountry,
        number: nationalNumberOf(profile.phone),
      },
    },
  });
  const phoneCountry = useWatch({ control, name: 'phone.country' });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await saveProfileDetails(values);
      onSaved(saved.profile);
      setStatus(t`Your name and phone were saved.`);
    } catch (error) {
      const refused = refusalsOf(error, i18n, labels);
      for (const [i, field] of refused.fields.entries()) {
        setError(field.path as 'firstName', { message: field.message }, { shouldFocus: i === 0 });
      }
      setFailure(refused.general);
    }
  });

  const error = {
    firstName: errors.firstName?.message,
    lastName: errors.lastName?.message,
    country: errors.phone?.country?.message,
    number: errors.phone?.number?.message,
  };
  return (
    <section className="profile__section" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">
        <Trans>Name and phone</Trans>
      </h2>
      <form
        className="form profile__form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-testid="profile-details"
      >
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        <div className="profile__pair">
          <Field id="profile-first" label={labels.firstName} error={error.firstName}>
            <input
              autoComplete="given-name"
              maxLength={80}
              {...describedBy('profile-first', error.firstName)}
              {...register('firstName')}
            />
          </Field>
          <Field id="profile-last" label={labels.lastName} error={error.lastName}>
            <input
              autoComplete="family-name"
              maxLength={80}
              {...describedBy('profile-last', error.lastName)}
              {...register('lastName')}
            />
          </Field>
        </div>
        <div className="profile__pair">
          <Field id="profile-phone-country" label={labels['phone.country']} error={error.country}>
            <select
              autoComplete="tel-country-code"
              {...describedBy('profile-phone-country', error.country)}
              {...register('phone.country')}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({callingCodeOf(c.code)})
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="profile-phone"
            label={labels['phone.number']}
            error={error.number}
            hint={t`Optional. A number in ${phoneCountry}, with or without ${callingCodeOf(phoneCountry)}.`}
          >
            <input
              type="tel"
              autoComplete="tel-national"
              {...describedBy('profile-phone', error.number, true)}
              {...register('phone.number')}
            />
          </Field>
        </div>
        <div className="form__actions">
          <button type="submit" className="button-link" disabled={isSubmitting || !online}>
            <Trans>Save name and phone</Trans>
          </button>
        </div>
        <p role="status" className="profile__status">
          {status}
        </p>
      </form>
    </section>
  );
}

/**
 * The email address, and a change of it (decision 060): the new address and the current
 * password; the store mails a link to the new address, which changes it when opened.
 */
function EmailSection({
  profile,
  onAsked,
}: {
  readonly profile: ProfileView;
  readonly onAsked: (profile: ProfileView) => void;
}) {
  const { t, i18n } = useLingui();
  const online = useObservableValue(online$);
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const labels = { email: t`New email address`, currentPassword: t`Current password` };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeInput, unknown, EmailChange>({
    resolver: domainResolver(emailChangeSchema, i18n, labels),
    defaultValues: { email: '', currentPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setAsked(false);
    try {
      const kept = await requestEmailChange(values, profile);
      onAsked(kept.profile);
      reset();
      setAsked(true);
    } catch (error) {
      const refused = refusalsOf(error, i18n, labels);
      for (const [i, field] of refused.fields.entries()) {
        setError(
          field.path as keyof EmailChange,
          { message: field.message },
          { shouldFocus: i === 0 },
        );
      }
      setFailure(refused.general);
    }
  });

  // The store names only a link still good.
  const waiting = profile.pendingEmail;
  const until = waiting
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(waiting.expiresAt),
      )
    : '';
  const pendingAddress = waiting?.email ?? '';
  const currentAddress = profile.email;
  return (
    <section className="profile__section" aria-labelledby="profile-email-title">
      <h2 id="profile-email-title">
        <Trans>Email address</Trans>
      </h2>
      <p data-testid="profile-email">{profile.email}</p>
      <form
        className="form profile__form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-testid="profile-email-change"
      >
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        <Field
          id="profile-new-email"
          label={labels.email}
          error={errors.email?.message}
          hint={t`We send a link to the new address. Your email address changes when you open it, signed in.`}
        >
          <input
            type="email"
            autoComplete="email"
            maxLength={80}
            {...describedBy('profile-new-email', errors.email?.message, true)}
            {...register('email')}
          />
        </Field>
        <Field
          id="profile-email-password"
          label={labels.currentPassword}
          error={errors.currentPassword?.message}
        >
          <input
            type="password"
            autoComplete="current-password"
            {...describedBy('profile-email-password', errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
        </Field>
        <div className="form__actions">
          <button type="submit" className="button-link" disabled={isSubmitting || !online}>
            <Trans>Change email address</Trans>
          </button>
        </div>
        <p role="status" className="profile__status" data-testid="profile-email-pending">
          {waiting ? (
            asked ? (
              <Trans>
                We sent a link to {pendingAddress}. Open it by {until} to use that address; until
                then you sign in with {currentAddress}.
              </Trans>
            ) : (
              <Trans>
                A link to confirm {pendingAddress} was sent; it works until {until}.
              </Trans>
            )
          ) : null}
        </p>
      </form>
    </section>
  );
}

function PasswordSection() {
  const { t, i18n } = useLingui();
  const online = useObservableValue(online$);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const labels = { currentPassword: t`Current password`, newPassword: t`New password` };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({
    resolver: domainResolver(passwordChangeSchema, i18n, labels),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    setFailure(null);
    try {
      await changePassword(values);
      reset();
      setStatus(
        t`Your password was changed. You were signed out everywhere else; you stay signed in here.`,
      );
    } catch (error) {
      const refused = refusalsOf(error, i18n, labels);
      for (const [i, field] of refused.fields.entries()) {
        setError(
          field.path as keyof PasswordChange,
          { message: field.message },
          { shouldFocus: i === 0 },
        );
      }
      setFailure(refused.general);
    }
  });

  const { minLength, capitalsOrDigits } = PASSWORD_POLICY;
  const policy = t`At least ${minLength} characters, with at least ${capitalsOrDigits} capital letters or numbers.`;
  return (
    <section className="profile__section" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">
        <Trans>Change password</Trans>
      </h2>
      <form
        className="form profile__form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-testid="profile-password"
      >
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        <Field
          id="profile-current-password"
          label={labels.currentPassword}
          error={errors.currentPassword?.message}
        >
          <input
            type="password"
            autoComplete="current-password"
            {...describedBy('profile-current-password', errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
        </Field>
        <Field
          id="profile-new-password"
          label={labels.newPassword}
          error={errors.newPassword?.message}
          hint={policy}
        >
          <input
            type="password"
            autoComplete="new-password"
            {...describedBy('profile-new-password', errors.newPassword?.message, true)}
            {...register('newPassword')}
          />
        </Field>
        <div className="form__actions">
          <button type="submit" className="button-link" disabled={isSubmitting || !online}>
            <Trans>Change password</Trans>
          </button>
        </div>
        <p role="status" className="profile__status">
          {status}
        </p>
      </form>
    </section>
  );
}
