/**
 * Paying with a new card (SPEC 2.6, 3, 5; decision 026): the holder's first and last names
 * here, the card number, expiry and security code in the payment gateway's own fields, and
 * 'Save this card to my profile'. Continue asks the gateway for a token and chooses the card
 * by its token, brand, last four digits and expiry: the card number and security code never
 * reach this page's code, the checkout or the store. The fields are the gateway's page, so
 * they need the network; offline, the step says so.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { NewCardPayment } from '../../../../domain/checkout/state';
import type { CardField } from '../../../../domain/payment/card';
import { PAYMENT_MESSAGES } from '../../../../domain/payment/messages';
import type { Message } from '../../../../domain/shared/message';
import { cardHolderSchema } from '../../../../domain/payment/card';
import type { CheckoutStore } from '../../../infra/checkout/checkout-store';
import { domainResolver } from '../../../infra/forms';
import { CardFieldProblems, LoadedCardFields } from '../../../infra/payments/CardFieldsPanel';
import type { HostedCardFieldsHandle } from '../../../infra/payments/HostedCardFields';
import {
  HostedFieldsError,
  isTokenizedCard,
  type HostedFieldsState,
} from '../../../infra/payments/hosted-fields';
import { describedBy, Field } from '../../../shell/FormField';
import { cardExpiry } from '../../../shell/order/OrderViews';
import { CardName } from './CardPaymentSummary';
import { useLeaveGuard } from './ReturnDialog';

interface HolderInput {
  firstName: string;
  lastName: string;
}

const NO_CARD: HostedFieldsState = { ready: false, complete: false, empty: true, brand: 'unknown' };

export function NewCardForm({
  store,
  online,
  current,
  submitLabel,
  onChosen,
}: {
  store: CheckoutStore;
  online: boolean;
  /** The new card already chosen for this checkout (kept unless another is entered). */
  current: NewCardPayment | null;
  submitLabel: string;
  onChosen: () => void;
}) {
  const [another, setAnother] = useState(false);
  if (current && !another) {
    const expiry = cardExpiry(current.card);
    return (
      <form
        className="form payment-panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onChosen();
        }}
      >
        <p>
          <Trans>
            You entered <CardName card={current.card} />, expires {expiry}, for this order.
          </Trans>
        </p>
        <div className="checkout-actions">
          <button type="submit" className="button-link">
            {submitLabel}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setAnother(true);
            }}
          >
            <Trans>Enter another card</Trans>
          </button>
        </div>
      </form>
    );
  }
  return online ? (
    <CardEntry store={store} submitLabel={submitLabel} onChosen={onChosen} />
  ) : (
    <p className="checkout-notice checkout-notice--warning" role="status">
      <Trans>
        You are offline. A new card is entered in our payment provider’s secure fields, which need
        an internet connection.
      </Trans>
    </p>
  );
}

function CardEntry({
  store,
  submitLabel,
  onChosen,
}: {
  store: CheckoutStore;
  submitLabel: string;
  onChosen: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const fields = useRef<HostedCardFieldsHandle>(null);
  const loadConfig = useCallback(() => store.paymentFields(), [store]);
  const [card, setCard] = useState<HostedFieldsState>(NO_CARD);
  const [saveCard, setSaveCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, string>>>({});
  const [refusal, setRefusal] = useState<Message | string | null>(null);
  const labels = { firstName: t`First name`, lastName: t`Last name` };
  const {
    register,
    trigger,
    getValues,
    getFieldState,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<HolderInput>({
    resolver: domainResolver(cardHolderSchema, i18n, labels),
    defaultValues: { firstName: '', lastName: '' },
  });
  const guard = useLeaveGuard(isDirty || !card.empty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    setCardErrors({});
    const handle = fields.current;
    if (!handle) {
      setRefusal(PAYMENT_MESSAGES.fieldsUnavailable);
      return;
    }
    const namesValid = await trigger();
    // A complete card is not tokenized for names that are wrong: a token is made only to be
    // used. An incomplete one is, so the fields say what is wrong with it at the same time
    // (the gateway's fields check it before anything is sent).
    if (!namesValid && card.complete) {
      setFocus(getFieldState('firstName').invalid ? 'firstName' : 'lastName');
      return;
    }
    setBusy(true);
    try {
      const result = await handle.tokenize();
      if (!isTokenizedCard(result)) {
        setCardErrors(result.errors);
        return;
      }
      const names = cardHolderSchema.safeParse(getValues());
      if (!namesValid || !names.success) return;
      const choice: NewCardPayment = {
        method: 'card',
        source: 'new',
        token: result.token,
        card: {
          brand: result.brand,
          last4: result.last4,
          expMonth: result.expMonth,
          expYear: result.expYear,
        },
        firstName: names.data.firstName,
        lastName: names.data.lastName,
        saveCard,
      };
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
    } catch (error) {
      if (!(error instanceof HostedFieldsError)) throw error;
      setRefusal(
        error.code === 'unavailable'
          ? PAYMENT_MESSAGES.fieldsUnavailable
          : t`Your card could not be checked. Please try again or choose another payment method.`,
      );
    } finally {
      setBusy(false);
    }
  };

  const fieldErrors = {
    firstName: errors.firstName?.message,
    lastName: errors.lastName?.message,
  };
  const wrongCardFields = Object.entries(cardErrors) as [CardField, string][];
  const f = (name: string) => `${id}-${name}`;

  return (
    <form
      ref={form}
      className="form payment-panel"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void submit(event)}
    >
      {refusal ? (
        <p className="form-error" role="alert">
          {typeof refusal === 'string' ? refusal : i18n._(refusal)}
        </p>
      ) : null}
      <CardFieldProblems
        problems={wrongCardFields}
        fields={fields}
        className="form-error payment-card-errors"
      />
      <div className="checkout-form__row">
        <Field id={f('first')} label={labels.firstName} error={fieldErrors.firstName}>
          <input
            autoComplete="cc-given-name"
            {...describedBy(f('first'), fieldErrors.firstName)}
            {...register('firstName')}
          />
        </Field>
        <Field id={f('last')} label={labels.lastName} error={fieldErrors.lastName}>
          <input
            autoComplete="cc-family-name"
            {...describedBy(f('last'), fieldErrors.lastName)}
            {...register('lastName')}
          />
        </Field>
      </div>
      <LoadedCardFields
        ref={fields}
        loadConfig={loadConfig}
        className="payment-card-fields"
        problemClassName="checkout-notice checkout-notice--warning"
        onChange={setCard}
        onSubmit={() => form.current?.requestSubmit()}
      />
      <div className="payment-save-card">
        <input
          id={f('save')}
          type="checkbox"
          checked={saveCard}
          onChange={(event) => {
            setSaveCard(event.target.checked);
          }}
        />
        <label htmlFor={f('save')}>
          <Trans>Save this card to my profile</Trans>
        </label>
      </div>
      <div className="checkout-actions">
        <button type="submit" className="button-link" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      {busy ? (
        <p role="status">
          <Trans>Checking your card…</Trans>
        </p>
      ) : null}
      {guard.dialog}
    </form>
  );
}
