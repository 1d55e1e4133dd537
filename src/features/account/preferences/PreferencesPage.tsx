/**
 * Preferences (SPEC 2.7 `/preferences`; decision 055): the storefront (and so the language)
 * the user wants, and whether they want order and marketing emails. The storefront chosen
 * applies to the pages at once (saving moves to its pages) and to every mail the store sends
 * the user from then on. Offline, what was seen last is shown and changes wait.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { preferencesSchema, type Preferences } from '../../../../domain/profile/profile';
import { allStorefronts } from '../../../../domain/storefront/storefronts';
import { online$ } from '../../../infra/connectivity';
import { domainResolver } from '../../../infra/forms';
import { rememberLocale } from '../../../infra/preferred-locale';
import { savePreferences } from '../../../infra/profile/profile-store';
import { useObservableValue } from '../../../infra/use-observable';
import { accountPath } from '../../../shell/account-links';
import { describedBy, Field } from '../../../shell/FormField';
import { storefrontLabel } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { AccountFrame, ChangesNeedConnection } from '../components/AccountFrame';
import type { ProfileRouteData } from '../profile/profile-loader';
import { refusalsOf } from '../profile/refusals';
import { SignInToSee } from '../profile/SignInToSee';
import '../profile/profile.css';

export function PreferencesPage() {
  const { t, i18n } = useLingui();
  const data = useLoaderData<ProfileRouteData>();
  const storefront = useStorefront();
  const preferences = data.kept?.profile.preferences ?? null;
  return (
    <AccountFrame current="preferences" title={t`Preferences`} heading={<Trans>Preferences</Trans>}>
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
          {preferences ? (
            <PreferencesForm key={storefront.locale} preferences={preferences} />
          ) : null}
        </>
      )}
    </AccountFrame>
  );
}

function PreferencesForm({ preferences }: { readonly preferences: Preferences }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const online = useObservableValue(online$);
  const storefront = useStorefront();
  const location = useLocation();
  const arrived = (location.state as { saved?: boolean } | null)?.saved === true;
  const [status, setStatus] = useState<string | null>(
    arrived ? t`Your preferences were saved.` : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const labels = {
    locale: t`Storefront and language`,
    orderEmails: t`Order emails`,
    marketingEmails: t`Marketing emails`,
  };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Preferences>({
    resolver: domainResolver(preferencesSchema, i18n, labels),
    defaultValues: preferences,
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await savePreferences(values);
      const locale = saved.profile.preferences.locale;
      rememberLocale(locale);
      if (locale !== storefront.locale) {
        // The pages follow the storefront chosen: its own address, in its language.
        await navigate(accountPath(locale, 'preferences'), { state: { saved: true } });
        return;
      }
      setStatus(t`Your preferences were saved.`);
    } catch (error) {
      setFailure(refusalsOf(error, i18n, labels).general);
    }
  });

  return (
    <form
      className="form profile__form profile__section"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="preferences"
    >
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <Field id="preferences-locale" label={labels.locale} error={errors.locale?.message}>
        <select
          {...describedBy('preferences-locale', errors.locale?.message)}
          {...register('locale')}
        >
          {allStorefronts().map((s) => (
            <option key={s.locale} value={s.locale}>
              {storefrontLabel(s)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="profile__choices">
        <legend>
          <Trans>Emails from the store</Trans>
        </legend>
        <label className="profile__choice">
          <input type="checkbox" {...register('orderEmails')} />
          <span>
            <Trans>Order emails: confirmations and updates about my orders</Trans>
          </span>
        </label>
        <label className="profile__choice">
          <input type="checkbox" {...register('marketingEmails')} />
          <span>
            <Trans>Marketing emails: new products, offers and events</Trans>
          </span>
        </label>
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button-link" disabled={isSubmitting || !online}>
          <Trans>Save preferences</Trans>
        </button>
      </div>
      <p role="status" className="profile__status">
        {status}
      </p>
    </form>
  );
}
