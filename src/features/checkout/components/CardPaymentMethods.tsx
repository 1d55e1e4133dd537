/**
 * The ways to pay (SPEC 2.6, 3, 4.8, 5, 6, 9), as radio choices: each saved card (an expired
 * one shown but not choosable), a new card in the payment gateway's fields, a purchase order
 * where one is possible (else why not), bank transfer with its flag, and a third party who
 * pays with the `tpp` flag (decision 061). The chosen way's
 * form follows the list. The payment step shows it, and so does the review step after a
 * refused card when `checkout-retry` is on, so the buyer pays another way without leaving.
 * Saved cards, purchase orders and bank transfer are chosen offline too; a new card needs
 * the network.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { CheckoutCart } from '../../../../domain/checkout/cart-snapshot';
import { purchaseOrderProblem } from '../../../../domain/checkout/decide';
import type { CheckoutAccount, CheckoutFacts, SavedCard } from '../../../../domain/checkout/facts';
import { purchaseOrderSchema, type PurchaseOrderInput } from '../../../../domain/checkout/forms';
import type { NewCardPayment, PaymentChoice } from '../../../../domain/checkout/state';
import type { DomainError } from '../../../../domain/shared/domain-error';
import type { Message } from '../../../../domain/shared/message';
import type { Locale, Storefront } from '../../../../domain/storefront/storefronts';
import { isExpired } from '../../../../domain/validation/payment';
import type {
  CheckoutStore,
  CheckoutView,
  DeclinedPayment,
} from '../../../infra/checkout/checkout-store';
import { online$ } from '../../../infra/connectivity';
import { localDay } from '../../../infra/local-day';
import { domainResolver } from '../../../infra/forms';
import { useObservableValue } from '../../../infra/use-observable';
import { describedBy, Field } from '../../../shell/FormField';
import { cardExpiry } from '../../../shell/order/OrderViews';
import { checkoutBase } from '../checkout-paths';
import { usePhoneCountries } from '../hooks/use-phone-countries';
import { NewCardForm } from './CardPaymentNewCard';
import { ThirdPartyPaymentForm } from './ThirdPartyPaymentForm';
import { CardName } from './CardPaymentSummary';
import { useLeaveGuard } from './ReturnDialog';
import '../address.css';
import '../review.css';
import '../payment.css';

export type PaymentOptionId =
  'new-card' | 'purchase-order' | 'bank-transfer' | 'third-party' | `saved:${string}`;

export interface SavedCardOption {
  readonly id: PaymentOptionId;
  readonly card: SavedCard;
  /** Why it cannot be chosen now: past its expiry month, or just refused by the gateway. */
  readonly unavailable: 'expired' | 'declined' | null;
}

export interface PaymentOptions {
  readonly savedCards: readonly SavedCardOption[];
  /** Why a purchase order is not possible for this account and order; null when it is. */
  readonly purchaseOrderProblem: DomainError | null;
  /** SPEC 9 flag 'bank transfer'. */
  readonly bankTransfer: boolean;
  /** SPEC 9 flag 'TPP': a third party pays (decision 061). */
  readonly thirdParty: boolean;
}

export { localDay };

/** The ways this buyer may pay for this order, by the rules the checkout decides by. */
export function paymentOptions(input: {
  readonly facts: CheckoutFacts;
  readonly account: CheckoutAccount;
  readonly cart: CheckoutCart;
  readonly locale: Locale;
  /** YYYY-MM-DD. */
  readonly today: string;
  readonly declined: DeclinedPayment | null;
}): PaymentOptions {
  const { facts, account, cart, locale, today, declined } = input;
  return {
    savedCards: facts.savedCards.map((card) => ({
      id: `saved:${card.id}`,
      card,
      unavailable: isExpired(card.expMonth, card.expYear, today)
        ? 'expired'
        : declined?.savedCardId === card.id
          ? 'declined'
          : null,
    })),
    purchaseOrderProblem: purchaseOrderProblem(account, { cart, facts, locale }),
    bankTransfer: facts.flags.bankTransfer,
    // A copy of the facts kept before the flag existed has no value for it: off.
    thirdParty: facts.flags.tpp === true,
  };
}

/** Whether the option can be chosen now (a new card only online). */
export function isChoosable(
  id: PaymentOptionId,
  options: PaymentOptions,
  online: boolean,
): boolean {
  switch (id) {
    case 'new-card':
      return online;
    case 'purchase-order':
      return options.purchaseOrderProblem === null;
    case 'bank-transfer':
      return options.bankTransfer;
    case 'third-party':
      return options.thirdParty;
    default:
      return options.savedCards.some((o) => o.id === id && o.unavailable === null);
  }
}

function optionOf(payment: PaymentChoice): PaymentOptionId {
  switch (payment.method) {
    case 'card':
      return payment.source === 'saved' ? `saved:${payment.paymentMethodId}` : 'new-card';
    case 'purchase-order':
      return 'purchase-order';
    case 'bank-transfer':
      return 'bank-transfer';
    case 'third-party':
      return 'third-party';
  }
}

/**
 * The option shown first: the payment chosen before (unless it was refused), else a
 * purchase order where possible (organizations pay so most), else the first saved card,
 * else a new card, else bank transfer.
 */
export function initialPaymentOption(
  payment: PaymentChoice | null,
  options: PaymentOptions,
  online: boolean,
  declined: DeclinedPayment | null,
): PaymentOptionId | null {
  const candidates: PaymentOptionId[] = [
    ...(payment && !declined ? [optionOf(payment)] : []),
    'purchase-order',
    ...options.savedCards.map((o) => o.id),
    'new-card',
    'bank-transfer',
    'third-party',
  ];
  return candidates.find((id) => isChoosable(id, options, online)) ?? null;
}

export function PaymentMethods({
  store,
  view,
  cart,
  facts,
  account,
  submitLabel,
  onChosen,
}: {
  store: CheckoutStore;
  view: CheckoutView;
  cart: CheckoutCart;
  facts: CheckoutFacts;
  account: CheckoutAccount;
  /** The words of each way's button ('Continue to review'). */
  submitLabel: string;
  /** After a payment was chosen. */
  onChosen: () => void;
}) {
  const { i18n } = useLingui();
  const online = useObservableValue(online$);
  const { pathname } = useLocation();
  const name = useId();
  const [picked, setPicked] = useState<PaymentOptionId | null>(null);
  const [refusal, setRefusal] = useState<Message | null>(null);
  const { state, storefront, declined } = view;
  const options = paymentOptions({
    facts,
    account,
    cart,
    locale: storefront.locale,
    today: localDay(),
    declined,
  });
  const selected = picked ?? initialPaymentOption(state.payment, options, online, declined);
  const base = checkoutBase(pathname);
  const problem = options.purchaseOrderProblem;

  const choose = (choice: PaymentChoice) => {
    setRefusal(null);
    const { error, saved } = store.choose({ type: 'ChoosePayment', data: choice });
    if (error) {
      setRefusal(error.detail);
      return;
    }
    saved.catch((failure: unknown) => {
      console.warn('The payment choice could not be kept on this device.', failure);
    });
    onChosen();
  };

  const option = (id: PaymentOptionId, disabled: boolean) => ({
    type: 'radio' as const,
    name,
    value: id,
    checked: selected === id,
    disabled,
    onChange: () => {
      setPicked(id);
      setRefusal(null);
    },
  });

  const savedCard = options.savedCards.find((o) => o.id === selected && o.unavailable === null);
  const currentNewCard: NewCardPayment | null =
    !declined && state.payment?.method === 'card' && state.payment.source === 'new'
      ? state.payment
      : null;

  let panel = null;
  if (savedCard) {
    panel = <SavedCardForm card={savedCard.card} submitLabel={submitLabel} onChoose={choose} />;
  } else if (selected === 'new-card') {
    panel = (
      <NewCardForm
        store={store}
        online={online}
        current={currentNewCard}
        submitLabel={submitLabel}
        onChosen={onChosen}
      />
    );
  } else if (selected === 'purchase-order' && !problem) {
    panel = (
      <PurchaseOrderForm
        store={store}
        payment={state.payment}
        storefront={storefront}
        submitLabel={submitLabel}
        onChosen={onChosen}
      />
    );
  } else if (selected === 'third-party' && options.thirdParty) {
    panel = (
      <ThirdPartyPaymentForm
        store={store}
        payment={state.payment}
        storefront={storefront}
        submitLabel={submitLabel}
        onChosen={onChosen}
      />
    );
  } else if (selected === 'bank-transfer' && options.bankTransfer) {
    panel = (
      <form
        className="form payment-panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          choose({ method: 'bank-transfer' });
        }}
      >
        <p>
          <Trans>
            We send the invoice with our bank details to the billing address. Your order is
            processed once the payment arrives.
          </Trans>
        </p>
        <div className="checkout-actions">
          <button type="submit" className="button-link">
            {submitLabel}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="payment-methods">
      <fieldset className="checkout-choices">
        <legend>
          <Trans>Choose a payment method</Trans>
        </legend>
        <ul className="checkout-options">
          {options.savedCards.map(({ id, card, unavailable }) => {
            const expiry = cardExpiry(card);
            return (
              <li key={id}>
                <label className={unavailable ? 'checkout-option is-disabled' : 'checkout-option'}>
                  <input {...option(id, unavailable !== null)} />
                  <span>
                    <CardName card={card} />
                  </span>
                  <span className="checkout-option__meta">
                    <Trans>Expires {expiry}</Trans> · {card.holderName}
                  </span>
                  {unavailable === 'expired' ? (
                    <span className="checkout-option__why">
                      <Trans>This card has expired.</Trans>
                    </span>
                  ) : unavailable === 'declined' ? (
                    <span className="checkout-option__why">
                      <Trans>This card was declined.</Trans>
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
          <li>
            <label className={online ? 'checkout-option' : 'checkout-option is-disabled'}>
              <input {...option('new-card', !online)} />
              <span>
                <Trans>New card</Trans>
              </span>
              {online ? (
                <span className="checkout-option__meta">
                  <Trans>Credit or debit card</Trans>
                </span>
              ) : (
                <span className="checkout-option__why">
                  <Trans>Needs an internet connection.</Trans>
                </span>
              )}
            </label>
          </li>
          {problem ? null : (
            <li>
              <label className="checkout-option">
                <input {...option('purchase-order', false)} />
                <span>
                  <Trans>Purchase order</Trans>
                </span>
              </label>
            </li>
          )}
          {options.bankTransfer ? (
            <li>
              <label className="checkout-option">
                <input {...option('bank-transfer', false)} />
                <span>
                  <Trans>Bank transfer</Trans>
                </span>
              </label>
            </li>
          ) : null}
          {options.thirdParty ? (
            <li>
              <label className="checkout-option">
                <input {...option('third-party', false)} />
                <span>
                  <Trans>A third party pays</Trans>
                </span>
                <span className="checkout-option__meta">
                  <Trans>A school district, an insurer or a funding body</Trans>
                </span>
              </label>
            </li>
          ) : null}
        </ul>
      </fieldset>
      {online ? null : (
        <p className="checkout-notice checkout-notice--warning" role="status">
          {problem ? (
            <Trans>
              You are offline. A new card needs an internet connection: you can pay with a saved
              card now.
            </Trans>
          ) : (
            <Trans>
              You are offline. A new card needs an internet connection: you can pay with a saved
              card or by purchase order now.
            </Trans>
          )}
        </p>
      )}
      {problem ? (
        <div className="checkout-notice checkout-notice--warning">
          <p>{i18n._(problem.detail)}</p>
          {account.type === 'PERSONAL' ? (
            // SPEC 6: a personal account leaves this part of checkout and switches.
            <Link to={base}>
              <Trans>Choose an organizational account</Trans>
            </Link>
          ) : (
            <p>
              <Trans>To pay by purchase order, contact customer service.</Trans>{' '}
              <a href={`/content/${storefront.locale}/contact-us.html`}>
                <Trans>Contact us</Trans>
              </a>
            </p>
          )}
        </div>
      ) : null}
      {refusal ? (
        <p className="form-error" role="alert">
          {i18n._(refusal)}
        </p>
      ) : null}
      {panel}
    </div>
  );
}

function SavedCardForm({
  card,
  submitLabel,
  onChoose,
}: {
  card: SavedCard;
  submitLabel: string;
  onChoose: (choice: PaymentChoice) => void;
}) {
  const holder = card.holderName;
  const expiry = cardExpiry(card);
  return (
    <form
      className="form payment-panel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const { id, holderName, ...summary } = card;
        onChoose({
          method: 'card',
          source: 'saved',
          paymentMethodId: id,
          card: summary,
          holderName,
        });
      }}
    >
      <p>
        <Trans>
          Pay with <CardName card={card} />, expires {expiry}, in the name of {holder}.
        </Trans>
      </p>
      <div className="checkout-actions">
        <button type="submit" className="button-link">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

function formValues(payment: PaymentChoice | null, country: string): PurchaseOrderInput {
  if (payment?.method !== 'purchase-order') {
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

/** A purchase order number and who the invoice goes to (SPEC 3 PO fields, 5). */
function PurchaseOrderForm({
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
    poNumber: t`Purchase order number`,
    'invoiceContact.firstName': t`First name`,
    'invoiceContact.lastName': t`Last name`,
    'invoiceContact.email': t`Email address`,
    'invoiceContact.phone.country': t`Country code`,
    'invoiceContact.phone.number': t`Phone number`,
  };
  const countries = usePhoneCountries(storefront);
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
    onChosen();
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
      <form className="form payment-panel" noValidate onSubmit={(event) => void onSubmit(event)}>
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
            {submitLabel}
          </button>
        </div>
      </form>
      {guard.dialog}
    </>
  );
}
