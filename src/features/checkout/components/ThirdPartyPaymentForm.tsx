/**
 * A third party who pays (the `tpp` flag; decision 061): the payer organisation, its contact
 * (SPEC 3 Contact, SPEC 5 contact rules and messages) and the reference or authorisation
 * number it gave the buyer. Checked with the same schema as the checkout's decider.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  thirdPartyPaymentSchema,
  type ThirdPartyPaymentInput,
} from '../../../../domain/checkout/forms';
import type { PaymentChoice } from '../../../../domain/checkout/state';
import type { Message } from '../../../../domain/shared/message';
import type { Storefront } from '../../../../domain/storefront/storefronts';
import type { CheckoutStore } from '../../../infra/checkout/checkout-store';
import { domainResolver } from '../../../infra/forms';
import { describedBy, Field } from '../../../shell/FormField';
import { usePhoneCountries } from '../hooks/use-phone-countries';
import { useLeaveGuard } from './ReturnDialog';

function formValues(payment: PaymentChoice | null, country: string): ThirdPartyPaymentInput {
  if (payment?.method !== 'third-party') {
    return {
      organization: '',
      contact: { firstName: '', lastName: '', email: '', phone: { country, number: '' } },
      reference: '',
    };
  }
  const { payer } = payment;
  const phone = parsePhoneNumberFromString(payer.contact.phone.e164);
  return {
    organization: payer.organization,
    contact: {
      firstName: payer.contact.firstName,
      lastName: payer.contact.lastName,
      email: payer.contact.email,
      phone: {
        country: payer.contact.phone.countryIso,
        number: phone?.formatNational() ?? payer.contact.phone.e164,
      },
    },
    reference: payer.reference,
  };
}

export function ThirdPartyPaymentForm({
  store,
  payment,
  storefront,
  submitLabel,
  onChosen,
}: {
  store: CheckoutStore;
  payment: PaymentChoice | null;
  storefront: Storefront;
  submitLabel: string;
  onChosen: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [refusal, setRefusal] = useState<Message | null>(null);
  const labels = {
    organization: t`Payer organisation`,
    'contact.firstName': t`Contact first name`,
    'contact.lastName': t`Contact last name`,
    'contact.email': t`Contact email address`,
    'contact.phone.country': t`Country code`,
    'contact.phone.number': t`Contact phone number`,
    reference: t`Reference or authorisation number`,
  };
  const countries = usePhoneCountries(storefront);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting, submitCount },
  } = useForm<ThirdPartyPaymentInput, unknown, PaymentChoice>({
    resolver: domainResolver(thirdPartyPaymentSchema, i18n, labels),
    defaultValues: formValues(payment, storefront.defaultCountry),
  });
  const guard = useLeaveGuard(isDirty);

  const onSubmit = handleSubmit((choice) => {
    setRefusal(null);
    const { error, saved } = store.choose({ type: 'ChoosePayment', data: choice });
    if (error) {
      setRefusal(error.detail);
      return;
    }
    saved.catch((failure: unknown) => {
      console.warn('The payment choice could not be kept on this device.', failure);
    });
    guard.release();
    onChosen();
  });

  const contact = errors.contact;
  const fieldErrors = {
    organization: errors.organization?.message,
    firstName: contact?.firstName?.message,
    lastName: contact?.lastName?.message,
    email: contact?.email?.message,
    country: contact?.phone?.country?.message,
    number: contact?.phone?.number?.message,
    reference: errors.reference?.message,
  };
  const invalid = Object.values(fieldErrors).some((message) => message !== undefined);
  const f = (name: string) => `${id}-${name}`;

  return (
    <>
      <form
        className="form payment-panel"
        noValidate
        aria-labelledby={f('title')}
        onSubmit={(event) => void onSubmit(event)}
      >
        <h3 id={f('title')}>
          <Trans>Paid by a third party</Trans>
        </h3>
        <p>
          <Trans>
            We send the invoice to the payer&apos;s contact, quoting their reference. It is due 30
            days after it is issued.
          </Trans>
        </p>
        {refusal ? (
          <p className="form-error" role="alert">
            {i18n._(refusal)}
          </p>
        ) : null}
        {invalid && submitCount > 0 ? (
          <p className="form-error" role="alert">
            <Trans>Please check the fields marked below.</Trans>
          </p>
        ) : null}
        <Field id={f('org')} label={labels.organization} error={fieldErrors.organization}>
          <input
            autoComplete="off"
            {...describedBy(f('org'), fieldErrors.organization)}
            {...register('organization')}
          />
        </Field>
        <fieldset className="checkout-fieldset">
          <legend>
            <Trans>Payer contact</Trans>
          </legend>
          <div className="checkout-form__row">
            <Field
              id={f('first')}
              label={labels['contact.firstName']}
              error={fieldErrors.firstName}
            >
              <input
                autoComplete="off"
                {...describedBy(f('first'), fieldErrors.firstName)}
                {...register('contact.firstName')}
              />
            </Field>
            <Field id={f('last')} label={labels['contact.lastName']} error={fieldErrors.lastName}>
              <input
                autoComplete="off"
                {...describedBy(f('last'), fieldErrors.lastName)}
                {...register('contact.lastName')}
              />
            </Field>
          </div>
          <Field id={f('email')} label={labels['contact.email']} error={fieldErrors.email}>
            <input
              type="email"
              autoComplete="off"
              {...describedBy(f('email'), fieldErrors.email)}
              {...register('contact.email')}
            />
          </Field>
          <div className="checkout-form__row">
            <Field
              id={f('country')}
              label={labels['contact.phone.country']}
              error={fieldErrors.country}
            >
              <select
                {...describedBy(f('country'), fieldErrors.country)}
                {...register('contact.phone.country')}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} (+{c.phoneCode})
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id={f('phone')}
              label={labels['contact.phone.number']}
              error={fieldErrors.number}
            >
              <input
                type="tel"
                autoComplete="off"
                {...describedBy(f('phone'), fieldErrors.number)}
                {...register('contact.phone.number')}
              />
            </Field>
          </div>
        </fieldset>
        <Field id={f('ref')} label={labels.reference} error={fieldErrors.reference}>
          <input
            autoComplete="off"
            {...describedBy(f('ref'), fieldErrors.reference)}
            {...register('reference')}
          />
        </Field>
        <div className="checkout-actions">
          <button type="submit" className="button-link" disabled={isSubmitting}>
            {submitLabel}
          </button>
        </div>
      </form>
      {guard.dialog}
    </>
  );
}
