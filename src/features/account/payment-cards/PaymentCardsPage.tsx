/**
 * Payment Cards (SPEC 2.7; decision 056): the buyer's saved cards (brand, last four digits,
 * expiry, holder), the default marked; making one the default, removing one, and adding one in
 * the payment gateway's own fields with no order placed. The card number and security code
 * stay in the gateway's frame: the store receives its token and the holder's names. A card
 * the issuer declines is told in checkout's words. Offline, the cards seen before are shown
 * and the changes wait for the connection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLoaderData, useRevalidator } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import type { SavedPaymentMethod } from '../../../../domain/customer/address-book';
import { PAYMENT_CARD_MESSAGES } from '../../../../domain/customer/payment-cards';
import {
  cardHolderSchema,
  CARD_BRAND_NAMES,
  CARD_BRANDS,
  type CardBrand,
  type CardField,
} from '../../../../domain/payment/card';
import { PAYMENT_MESSAGES } from '../../../../domain/payment/messages';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import type { MessageDescriptor } from '../../../../domain/shared/message';
import { isExpired } from '../../../../domain/validation/payment';
import { ApiError } from '../../../infra/api';
import { domainResolver, translate } from '../../../infra/forms';
import { localDay } from '../../../infra/local-day';
import { CardFieldProblems, LoadedCardFields } from '../../../infra/payments/CardFieldsPanel';
import type { HostedCardFieldsHandle } from '../../../infra/payments/HostedCardFields';
import { HostedFieldsError, isTokenizedCard } from '../../../infra/payments/hosted-fields';
import { cardExpiry } from '../../../shell/order/OrderViews';
import { ConfirmButton } from '../components/ConfirmButton';
import {
  AccountFrame,
  ChangesNeedConnection,
  SignInToSee,
  useOnline,
  useReloadWhenOnline,
} from '../components/AccountFrame';
import {
  makeDefault,
  paymentFields,
  removeCard,
  saveCard,
  type PaymentCardsRouteData,
} from './payment-cards-loader';
import './payment-cards.css';

/** The store's answers a buyer is told in their words. */
const ANSWERS: readonly MessageDescriptor[] = [
  CHECKOUT_MESSAGES.paymentDetails,
  CHECKOUT_MESSAGES.savedCardDetails,
];

function brandName(brand: string): string {
  return CARD_BRANDS.includes(brand as CardBrand) && brand !== 'unknown'
    ? CARD_BRAND_NAMES[brand as Exclude<CardBrand, 'unknown'>]
    : '';
}

export function PaymentCardsPage() {
  const { t, i18n } = useLingui();
  const data = useLoaderData<PaymentCardsRouteData>();
  const online = useOnline();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // After a change the button pressed may be gone: the focus goes to what the page said.
  const said = useRef<HTMLParagraphElement>(null);
  useReloadWhenOnline(data);

  const change = async (key: string, action: () => Promise<void>, done: MessageDescriptor) => {
    if (busy) return;
    setBusy(key);
    setNotice(null);
    setProblem(null);
    try {
      await action();
      setNotice(i18n._(done));
    } catch (error) {
      setProblem(
        i18n._(
          error instanceof ApiError && error.status === 404
            ? PAYMENT_CARD_MESSAGES.notFound
            : GENERAL_ERRORS.generic,
        ),
      );
    } finally {
      await revalidator.revalidate();
      setBusy(null);
      said.current?.focus();
    }
  };

  const canChange = online && data.fresh;
  const today = localDay();
  return (
    <AccountFrame
      current="payment-cards"
      title={t`Payment Cards`}
      heading={<Trans>Payment Cards</Trans>}
    >
      {!data.signedIn ? (
        <SignInToSee>
          <Trans>Sign in to see your payment cards.</Trans>
        </SignInToSee>
      ) : (
        <>
          <ChangesNeedConnection savedAt={data.fresh ? null : data.savedAt} />
          {!online || data.fresh ? null : (
            <p className="account__offline" role="status">
              <Trans>These are the cards saved on this device; they may have changed since.</Trans>
            </p>
          )}
          {data.problem ? (
            <p className="form-error" role="alert">
              {i18n._(data.problem)}
            </p>
          ) : null}
          <p
            ref={said}
            tabIndex={-1}
            role="status"
            className="payment-cards__notice"
            data-testid="payment-cards-notice"
          >
            {notice ?? ''}
          </p>
          {problem ? (
            <p className="form-error" role="alert" data-testid="payment-cards-problem">
              {problem}
            </p>
          ) : null}
          {data.cards.length === 0 ? (
            <p data-testid="payment-cards-none">
              <Trans>You have no saved cards.</Trans>
            </p>
          ) : (
            <ul className="payment-cards__list" aria-label={t`Your saved cards`}>
              {data.cards.map((card) => (
                <CardItem
                  key={card.id}
                  card={card}
                  expired={isExpired(card.expMonth, card.expYear, today)}
                  disabled={!canChange || busy !== null}
                  onDefault={() =>
                    void change(
                      `default:${card.id}`,
                      () => makeDefault(card.id),
                      PAYMENT_CARD_MESSAGES.defaultSet,
                    )
                  }
                  onRemove={() =>
                    void change(
                      `remove:${card.id}`,
                      () => removeCard(card.id),
                      PAYMENT_CARD_MESSAGES.removed,
                    )
                  }
                />
              ))}
            </ul>
          )}
          {canChange ? (
            adding ? (
              <AddCardForm
                onSaved={() => {
                  setAdding(false);
                  setProblem(null);
                  setNotice(i18n._(PAYMENT_CARD_MESSAGES.saved));
                  void revalidator.revalidate();
                }}
                onCancel={() => {
                  setAdding(false);
                }}
              />
            ) : (
              <button
                type="button"
                className="button-secondary"
                onClick={() => {
                  setNotice(null);
                  setAdding(true);
                }}
              >
                <Trans>Add a card</Trans>
              </button>
            )
          ) : null}
        </>
      )}
    </AccountFrame>
  );
}

function CardItem({
  card,
  expired,
  disabled,
  onDefault,
  onRemove,
}: {
  card: SavedPaymentMethod;
  expired: boolean;
  disabled: boolean;
  onDefault: () => void;
  onRemove: () => void;
}) {
  const brand = brandName(card.brand);
  const last4 = card.last4;
  const expiry = cardExpiry(card);
  const holder = card.holderName;
  return (
    <li className="payment-cards__card" data-testid="payment-card">
      <div className="payment-cards__what">
        <p className="payment-cards__name">
          <Trans>
            {brand} ending in {last4}
          </Trans>
          {card.isDefault ? (
            <span className="payment-cards__default" data-testid="payment-card-default">
              <Trans>Default card</Trans>
            </span>
          ) : null}
        </p>
        <p>{expired ? <Trans>Expired {expiry}</Trans> : <Trans>Expires {expiry}</Trans>}</p>
        <p>
          <Trans>Name on card: {holder}</Trans>
        </p>
      </div>
      <div className="payment-cards__actions">
        {card.isDefault ? null : (
          <button
            type="button"
            className="button-secondary"
            disabled={disabled}
            onClick={onDefault}
          >
            <Trans>
              Make default
              <span className="visually-hidden">
                : {brand} ending in {last4}
              </span>
            </Trans>
          </button>
        )}
        <ConfirmButton
          disabled={disabled}
          onConfirm={onRemove}
          label={
            <Trans>
              Remove
              <span className="visually-hidden">
                : {brand} ending in {last4}
              </span>
            </Trans>
          }
          question={
            <Trans>
              Remove the {brand} ending in {last4}?
            </Trans>
          }
          confirmLabel={<Trans>Yes, remove it</Trans>}
        />
      </div>
    </li>
  );
}

interface HolderNames {
  firstName: string;
  lastName: string;
}

/** The holder's names here; number, expiry and security code in the gateway's own fields. */
function AddCardForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const labels = { firstName: t`First name`, lastName: t`Last name` };
  const form = useForm<HolderNames>({
    resolver: domainResolver(cardHolderSchema, i18n, labels),
    defaultValues: { firstName: '', lastName: '' },
    shouldFocusError: true,
  });
  const fields = useRef<HostedCardFieldsHandle>(null);
  const element = useRef<HTMLFormElement>(null);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (names: HolderNames) => {
    if (busy) return;
    setProblem(null);
    setCardErrors({});
    const handle = fields.current;
    if (!handle) {
      setProblem(i18n._(PAYMENT_MESSAGES.fieldsUnavailable));
      return;
    }
    setBusy(true);
    try {
      const result = await handle.tokenize();
      if (!isTokenizedCard(result)) {
        setCardErrors(result.errors);
        return;
      }
      await saveCard({ token: result.token, ...names });
      onSaved();
    } catch (error) {
      if (error instanceof HostedFieldsError) {
        setProblem(i18n._(PAYMENT_MESSAGES.fieldsUnavailable));
      } else if (error instanceof ApiError) {
        const field = error.body?.error.fields?.[0];
        const known = field ? ANSWERS.find((d) => d.id === field.code) : undefined;
        const fieldError =
          field && (field.path === 'firstName' || field.path === 'lastName') ? field : null;
        if (fieldError) {
          form.setError(
            fieldError.path as keyof HolderNames,
            {
              message: translate(i18n, {
                id: fieldError.code,
                message: fieldError.message,
                values: fieldError.values ?? {},
              }),
            },
            { shouldFocus: true },
          );
        } else {
          setProblem(i18n._(known ?? GENERAL_ERRORS.generic));
        }
      } else {
        setProblem(i18n._(GENERAL_ERRORS.generic));
      }
    } finally {
      setBusy(false);
    }
  };

  const name = (field: keyof HolderNames, autoComplete: string) => {
    const error = form.formState.errors[field]?.message;
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{labels[field]}</label>
        <input
          id={`${id}-${field}`}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          {...form.register(field)}
        />
        {error ? (
          <p id={`${id}-${field}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const wrongCardFields = Object.entries(cardErrors) as [CardField, string][];

  return (
    <form
      ref={element}
      className="form payment-cards__add"
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <h2 id={`${id}-heading`}>
        <Trans>Add a card</Trans>
      </h2>
      <p className="field__hint">
        <Trans>
          The card number and security code go to our payment provider only; we keep the card's
          brand, last four digits, expiry and name.
        </Trans>
      </p>
      {problem ? (
        <p className="form-error" role="alert" data-testid="payment-cards-add-problem">
          {problem}
        </p>
      ) : null}
      <div className="payment-cards__row">
        {name('firstName', 'cc-given-name')}
        {name('lastName', 'cc-family-name')}
      </div>
      <LoadedCardFields
        ref={fields}
        loadConfig={paymentFields}
        className="payment-cards__fields"
        problemClassName="form-error"
        onSubmit={() => element.current?.requestSubmit()}
      />
      <CardFieldProblems problems={wrongCardFields} fields={fields} />
      <div className="form__actions">
        <button
          type="submit"
          className="button-link"
          disabled={busy}
          data-testid="payment-cards-save"
        >
          <Trans>Save card</Trans>
        </button>
        <button type="button" className="button-secondary" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {busy ? (
        <p role="status">
          <Trans>Checking your card…</Trans>
        </p>
      ) : null}
    </form>
  );
}
