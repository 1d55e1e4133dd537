/**
 * Paying an invoice (SPEC 2.1 /invoices/{id}/payment; decision 053): the balance or part of it
 * (at least 1.00 in the invoice's currency, at most the balance) by a saved card or a new card
 * in the payment gateway's fields. The button reads 'Pay' and the amount. One key per payment
 * (Idempotency-Key), so a double click or a retry after a lost answer pays once; a refused
 * amount or a declined card leaves the balance as it was, with checkout's words. Paying needs
 * the connection, and says so offline.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import type { SavedCard } from '../../../../domain/checkout/facts';
import { paymentRefusal, type Invoice, type InvoiceView } from '../../../../domain/invoice/invoice';
import { INVOICE_MESSAGES, INVOICE_REFUSALS } from '../../../../domain/invoice/messages';
import type { InvoicePaymentBody } from '../../../../domain/invoice/requests';
import { cardHolderSchema, CARD_BRAND_NAMES } from '../../../../domain/payment/card';
import { PAYMENT_MESSAGES } from '../../../../domain/payment/messages';
import type { CardField } from '../../../../domain/payment/card';
import { fromMajor, minorDigits } from '../../../../domain/pricing/money';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import type { Message, MessageDescriptor } from '../../../../domain/shared/message';
import { isExpired } from '../../../../domain/validation/payment';
import type { ApiError } from '../../../infra/api';
import { online$ } from '../../../infra/connectivity';
import { localDay } from '../../../infra/local-day';
import { invoiceStoreFor, type PendingPayment } from '../../../infra/invoices/invoice-store';
import { CardFieldProblems, LoadedCardFields } from '../../../infra/payments/CardFieldsPanel';
import type { HostedCardFieldsHandle } from '../../../infra/payments/HostedCardFields';
import { HostedFieldsError, isTokenizedCard } from '../../../infra/payments/hosted-fields';
import { useObservableValue } from '../../../infra/use-observable';
import { cardExpiry } from '../../../shell/order/OrderViews';
import { quoteFormat, type QuoteFormat } from '../../../shell/quote/quote-format';
import { useStorefront } from '../../../shell/use-storefront';
import { invoiceConfirmationPath } from '../invoice-paths';
import type { InvoicePaymentRouteData } from '../invoices-loader';
import { InvoiceFrame } from './InvoiceDetailsPage';
import '../invoices.css';

type CardChoice = 'new' | `saved:${string}`;

/** The store's refusals and the gateway's declines, in the page's language. */
const ANSWERS: readonly MessageDescriptor[] = [
  ...Object.values(INVOICE_REFUSALS),
  CHECKOUT_MESSAGES.paymentDetails,
  CHECKOUT_MESSAGES.savedCardDetails,
];

function answerOf(error: ApiError): Message {
  const field = error.body?.error.fields?.[0];
  const known = field ? ANSWERS.find((d) => d.id === field.code) : undefined;
  if (known) return { ...known, values: field?.values ?? {} };
  return error.status === 401 ? INVOICE_MESSAGES.signInToPay : GENERAL_ERRORS.generic;
}

export function InvoicePaymentPage() {
  const { t } = useLingui();
  const data = useLoaderData<InvoicePaymentRouteData>();
  const invoice = data.view?.invoice ?? null;
  return (
    <div className="page invoice-payment">
      <title>
        {invoice
          ? t`Pay invoice ${invoice.number} | Assessments Store`
          : t`Pay an invoice | Assessments Store`}
      </title>
      <InvoiceFrame
        signedIn={data.signedIn}
        problem={data.problem}
        found={Boolean(invoice && data.view)}
        fresh={data.fresh}
      >
        {invoice && data.view ? (
          <PaymentBody
            view={data.view}
            invoice={invoice}
            savedCards={data.savedCards}
            pending={data.pending}
            fresh={data.fresh}
          />
        ) : null}
      </InvoiceFrame>
    </div>
  );
}

function PaymentBody({
  view,
  invoice,
  savedCards,
  pending,
  fresh,
}: {
  view: InvoiceView;
  invoice: Invoice;
  savedCards: readonly SavedCard[];
  pending: PendingPayment | null;
  fresh: boolean;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const online = useObservableValue(online$);
  const revalidator = useRevalidator();
  // Back online after loading offline: the balance and the cards as the store has them now.
  useEffect(() => {
    if (online && !fresh && revalidator.state === 'idle') void revalidator.revalidate();
  }, [online, fresh, revalidator]);
  const format = quoteFormat(storefront, invoice.currency);
  const number = invoice.number;
  const balance = format.amount(view.balanceMinor);
  const nothingToPay = pending ? null : paymentRefusal(view, view.balanceMinor);
  return (
    <>
      <h1>
        <Trans>Pay invoice {number}</Trans>
      </h1>
      <dl className="invoice-details__facts">
        <dt>
          <Trans>Balance</Trans>
        </dt>
        <dd data-testid="invoice-balance">{balance}</dd>
        <dt>
          <Trans>Due</Trans>
        </dt>
        <dd>{format.date(invoice.dueOn)}</dd>
      </dl>
      {nothingToPay ? (
        <p className="invoices__note" data-testid="invoice-nothing-to-pay">
          {i18n._(nothingToPay.detail)}
        </p>
      ) : !online || !fresh ? (
        <p className="invoices__note" data-testid="invoice-payment-offline">
          {i18n._(INVOICE_MESSAGES.paymentNeedsConnection)}
        </p>
      ) : pending ? (
        <PendingPaymentForm invoice={invoice} pending={pending} format={format} />
      ) : (
        <PaymentForm view={view} invoice={invoice} savedCards={savedCards} format={format} />
      )}
    </>
  );
}

/** What sending a payment came to, for the page: on to the receipt, or what to say. */
function usePaySender(invoice: Invoice) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const storefront = useStorefront();
  const revalidator = useRevalidator();
  return async (body: InvoicePaymentBody | null): Promise<string | null> => {
    const store = await invoiceStoreFor(storefront);
    if (!store) return i18n._(GENERAL_ERRORS.generic);
    const outcome = await store.pay(invoice.invoiceId, body);
    switch (outcome.kind) {
      case 'paid':
        void navigate(
          invoiceConfirmationPath(storefront, invoice.invoiceId, outcome.payment.paymentId),
        );
        return null;
      case 'refused':
        // Nothing was taken; a pending payment refused is gone: the form comes back.
        if (!body) void revalidator.revalidate();
        return i18n._(answerOf(outcome.error));
      case 'unanswered':
        if (body) void revalidator.revalidate();
        return i18n._(INVOICE_MESSAGES.paymentUnanswered);
    }
  };
}

/** A payment whose answer was lost: sent again as it was (its key, its card, its amount). */
function PendingPaymentForm({
  invoice,
  pending,
  format,
}: {
  invoice: Invoice;
  pending: PendingPayment;
  format: QuoteFormat;
}) {
  const { i18n } = useLingui();
  const send = usePaySender(invoice);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = format.amount(pending.body.amountMinor);
  return (
    <form
      className="form invoice-payment__form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        void send(null).then((said) => {
          setProblem(said);
          setBusy(false);
        });
      }}
    >
      <p className="invoices__problem" data-testid="invoice-payment-pending">
        {i18n._(INVOICE_MESSAGES.paymentUnanswered)}
      </p>
      <p role="alert" className={problem ? 'form-error' : undefined}>
        {problem ?? ''}
      </p>
      <div className="form__actions">
        <button type="submit" className="button-link" disabled={busy}>
          <Trans>Pay {amount}</Trans>
        </button>
      </div>
    </form>
  );
}

function PaymentForm({
  view,
  invoice,
  savedCards,
  format,
}: {
  view: InvoiceView;
  invoice: Invoice;
  savedCards: readonly SavedCard[];
  format: QuoteFormat;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const send = usePaySender(invoice);
  const digits = minorDigits(invoice.currency);
  const today = localDay();
  const usable = savedCards.filter((card) => !isExpired(card.expMonth, card.expYear, today));
  const [amount, setAmount] = useState((view.balanceMinor / 10 ** digits).toFixed(digits));
  const [choice, setChoice] = useState<CardChoice>(usable[0] ? `saved:${usable[0].id}` : 'new');
  const [names, setNames] = useState({ firstName: '', lastName: '' });
  const [nameErrors, setNameErrors] = useState<{ firstName?: string; lastName?: string }>({});
  const [amountError, setAmountError] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRef<HostedCardFieldsHandle>(null);
  const form = useRef<HTMLFormElement>(null);

  const amountMinor = (() => {
    try {
      return fromMajor(amount.replace(',', '.'), invoice.currency).amountMinor;
    } catch {
      return null;
    }
  })();
  const valid = amountMinor !== null && paymentRefusal(view, amountMinor) === null;
  const shown = valid ? format.amount(amountMinor) : '';

  const cardBody = async (): Promise<InvoicePaymentBody['card'] | null> => {
    if (choice !== 'new') return { source: 'saved', paymentMethodId: choice.slice(6) };
    const holder = cardHolderSchema.safeParse(names);
    const handle = fields.current;
    if (!handle) {
      setProblem(i18n._(PAYMENT_MESSAGES.fieldsUnavailable));
      return null;
    }
    const result = await handle.tokenize();
    if (!isTokenizedCard(result)) {
      setCardErrors(result.errors);
      return null;
    }
    if (!holder.success) {
      const first = holder.error.issues.some((i) => i.path[0] === 'firstName');
      const last = holder.error.issues.some((i) => i.path[0] === 'lastName');
      setNameErrors({
        ...(first ? { firstName: t`Enter the first name on the card.` } : {}),
        ...(last ? { lastName: t`Enter the last name on the card.` } : {}),
      });
      // The first name at fault, so a keyboard or screen reader lands on it.
      form.current
        ?.querySelector<HTMLInputElement>(`input[name="${first ? 'firstName' : 'lastName'}"]`)
        ?.focus();
      return null;
    }
    return {
      source: 'new',
      token: result.token,
      card: {
        brand: result.brand,
        last4: result.last4,
        expMonth: result.expMonth,
        expYear: result.expYear,
      },
      holderName: `${holder.data.firstName} ${holder.data.lastName}`,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setAmountError(null);
    setCardErrors({});
    setNameErrors({});
    const refusal =
      amountMinor === null
        ? null
        : paymentRefusal(view, amountMinor, (minor) => format.amount(minor));
    if (amountMinor === null || refusal) {
      const example = (view.balanceMinor / 10 ** digits).toFixed(digits);
      setAmountError(
        refusal
          ? i18n._(refusal.detail)
          : t`Enter an amount like ${example}, in ${invoice.currency}.`,
      );
      document.getElementById(f('amount'))?.focus();
      return;
    }
    setBusy(true);
    try {
      const card = await cardBody();
      if (!card) return;
      setProblem(await send({ amountMinor, card }));
    } catch (error) {
      if (!(error instanceof HostedFieldsError)) throw error;
      setProblem(i18n._(PAYMENT_MESSAGES.fieldsUnavailable));
    } finally {
      setBusy(false);
    }
  };

  const f = (name: string) => `${id}-${name}`;
  const wrongCardFields = Object.entries(cardErrors) as [CardField, string][];
  return (
    <form
      ref={form}
      className="form invoice-payment__form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void submit(event)}
    >
      {problem ? (
        <p className="form-error" role="alert" data-testid="invoice-payment-problem">
          {problem}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={f('amount')}>
          <Trans>Amount to pay ({invoice.currency})</Trans>
        </label>
        <input
          id={f('amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={
            amountError ? `${f('amount-hint')} ${f('amount-error')}` : f('amount-hint')
          }
          onChange={(event) => {
            setAmount(event.target.value);
          }}
        />
        <p id={f('amount-hint')} className="field__hint">
          <Trans>The balance or part of it.</Trans>
        </p>
        {amountError ? (
          <p id={f('amount-error')} className="field__error" role="alert">
            {amountError}
          </p>
        ) : null}
      </div>
      <fieldset className="invoice-payment__cards">
        <legend>
          <Trans>Pay with</Trans>
        </legend>
        {savedCards.map((card) => {
          const expired = !usable.includes(card);
          const brand = card.brand === 'unknown' ? '' : CARD_BRAND_NAMES[card.brand];
          const last4 = card.last4;
          const expiry = cardExpiry(card);
          const value: CardChoice = `saved:${card.id}`;
          return (
            <div key={card.id} className="invoice-payment__card">
              <input
                id={f(value)}
                type="radio"
                name="card"
                value={value}
                disabled={expired}
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                }}
              />
              <label htmlFor={f(value)}>
                {expired ? (
                  <Trans>
                    {brand} ending in {last4}, expired {expiry}
                  </Trans>
                ) : (
                  <Trans>
                    {brand} ending in {last4}, expires {expiry}
                  </Trans>
                )}
              </label>
            </div>
          );
        })}
        <div className="invoice-payment__card">
          <input
            id={f('new')}
            type="radio"
            name="card"
            value="new"
            checked={choice === 'new'}
            onChange={() => {
              setChoice('new');
            }}
          />
          <label htmlFor={f('new')}>
            <Trans>A new card</Trans>
          </label>
        </div>
      </fieldset>
      {choice === 'new' ? (
        <NewCardFields
          ref={fields}
          names={names}
          nameErrors={nameErrors}
          onNames={setNames}
          onSubmit={() => form.current?.requestSubmit()}
        />
      ) : null}
      <CardFieldProblems problems={wrongCardFields} fields={fields} />
      <div className="form__actions">
        <button
          type="submit"
          className="button-link"
          disabled={busy}
          data-testid="invoice-pay-submit"
        >
          {shown ? <Trans>Pay {shown}</Trans> : <Trans>Pay</Trans>}
        </button>
      </div>
      {busy ? (
        <p role="status">
          <Trans>Taking your payment…</Trans>
        </p>
      ) : null}
    </form>
  );
}

/** The holder's names here; number, expiry and security code in the gateway's own fields. */
function NewCardFields({
  ref,
  names,
  nameErrors,
  onNames,
  onSubmit,
}: {
  ref: React.Ref<HostedCardFieldsHandle>;
  names: { firstName: string; lastName: string };
  nameErrors: { firstName?: string; lastName?: string };
  onNames: (names: { firstName: string; lastName: string }) => void;
  onSubmit: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const storefront = useStorefront();
  const loadConfig = useCallback(() => invoiceFieldsConfig(storefront), [storefront]);
  const name = (field: 'firstName' | 'lastName', label: string, autoComplete: string) => {
    const error = nameErrors[field];
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          name={field}
          autoComplete={autoComplete}
          value={names[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(event) => {
            onNames({ ...names, [field]: event.target.value });
          }}
        />
        {error ? (
          <p id={`${id}-${field}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="invoice-payment__new-card">
      <div className="invoice-form__row">
        {name('firstName', t`First name`, 'cc-given-name')}
        {name('lastName', t`Last name`, 'cc-family-name')}
      </div>
      <LoadedCardFields
        ref={ref}
        loadConfig={loadConfig}
        className="invoice-payment__fields"
        problemClassName="invoices__problem"
        onSubmit={onSubmit}
      />
    </div>
  );
}

/** Where the gateway's fields come from, for the buyer signed in on this storefront. */
async function invoiceFieldsConfig(storefront: ReturnType<typeof useStorefront>) {
  const store = await invoiceStoreFor(storefront);
  if (!store) throw new Error('Paying an invoice needs a signed-in buyer.');
  return store.paymentFields();
}
