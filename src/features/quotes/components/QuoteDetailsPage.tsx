/**
 * A quote (SPEC 2.7 /quotes/{id}; decision 051): its number, dates, status and account, every
 * line with its price, discount and total, the tax and totals as quoted, and what the buyer
 * may do with it today (sent by the store): download its PDF, email it, order or cancel it,
 * or make a new one from its lines. `?orderTrainingsError=true` shows the training banner
 * (SPEC 8) on a quote with online training. Opens offline once seen, PDF included.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import { PLACED_BY_MESSAGES, placedByAgent } from '../../../../domain/order/placed-by';
import { EARLY_EXPIRATION_MESSAGES } from '../../../../domain/quote/expiration';
import { QUOTE_MESSAGES, quoteReasonOf } from '../../../../domain/quote/messages';
import { QUOTE_EMAIL_MAX, type Quote, type QuoteView } from '../../../../domain/quote/quote';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import type { Message } from '../../../../domain/shared/message';
import { email as emailField } from '../../../../domain/validation/fields';
import { V } from '../../../../domain/validation/messages';
import { online$ } from '../../../infra/connectivity';
import type { QuoteStore } from '../../../infra/quotes/quote-store';
import { useObservableValue } from '../../../infra/use-observable';
import { AddToCartAgain } from '../../../shell/order/AddToCartAgain';
import { useModalDialog } from '../../../shell/use-modal-dialog';
import { useStorefront } from '../../../shell/use-storefront';
import { quotePdfUrl, quotesPath } from '../../../shell/quote/quote-paths';
import type { QuoteDetailsRouteData } from '../quotes-loader';
import { useQuoteStore } from '../../../shell/quote/use-quote-store';
import { quoteFormat, type QuoteFormat } from '../../../shell/quote/quote-format';
import { QuoteStatusLabel } from './QuotesPage';
import '../quotes.css';

export function QuoteDetailsPage() {
  const { t, i18n } = useLingui();
  const { view, pending, trainingError, problem } = useLoaderData<QuoteDetailsRouteData>();
  const storefront = useStorefront();
  const store = useQuoteStore();
  const revalidator = useRevalidator();
  const quote = view?.quote ?? null;
  // A quote requested here turns numbered once its request reaches the store.
  // Once numbered, the page loads the quote as the store has it (once: the request is gone).
  useEffect(() => {
    if (!store || !pending) return;
    const stream = store.open(pending.quoteId);
    let numbered = false;
    const subscription = stream.state$.subscribe((state) => {
      if (numbered || state.status === 'requested' || state.status === null) return;
      numbered = true;
      void revalidator.revalidate();
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [store, pending, revalidator]);
  return (
    <div className="page quote-details">
      <title>
        {quote ? t`Quote ${quote.number} | Assessments Store` : t`Quote | Assessments Store`}
      </title>
      <p className="quotes__back">
        <Link to={quotesPath(storefront)}>
          <Trans>All quotes</Trans>
        </Link>
      </p>
      {problem ? (
        <div className="quotes__problem" role="alert">
          <p>{i18n._(problem)}</p>
        </div>
      ) : quote && view ? (
        <QuoteBody view={view} quote={quote} store={store} trainingError={trainingError} />
      ) : pending ? (
        <>
          <h1>
            <Trans>Quote requested</Trans>
          </h1>
          <p role="status" data-testid="quote-requested">
            {i18n._(QUOTE_MESSAGES.requestedOffline)}
          </p>
        </>
      ) : (
        <>
          <h1>
            <Trans>Quote not found</Trans>
          </h1>
          <p>
            <Trans>
              This quote is not in your quotes on this store. It may belong to another account or
              store.
            </Trans>
          </p>
        </>
      )}
    </div>
  );
}

function QuoteBody({
  view,
  quote,
  store,
  trainingError,
}: {
  view: QuoteView;
  quote: Quote;
  store: QuoteStore | null;
  trainingError: boolean;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const format = quoteFormat(storefront, quote.currency);
  const hasTraining = quote.lines.some((line) => line.format === 'online-training');
  const placedBy = placedByAgent(quote.placedBy);
  return (
    <>
      <h1>
        <Trans>Quote {quote.number}</Trans>
      </h1>
      {trainingError && hasTraining ? (
        <p className="quote-details__banner" role="alert" data-testid="training-banner">
          {i18n._(CHECKOUT_MESSAGES.trainingInformationNeeded)}
        </p>
      ) : null}
      <dl className="quote-details__facts">
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <QuoteStatusLabel status={view.displayStatus} />
        </dd>
        <dt>
          <Trans>Quote/proforma number</Trans>
        </dt>
        <dd data-testid="quote-number">{quote.number}</dd>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>{format.date(quote.createdAt)}</dd>
        <dt>
          <Trans>Valid until</Trans>
        </dt>
        <dd>{format.date(quote.expiresOn)}</dd>
        <dt>
          <Trans>Customer account</Trans>
        </dt>
        <dd>
          {quote.account.name} ({quote.account.number})
        </dd>
        {placedBy ? (
          <>
            <dt>{i18n._(PLACED_BY_MESSAGES.quoteLabel)}</dt>
            <dd data-testid="quote-placed-by">{i18n._(placedBy)}</dd>
          </>
        ) : null}
        {view.orderId ? (
          <>
            <dt>
              <Trans>Order</Trans>
            </dt>
            <dd>
              <Link
                to={`/${storefront.locale}/my-account/order-history/order-details/${encodeURIComponent(view.orderId)}`}
              >
                <Trans>View the order placed from this quote</Trans>
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      {quote.earlyExpiration ? (
        <p className="quotes__note">
          {i18n._(EARLY_EXPIRATION_MESSAGES[quote.earlyExpiration.reason].id, {
            date: format.date(quote.earlyExpiration.on),
          })}
        </p>
      ) : null}
      <QuoteLines quote={quote} format={format} />
      <QuoteTotals quote={quote} format={format} />
      <QuoteActions view={view} quote={quote} store={store} />
    </>
  );
}

function QuoteLines({ quote, format }: { quote: Quote; format: QuoteFormat }) {
  const { t } = useLingui();
  return (
    <table className="quotes__table" aria-label={t`Items in this quote`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Item</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Qty</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Unit price</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Discount</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Total</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.code} data-testid="quote-line">
            <th scope="row">
              {line.name}
              <span className="quotes__note"> ({line.code})</span>
            </th>
            <td className="num">{line.quantity}</td>
            <td className="num">{format.amount(line.unitPriceMinor)}</td>
            <td className="num">
              {line.discountMinor > 0 ? format.amount(-line.discountMinor) : ''}
            </td>
            <td className="num">{format.amount(line.totalMinor)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuoteTotals({ quote, format }: { quote: Quote; format: QuoteFormat }) {
  return (
    <>
      <TotalsList quote={quote} format={format} />
      {quote.tax.basis === 'unknown-address' ? (
        <p className="quotes__note">
          <Trans>Tax is calculated at checkout from the delivery address.</Trans>
        </p>
      ) : null}
      <p className="quotes__note">
        <Trans>Shipping, where it applies, is chosen and added at checkout.</Trans>
      </p>
    </>
  );
}

function TotalsList({ quote, format }: { quote: Quote; format: QuoteFormat }) {
  const { i18n } = useLingui();
  return (
    <dl className="quote-details__totals">
      <div>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{format.amount(quote.totals.subtotalMinor)}</dd>
      </div>
      {quote.totals.discountsMinor > 0 ? (
        <div>
          <dt>
            <Trans>Discounts</Trans>
          </dt>
          <dd>{format.amount(-quote.totals.discountsMinor)}</dd>
        </div>
      ) : null}
      {quote.tax.lines.map((line) => (
        <div key={line.id}>
          <dt>
            {i18n._(line.label)} ({line.rate})
          </dt>
          <dd>{format.amount(line.amountMinor)}</dd>
        </div>
      ))}
      {quote.tax.basis === 'exempt' ? (
        <div>
          <dt>
            <Trans>Tax exempt account</Trans>
          </dt>
          <dd>{format.amount(0)}</dd>
        </div>
      ) : null}
      <div className="quote-details__total">
        <dt>
          <Trans>Quote total</Trans>
        </dt>
        <dd data-testid="quote-total">{format.amount(quote.totals.totalMinor)}</dd>
      </div>
    </dl>
  );
}

/** What the store says may be done with the quote today. */
function QuoteActions({
  view,
  quote,
  store,
}: {
  view: QuoteView;
  quote: Quote;
  store: QuoteStore | null;
}) {
  const { i18n } = useLingui();
  const [refusal, setRefusal] = useState<Message | null>(null);
  const [refusalCode, setRefusalCode] = useState<string | null>(null);
  useEffect(
    () =>
      store?.notices(quote.quoteId, (notice) => {
        setRefusal(notice.message);
        setRefusalCode(notice.code);
      }),
    [store, quote.quoteId],
  );
  const reason = refusalCode ? quoteReasonOf(refusalCode) : undefined;
  return (
    <>
      {refusal ? (
        <div className="quotes__problem" role="alert">
          <p>{i18n._(refusal)}</p>
          {reason ? <p>{i18n._(reason.id, refusal.values ?? {})}</p> : null}
        </div>
      ) : null}
      <div className="quote-details__actions">
        {view.actions.includes('order') && store ? (
          <OrderQuote
            quote={quote}
            store={store}
            onRefused={(message, code) => {
              setRefusal(message);
              setRefusalCode(code);
            }}
          />
        ) : null}
        {view.actions.includes('download') ? <PdfLink quote={quote} store={store} /> : null}
        {view.actions.includes('cancel') && store ? (
          <CancelQuote quote={quote} store={store} />
        ) : null}
        {view.actions.includes('requote') ? (
          <AddToCartAgain
            lines={quote.lines}
            storeId={quote.storeId}
            source="reorder"
            className="quote-details__requote"
          >
            <Trans>Add these items to a new quote</Trans>
          </AddToCartAgain>
        ) : null}
      </div>
      {view.actions.includes('email') && store ? <EmailQuote quote={quote} store={store} /> : null}
    </>
  );
}

/**
 * Order: the quote goes into the cart at its prices and checkout opens (online only: the
 * store checks the quote, its account and its products first).
 */
function OrderQuote({
  quote,
  store,
  onRefused,
}: {
  quote: Quote;
  store: QuoteStore;
  onRefused: (message: Message, code: string) => void;
}) {
  const online = useObservableValue(online$);
  const storefront = useStorefront();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button-link"
        disabled={!online || busy}
        aria-describedby={online ? undefined : `order-offline-${quote.quoteId}`}
        onClick={() => {
          setBusy(true);
          store.order(quote.quoteId).then(
            (result) => {
              setBusy(false);
              if (result.ok) {
                void navigate(`/${storefront.locale}/checkout`);
                return;
              }
              const body = result.error.body?.error;
              const field = body?.fields?.[0];
              onRefused(
                field
                  ? { id: field.code, message: field.message, values: field.values ?? {} }
                  : { ...QUOTE_MESSAGES.notCompleted, values: {} },
                body?.code ?? '',
              );
            },
            (error: unknown) => {
              // No answer (the connection dropped): nothing changed; the buyer may try again.
              console.warn('The quote could not be ordered.', error);
              setBusy(false);
              onRefused({ ...GENERAL_ERRORS.technical, values: {} }, '');
            },
          );
        }}
      >
        <Trans>Order</Trans>
      </button>
      {online ? null : (
        <span id={`order-offline-${quote.quoteId}`} className="quotes__note">
          <Trans>A quote is ordered online.</Trans>
        </span>
      )}
    </>
  );
}

/** The PDF: fetched and kept when the quote is seen, so it opens offline too. */
function PdfLink({ quote, store }: { quote: Quote; store: QuoteStore | null }) {
  const online = useObservableValue(online$);
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    if (!store) return;
    let url: string | null = null;
    let current = true;
    void store.pdf(quote.quoteId, online).then(
      (blob) => {
        if (!current || !blob) return;
        url = URL.createObjectURL(blob);
        setKept(url);
      },
      (error: unknown) => {
        console.warn('The quote PDF could not be kept for offline use.', error);
      },
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [store, quote.quoteId, online]);
  return (
    <a
      className="button-secondary"
      href={kept ?? quotePdfUrl(quote.quoteId)}
      download={`quote-${quote.number}.pdf`}
      data-testid="quote-pdf"
    >
      <Trans>Download PDF</Trans>
    </a>
  );
}

function CancelQuote({ quote, store }: { quote: Quote; store: QuoteStore }) {
  const [asking, setAsking] = useState(false);
  const revalidator = useRevalidator();
  return (
    <>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setAsking(true);
        }}
      >
        <Trans>Cancel quote</Trans>
      </button>
      {asking ? (
        <ConfirmCancel
          number={quote.number}
          onKeep={() => {
            setAsking(false);
          }}
          onCancel={() => {
            setAsking(false);
            void store
              .cancel(quote.quoteId)
              .then(() => store.sync())
              .then(() => revalidator.revalidate());
          }}
        />
      ) : null}
    </>
  );
}

function ConfirmCancel({
  number,
  onKeep,
  onCancel,
}: {
  number: string;
  onKeep: () => void;
  onCancel: () => void;
}) {
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
    >
      <h2 id={titleId}>
        <Trans>Cancel quote {number}?</Trans>
      </h2>
      <p>
        <Trans>
          A cancelled quote can no longer be ordered. You can make a new one from its items.
        </Trans>
      </p>
      <div className="modal__actions">
        <button type="button" className="button-link" onClick={onCancel}>
          <Trans>Cancel quote</Trans>
        </button>
        <button type="button" className="button-secondary" onClick={onKeep}>
          <Trans>Keep quote</Trans>
        </button>
      </div>
    </dialog>
  );
}

const emailSchema = emailField(QUOTE_EMAIL_MAX);

/** Email the quote to the buyer, and to another address if given (through the store's mail). */
function EmailQuote({ quote, store }: { quote: Quote; store: QuoteStore }) {
  const { i18n } = useLingui();
  const online = useObservableValue(online$);
  const id = useId();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string[] | null>(null);
  return (
    <form
      className="quote-details__email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const typed = to.trim();
        if (typed !== '') {
          const parsed = emailSchema.safeParse(typed);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? V.invalidEmail.id);
            return;
          }
        }
        setError(null);
        void store.email(quote.quoteId, typed === '' ? null : typed).then(() => {
          setSent([
            quote.buyer.email,
            ...(typed !== '' && typed !== quote.buyer.email ? [typed] : []),
          ]);
          setTo('');
        });
      }}
    >
      <label htmlFor={`${id}-to`}>
        <Trans>Email this quote to you and, if you like, to another address</Trans>
      </label>
      <input
        id={`${id}-to`}
        type="email"
        value={to}
        maxLength={QUOTE_EMAIL_MAX}
        autoComplete="email"
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setTo(event.target.value);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {i18n._(error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button-secondary">
          <Trans>Email quote</Trans>
        </button>
      </div>
      {sent ? (
        <p role="status" data-testid="quote-emailed">
          {online ? (
            <Trans>The quote is on its way to {sent.join(', ')}.</Trans>
          ) : (
            <Trans>The quote will be sent to {sent.join(', ')} when you are back online.</Trans>
          )}
        </p>
      ) : null}
    </form>
  );
}
