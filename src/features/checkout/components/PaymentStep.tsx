/**
 * The payment step (SPEC 2.6, 3, 4.8, 5, 6): paying by purchase order, with the purchase
 * order number and who the invoice goes to. Where a purchase order is not possible (a
 * personal account, no first order on behalf of the organization, an order below the
 * threshold, a store that does not offer it) the step says why, and a personal account is
 * sent back to choose an organizational one. Card payment comes in a later release.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CheckoutCart } from '../../../../domain/checkout/cart-snapshot';
import { purchaseOrderProblem } from '../../../../domain/checkout/decide';
import { accountIn } from '../../../../domain/checkout/facts';
import { purchaseOrderSchema, type PurchaseOrderInput } from '../../../../domain/checkout/forms';
import { CHECKOUT_RULE_MESSAGES } from '../../../../domain/checkout/messages';
import type { PaymentChoice } from '../../../../domain/checkout/state';
import { nextStep } from '../../../../domain/checkout/steps';
import type { Message } from '../../../../domain/shared/message';
import type { Storefront } from '../../../../domain/storefront/storefronts';
import { COUNTRIES } from '../../../../domain/validation/address';
import { phoneCodeOf } from '../../../../domain/validation/contact';
import { V } from '../../../../domain/validation/messages';
import type { CheckoutStore } from '../../../infra/checkout/checkout-store';
import { domainResolver } from '../../../infra/forms';
import { describedBy, Field } from '../../../shell/FormField';
import { languageTag } from '../../../shell/storefront-label';
import { checkoutBase, stepPath } from '../checkout-paths';
import { useCheckout } from '../hooks/use-checkout';
import { useStepLabel } from './CheckoutLayout';
import { useLeaveGuard } from './ReturnDialog';

export function PaymentStep() {
  const { store, view } = useCheckout();
  const { i18n } = useLingui();
  const label = useStepLabel();
  const { pathname } = useLocation();
  const headingId = useId();
  const base = checkoutBase(pathname);
  // The layout shows its own notices until the checkout and its cart are open.
  if (!store || !view?.cart) return null;

  const account =
    view.state.account && view.facts ? accountIn(view.facts, view.state.account.id) : undefined;
  let body;
  if (!view.facts) {
    body =
      view.factsStatus === 'loading' ? (
        <p role="status">
          <Trans>Loading your accounts…</Trans>
        </p>
      ) : (
        <p>{i18n._(CHECKOUT_RULE_MESSAGES.factsUnavailable)}</p>
      );
  } else if (!account) {
    body = (
      <div className="checkout-notice checkout-notice--warning">
        <p>{i18n._(V.accountNotFound)}</p>
        <Link to={base}>
          <Trans>Choose a customer account</Trans>
        </Link>
      </div>
    );
  } else {
    const problem = purchaseOrderProblem(account, {
      cart: view.cart,
      facts: view.facts,
      locale: view.storefront.locale,
    });
    body = problem ? (
      <div className="checkout-notice checkout-notice--warning">
        <p>{i18n._(problem.detail)}</p>
        {account.type === 'PERSONAL' ? (
          // SPEC 6: a personal account leaves this part of checkout and switches.
          <Link to={base}>
            <Trans>Choose an organizational account</Trans>
          </Link>
        ) : (
          <p>
            <Trans>To place this order now, contact customer service.</Trans>{' '}
            <a href={`/content/${view.storefront.locale}/contact-us.html`}>
              <Trans>Contact us</Trans>
            </a>
          </p>
        )}
      </div>
    ) : (
      <PurchaseOrderForm
        store={store}
        cart={view.cart}
        payment={view.state.payment}
        storefront={view.storefront}
        base={base}
      />
    );
  }

  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{label('payment')}</h2>
      {body}
    </section>
  );
}

function formValues(payment: PaymentChoice | null, country: string): PurchaseOrderInput {
  if (!payment) {
    return {
      poNumber: '',
      invoiceContact: { firstName: '', lastName: '', email: '', phone: { country, number: '' } },
    };
  }
  const contact = payment.invoiceContact;
  const phone = parsePhoneNumberFromString(contact.phone.e164);
  return {
    poNumber: payment.poNumber,
    invoiceContact: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: {
        country: contact.phone.countryIso,
        number: phone?.formatNational() ?? contact.phone.e164,
      },
    },
  };
}

function PurchaseOrderForm({
  store,
  cart,
  payment,
  storefront,
  base,
}: {
  store: CheckoutStore;
  cart: CheckoutCart;
  payment: PaymentChoice | null;
  storefront: Storefront;
  base: string;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const [refusal, setRefusal] = useState<Message | null>(null);
  const labels = {
    poNumber: t`Purchase order number`,
    'invoiceContact.firstName': t`First name`,
    'invoiceContact.lastName': t`Last name`,
    'invoiceContact.email': t`Email address`,
    'invoiceContact.phone.country': t`Country code`,
    'invoiceContact.phone.number': t`Phone number`,
  };
  const countries = useMemo(() => {
    const tag = languageTag(storefront);
    const names = new Intl.DisplayNames([tag], { type: 'region' });
    return COUNTRIES.flatMap((c) => {
      const code = phoneCodeOf(c.code);
      return code ? [{ code: c.code, name: names.of(c.code) ?? c.name, phoneCode: code }] : [];
    }).sort((a, b) => a.name.localeCompare(b.name, tag));
  }, [storefront]);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting, submitCount },
  } = useForm<PurchaseOrderInput, unknown, PaymentChoice>({
    resolver: domainResolver(purchaseOrderSchema, i18n, labels),
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
    void navigate(stepPath(base, nextStep('payment', cart)));
  });

  const contact = errors.invoiceContact;
  const fieldErrors = {
    poNumber: errors.poNumber?.message,
    firstName: contact?.firstName?.message,
    lastName: contact?.lastName?.message,
    email: contact?.email?.message,
    country: contact?.phone?.country?.message,
    number: contact?.phone?.number?.message,
  };
  const invalid = Object.values(fieldErrors).some((message) => message !== undefined);
  const f = (name: string) => `${id}-${name}`;

  return (
    <>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h3>
          <Trans>Pay by purchase order</Trans>
        </h3>
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
        <Field id={f('po')} label={labels.poNumber} error={fieldErrors.poNumber}>
          <input
            autoComplete="off"
            {...describedBy(f('po'), fieldErrors.poNumber)}
            {...register('poNumber')}
          />
        </Field>
        <fieldset className="checkout-fieldset">
          <legend>
            <Trans>Invoice contact</Trans>
          </legend>
          <div className="checkout-form__row">
            <Field
              id={f('first')}
              label={labels['invoiceContact.firstName']}
              error={fieldErrors.firstName}
            >
              <input
                autoComplete="given-name"
                {...describedBy(f('first'), fieldErrors.firstName)}
                {...register('invoiceContact.firstName')}
              />
            </Field>
            <Field
              id={f('last')}
              label={labels['invoiceContact.lastName']}
              error={fieldErrors.lastName}
            >
              <input
                autoComplete="family-name"
                {...describedBy(f('last'), fieldErrors.lastName)}
                {...register('invoiceContact.lastName')}
              />
            </Field>
          </div>
          <Field id={f('email')} label={labels['invoiceContact.email']} error={fieldErrors.email}>
            <input
              type="email"
              autoComplete="email"
              {...describedBy(f('email'), fieldErrors.email)}
              {...register('invoiceContact.email')}
            />
          </Field>
          <div className="checkout-form__row">
            <Field
              id={f('country')}
              label={labels['invoiceContact.phone.country']}
              error={fieldErrors.country}
            >
              <select
                {...describedBy(f('country'), fieldErrors.country)}
                {...register('invoiceContact.phone.country')}
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
              label={labels['invoiceContact.phone.number']}
              error={fieldErrors.number}
            >
              <input
                type="tel"
                autoComplete="tel-national"
                {...describedBy(f('phone'), fieldErrors.number)}
                {...register('invoiceContact.phone.number')}
              />
            </Field>
          </div>
        </fieldset>
        <div className="checkout-actions">
          <button type="submit" className="button-link" disabled={isSubmitting}>
            <Trans>Continue to review</Trans>
          </button>
        </div>
      </form>
      {guard.dialog}
    </>
  );
}
