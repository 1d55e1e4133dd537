/**
 * The address form of the shipping and billing steps (SPEC 2.6, 5): who receives there, the
 * address (country and its regions from the maintained data set, line 3 only with the
 * line3 address flag, the country's postal code example as hint) and an optional phone.
 * Every rule and message is `checkoutAddressSchema`'s, the same the decider applies, through
 * `domainResolver`; an error summary heads the form after a failed submit.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useForm, useWatch, type Path, type Resolver, type ResolverResult } from 'react-hook-form';
import {
  addressFormValues,
  checkoutAddressSchema,
  type CheckoutAddressInput,
} from '../../../../domain/checkout/forms';
import type { CheckoutAddress } from '../../../../domain/checkout/state';
import { COUNTRIES, findCountry, postalCodeExample } from '../../../../domain/validation/address';
import { phoneCodeOf } from '../../../../domain/validation/contact';
import { V } from '../../../../domain/validation/messages';
import { domainResolver } from '../../../infra/forms';
import { describedBy, Field } from '../../../shell/FormField';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import '../address.css';

/** The form's fields as typed: every text a string, so the form knows when it changed. */
export interface AddressFormValues {
  firstName: string;
  lastName: string;
  organization: string;
  address: {
    country: string;
    region: string;
    town: string;
    line1: string;
    line2: string;
    line3: string;
    postalCode: string;
  };
  phone: { country: string; number: string };
  saveToAddressBook: boolean;
}

/** What a valid form gives: the address as the checkout stores it. */
export interface AddressFormResult {
  readonly address: CheckoutAddress;
  readonly saveToAddressBook: boolean;
}

type FieldName = Path<AddressFormValues>;

/** The fields in the order the form shows them (and the error summary lists them). */
const FIELD_ORDER = [
  ['firstName', 'first-name'],
  ['lastName', 'last-name'],
  ['organization', 'organization'],
  ['address.country', 'country'],
  ['address.line1', 'line1'],
  ['address.line2', 'line2'],
  ['address.line3', 'line3'],
  ['address.town', 'town'],
  ['address.region', 'region'],
  ['address.postalCode', 'postal-code'],
  ['phone.country', 'phone-country'],
  ['phone.number', 'phone-number'],
] as const satisfies readonly (readonly [FieldName, string])[];

type ShownField = (typeof FIELD_ORDER)[number][0];

export function addressFieldId(idPrefix: string, field: ShownField): string {
  const suffix = FIELD_ORDER.find(([name]) => name === field)?.[1] ?? field;
  return `${idPrefix}-${suffix}`;
}

function initialValues(
  initial: CheckoutAddress | null | undefined,
  defaultCountry: string,
  saveToAddressBook: boolean,
): AddressFormValues {
  const empty: AddressFormValues = {
    firstName: '',
    lastName: '',
    organization: '',
    address: {
      country: defaultCountry,
      region: '',
      town: '',
      line1: '',
      line2: '',
      line3: '',
      postalCode: '',
    },
    phone: { country: defaultCountry, number: '' },
    saveToAddressBook,
  };
  if (!initial) return empty;
  const values = addressFormValues(initial);
  // The phone is kept in E.164: shown in its own country's national form.
  const phone = initial.phone ? parsePhoneNumberFromString(initial.phone) : undefined;
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    organization: values.organization,
    address: { ...values.address, line3: values.address.line3 ?? '' },
    phone: phone?.country
      ? { country: phone.country, number: phone.formatNational() }
      : { country: initial.country, number: initial.phone ?? '' },
    saveToAddressBook,
  };
}

/**
 * The form's values as the schema takes them: no line 3 when off, no phone when none was
 * typed, unless the address is saved to the address book, which keeps one with each address.
 */
function schemaInput(values: AddressFormValues, line3Enabled: boolean): CheckoutAddressInput {
  const { line3, ...address } = values.address;
  const phone = values.phone.number.trim() !== '' || values.saveToAddressBook;
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    organization: values.organization,
    address: line3Enabled ? { ...address, line3 } : address,
    ...(phone ? { phone: values.phone } : {}),
  };
}

/**
 * `domainResolver` over the checkout address schema, with the form's values as the schema
 * takes them. react-hook-form keeps errors as nested objects; errors keyed by dotted path
 * ('address.line1') are nested here (otherwise a corrected field's error would never clear),
 * and errors already nested pass unchanged.
 *
 * The decider checks a stored phone against the address's country (it keeps no phone country
 * of its own), so a phone of another country would be refused there with no field to point
 * at: the form says so at the phone's country instead (`phoneCountryMismatch`).
 */
export function addressResolver(
  line3Enabled: boolean,
  i18n: I18n,
  labels: Readonly<Record<string, string>>,
): Resolver<AddressFormValues, unknown, AddressFormResult> {
  const resolve = domainResolver(checkoutAddressSchema({ line3Enabled }), i18n, labels);
  return async (
    values,
    context,
    options,
  ): Promise<ResolverResult<AddressFormValues, AddressFormResult>> => {
    const result = await resolve(schemaInput(values, line3Enabled), context, {
      criteriaMode: options.criteriaMode,
      fields: options.fields,
      shouldUseNativeValidation: options.shouldUseNativeValidation,
    });
    if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors };
    // No errors: the resolver's values are the schema's output.
    const address = result.values as CheckoutAddress;
    return { values: { address, saveToAddressBook: values.saveToAddressBook }, errors: {} };
  };
}

export interface AddressFormProps {
  /** Prefix of the fields' ids (unique on the page). */
  readonly idPrefix: string;
  readonly legend: string;
  /** The address to start from (the one chosen before, or a saved one to correct). */
  readonly initial?: CheckoutAddress | null;
  readonly initialSave?: boolean;
  readonly line3Enabled: boolean;
  /** Show 'Save this address to my address book'. */
  readonly offerSave?: boolean;
  /** Kept on the page (with what was typed) while another address is picked. */
  readonly hidden?: boolean;
  /** Check the initial values at once (a saved address the rules refused). */
  readonly checkAtOnce?: boolean;
  readonly onSubmit: (result: AddressFormResult) => void | Promise<void>;
  /** Whether the buyer changed anything since the form opened (for the return modal). */
  readonly onDirtyChange?: (dirty: boolean) => void;
  /** The step's actions, inside the form: its submit button submits the address. */
  readonly actions: (state: { readonly submitting: boolean }) => ReactNode;
  /** A message above the actions (a refusal of the choice). */
  readonly message?: ReactNode;
  /** Said while the submitted address is being handled (looked up). */
  readonly pending?: ReactNode;
}

export function AddressForm({
  idPrefix,
  legend,
  initial,
  initialSave = false,
  line3Enabled,
  offerSave = false,
  hidden = false,
  checkAtOnce = false,
  onSubmit,
  onDirtyChange,
  actions,
  message,
  pending,
}: AddressFormProps) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const tag = languageTag(storefront);
  const id = (field: ShownField) => addressFieldId(idPrefix, field);

  const labels: Readonly<Record<ShownField, string>> = useMemo(
    () => ({
      firstName: t`First name`,
      lastName: t`Last name`,
      organization: t`Organization (optional)`,
      'address.country': t`Country`,
      'address.line1': t`Street address`,
      'address.line2': t`Apartment, suite or unit (optional)`,
      'address.line3': t`Address line 3 (optional)`,
      'address.town': t`City`,
      'address.region': t`State, province or region`,
      'address.postalCode': t`Postal code`,
      'phone.country': t`Phone country`,
      'phone.number': t`Phone number (optional)`,
    }),
    [t],
  );
  const resolver = useMemo(
    () => addressResolver(line3Enabled, i18n, labels),
    [line3Enabled, i18n, labels],
  );
  const { register, handleSubmit, control, setValue, getFieldState, setFocus, trigger, formState } =
    useForm<AddressFormValues, unknown, AddressFormResult>({
      resolver,
      defaultValues: initialValues(initial, storefront.defaultCountry, initialSave),
    });
  const { isDirty, isSubmitting, submitCount } = formState;

  // The return modal asks before leaving a form with changes (the hidden form's are not
  // what Continue would save).
  const dirty = isDirty && !hidden;
  const reportDirty = useRef(onDirtyChange);
  useEffect(() => {
    reportDirty.current = onDirtyChange;
  });
  useEffect(() => {
    reportDirty.current?.(dirty);
  }, [dirty]);
  useEffect(() => {
    const report = reportDirty;
    return () => {
      report.current?.(false);
    };
  }, []);

  useEffect(() => {
    if (checkAtOnce) void trigger();
  }, [checkAtOnce, trigger]);

  const countryCode = useWatch({ control, name: 'address.country' });
  const country = findCountry(countryCode);
  const example = postalCodeExample(countryCode);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([tag], { type: 'region' });
    const nameOf = (code: string, fallback: string) => {
      try {
        return names.of(code) ?? fallback;
      } catch {
        return fallback;
      }
    };
    return COUNTRIES.map((c) => ({ code: c.code, name: nameOf(c.code, c.name) })).sort((a, b) =>
      a.name.localeCompare(b.name, tag),
    );
  }, [tag]);
  const phoneCountries = useMemo(
    () =>
      countries.flatMap((c) => {
        const code = phoneCodeOf(c.code);
        return code ? [{ code: c.code, label: `${c.name} (+${code})` }] : [];
      }),
    [countries],
  );

  const errorOf = (field: ShownField) => getFieldState(field, formState).error?.message;
  const shownFields = FIELD_ORDER.map(([name]) => name).filter(
    (name) =>
      (name !== 'address.line3' || line3Enabled) &&
      (name !== 'address.region' || (country?.regions.length ?? 0) > 0),
  );
  const summary = submitCount > 0 ? shownFields.filter((name) => errorOf(name) !== undefined) : [];
  const postalHint =
    example === ''
      ? t`Leave this empty: there are no postal codes in this country.`
      : t`For example: ${example}`;

  const input = (field: ShownField, options: { hint?: boolean } = {}) =>
    describedBy(id(field), errorOf(field), options.hint);

  return (
    <form
      className="form address-form"
      noValidate
      hidden={hidden}
      aria-labelledby={`${idPrefix}-legend`}
      onSubmit={(event) => {
        if (isSubmitting) {
          event.preventDefault();
          return;
        }
        void handleSubmit(onSubmit)(event);
      }}
    >
      {summary.length > 0 ? (
        <div className="form-error address-form__summary" role="alert">
          <p>{i18n._(V.addressErrors)}</p>
          <ul>
            {summary.map((name) => (
              <li key={name}>
                <a
                  href={`#${id(name)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setFocus(name);
                  }}
                >
                  {labels[name]}: {errorOf(name)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="address-form__fields">
        <legend id={`${idPrefix}-legend`}>{legend}</legend>
        <div className="checkout-form__row">
          <Field id={id('firstName')} label={labels.firstName} error={errorOf('firstName')}>
            <input autoComplete="given-name" {...input('firstName')} {...register('firstName')} />
          </Field>
          <Field id={id('lastName')} label={labels.lastName} error={errorOf('lastName')}>
            <input autoComplete="family-name" {...input('lastName')} {...register('lastName')} />
          </Field>
        </div>
        <Field id={id('organization')} label={labels.organization} error={errorOf('organization')}>
          <input
            autoComplete="organization"
            {...input('organization')}
            {...register('organization')}
          />
        </Field>
        <Field
          id={id('address.country')}
          label={labels['address.country']}
          error={errorOf('address.country')}
        >
          <select
            autoComplete="country"
            {...input('address.country')}
            {...register('address.country', {
              onChange: (event: { target: { value: string } }) => {
                // Regions belong to a country; the phone follows it until chosen apart.
                setValue('address.region', '');
                if (!getFieldState('phone.country').isDirty) {
                  setValue('phone.country', event.target.value);
                }
              },
            })}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={id('address.line1')}
          label={labels['address.line1']}
          error={errorOf('address.line1')}
        >
          <input
            autoComplete="address-line1"
            {...input('address.line1')}
            {...register('address.line1')}
          />
        </Field>
        <Field
          id={id('address.line2')}
          label={labels['address.line2']}
          error={errorOf('address.line2')}
        >
          <input
            autoComplete="address-line2"
            {...input('address.line2')}
            {...register('address.line2')}
          />
        </Field>
        {line3Enabled ? (
          <Field
            id={id('address.line3')}
            label={labels['address.line3']}
            error={errorOf('address.line3')}
          >
            <input
              autoComplete="address-line3"
              {...input('address.line3')}
              {...register('address.line3')}
            />
          </Field>
        ) : null}
        <div className="checkout-form__row">
          <Field
            id={id('address.town')}
            label={labels['address.town']}
            error={errorOf('address.town')}
          >
            <input
              autoComplete="address-level2"
              {...input('address.town')}
              {...register('address.town')}
            />
          </Field>
          {country && country.regions.length > 0 ? (
            <Field
              id={id('address.region')}
              label={labels['address.region']}
              error={errorOf('address.region')}
            >
              <select
                autoComplete="address-level1"
                {...input('address.region')}
                {...register('address.region')}
              >
                <option value="">{t`Choose…`}</option>
                {country.regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
        </div>
        <Field
          id={id('address.postalCode')}
          label={labels['address.postalCode']}
          error={errorOf('address.postalCode')}
          hint={postalHint}
        >
          <input
            autoComplete="postal-code"
            className="address-form__postal-code"
            {...input('address.postalCode', { hint: true })}
            {...register('address.postalCode')}
          />
        </Field>
        <fieldset className="address-form__phone">
          <legend>
            <Trans>Phone (optional)</Trans>
          </legend>
          <div className="checkout-form__row">
            <Field
              id={id('phone.country')}
              label={labels['phone.country']}
              error={errorOf('phone.country')}
            >
              <select {...input('phone.country')} {...register('phone.country')}>
                {phoneCountries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id={id('phone.number')}
              label={labels['phone.number']}
              error={errorOf('phone.number')}
            >
              <input
                type="tel"
                autoComplete="tel"
                {...input('phone.number')}
                {...register('phone.number')}
              />
            </Field>
          </div>
        </fieldset>
        {offerSave ? (
          <label className="address-form__checkbox">
            <input type="checkbox" {...register('saveToAddressBook')} />
            <span>
              <Trans>Save this address to my address book</Trans>{' '}
              <span className="address-form__note">
                <Trans>(the address book keeps a phone number with each address)</Trans>
              </span>
            </span>
          </label>
        ) : null}
      </fieldset>
      <p role="status" className="address-form__status">
        {isSubmitting ? pending : null}
      </p>
      {message}
      {actions({ submitting: isSubmitting })}
    </form>
  );
}
