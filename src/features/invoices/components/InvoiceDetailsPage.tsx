/**
 * An invoice (SPEC 2.1 /invoices/{id}; decision 053): every field as issued (its number,
 * issue and due dates, terms, PO number, customer account, bill-to, invoice contact, the lines,
 * discounts, shipping, tax and totals), the order it came from, the payments made, the balance
 * and a credit note when its order was returned; its PDF, and 'Pay' while something is owed.
 * Opens offline once seen, PDF included; paying needs the connection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import {
  INVOICE_NET_DAYS,
  type Invoice,
  type InvoicePayment,
} from '../../../../domain/invoice/invoice';
import { INVOICE_MESSAGES } from '../../../../domain/invoice/messages';
import { DISCOUNT_LABELS } from '../../../../domain/pricing/discount-label';
import { online$ } from '../../../infra/connectivity';
import { flags$ } from '../../../infra/flags';
import { invoiceStoreFor, type InvoiceView } from '../../../infra/invoices/invoice-store';
import { useObservableValue } from '../../../infra/use-observable';
import { orderDiscountRows } from '../../../shell/order/OrderParts';
import {
  AccountView,
  AddressView,
  InvoiceContactView,
  ItemsTable,
  TotalsView,
} from '../../../shell/order/OrderViews';
import { quoteFormat, type QuoteFormat } from '../../../shell/quote/quote-format';
import { useStorefront } from '../../../shell/use-storefront';
import {
  invoiceOrderPath,
  invoicePaymentPath,
  invoicePdfUrl,
  invoicesPath,
} from '../invoice-paths';
import type { InvoiceRouteData } from '../invoices-loader';
import { InvoiceStatusLabel } from './InvoicesPage';
import { SignInToSee } from './SignInToSee';
import '../invoices.css';

export function InvoiceDetailsPage() {
  const { t } = useLingui();
  const { view, fresh, signedIn, problem } = useLoaderData<InvoiceRouteData>();
  const invoice = view?.invoice ?? null;
  return (
    <div className="page invoice-details">
      <title>
        {invoice
          ? t`Invoice ${invoice.number} | Assessments Store`
          : t`Invoice | Assessments Store`}
      </title>
      <InvoiceFrame
        signedIn={signedIn}
        problem={problem}
        found={Boolean(invoice && view)}
        fresh={fresh}
      >
        {invoice && view ? <InvoiceBody view={view} invoice={invoice} fresh={fresh} /> : null}
      </InvoiceFrame>
    </div>
  );
}

/** What every invoice page shows around the invoice: the way back, sign-in, not found. */
export function InvoiceFrame({
  signedIn,
  problem,
  found,
  fresh,
  children,
}: {
  signedIn: boolean;
  problem: InvoiceRouteData['problem'];
  found: boolean;
  /** False: offline, so what is not found is only not kept on this device. */
  fresh: boolean;
  children: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  if (!signedIn) {
    return (
      <>
        <h1>
          <Trans>Invoices</Trans>
        </h1>
        <SignInToSee />
      </>
    );
  }
  return (
    <>
      <p className="invoices__back">
        <Link to={invoicesPath(storefront)}>
          <Trans>All invoices</Trans>
        </Link>
      </p>
      {problem ? (
        <>
          <h1>
            <Trans>Invoice</Trans>
          </h1>
          <div className="invoices__problem" role="alert">
            <p>{i18n._(problem)}</p>
          </div>
        </>
      ) : found ? (
        children
      ) : (
        <>
          <h1>
            <Trans>Invoice not found</Trans>
          </h1>
          <p>
            {fresh ? (
              <Trans>
                This invoice is not among your accounts’ invoices on this store. It may belong to
                another account or store.
              </Trans>
            ) : (
              <Trans>
                This invoice is not kept on this device. Open it once while online to have it
                offline.
              </Trans>
            )}
          </p>
        </>
      )}
    </>
  );
}

function InvoiceBody({
  view,
  invoice,
  fresh,
}: {
  view: InvoiceView;
  invoice: Invoice;
  fresh: boolean;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const flags = useObservableValue(flags$);
  const online = useObservableValue(online$);
  const format = quoteFormat(storefront, invoice.currency);
  const discounts = orderDiscountRows(
    invoice,
    {
      uap: i18n._(DISCOUNT_LABELS.uap),
      organization: i18n._(DISCOUNT_LABELS.organization),
      general: i18n._(DISCOUNT_LABELS.general),
    },
    storefront.uapProgram,
    flags['org-level-discount'],
  );
  const owed = view.balanceMinor > 0 && !view.creditNote;
  const number = invoice.number;
  const dueOn = format.date(invoice.dueOn);
  return (
    <>
      <h1>
        <Trans>Invoice {number}</Trans>
      </h1>
      {!fresh ? (
        <p className="invoices__note" role="status" data-testid="invoice-offline">
          <Trans>You are offline: this is the invoice as kept on this device.</Trans>
        </p>
      ) : null}
      <div className="invoice-details__actions">
        {owed ? (
          online ? (
            <Link
              className="button-link"
              to={invoicePaymentPath(storefront, invoice.invoiceId)}
              data-testid="invoice-pay"
            >
              <Trans>Pay this invoice</Trans>
            </Link>
          ) : (
            <p className="invoices__note" role="status">
              {i18n._(INVOICE_MESSAGES.paymentNeedsConnection)}
            </p>
          )
        ) : null}
        <PdfLink invoiceId={invoice.invoiceId} number={invoice.number} />
      </div>
      <dl className="invoice-details__facts">
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <InvoiceStatusLabel status={view.status} />
        </dd>
        <dt>
          <Trans>Invoice number</Trans>
        </dt>
        <dd data-testid="invoice-number">{invoice.number}</dd>
        <dt>
          <Trans>Issued</Trans>
        </dt>
        <dd>{format.date(invoice.issuedOn)}</dd>
        <dt>
          <Trans>Due</Trans>
        </dt>
        <dd>
          {invoice.terms === 'paid-at-issue' ? (
            <Trans>Paid when ordered</Trans>
          ) : (
            <Trans>
              {dueOn} (net {INVOICE_NET_DAYS} days)
            </Trans>
          )}
        </dd>
        {invoice.poNumber ? (
          <>
            <dt>
              <Trans>PO number</Trans>
            </dt>
            <dd>{invoice.poNumber}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Order</Trans>
        </dt>
        <dd>
          <Link to={invoiceOrderPath(storefront, invoice.orderId)} data-testid="invoice-order">
            {invoice.orderNumber ?? invoice.webReference}
          </Link>
          {invoice.orderNumber ? (
            <span className="invoices__aside">
              {' '}
              <Trans>Web reference # {invoice.webReference}</Trans>
            </span>
          ) : null}
        </dd>
        <dt>
          <Trans>Customer account</Trans>
        </dt>
        <dd>
          <AccountView account={invoice.account} />
        </dd>
        <dt>
          <Trans>Ordered by</Trans>
        </dt>
        <dd>
          {invoice.buyer.firstName} {invoice.buyer.lastName}
        </dd>
        <dt>
          <Trans>Bill to</Trans>
        </dt>
        <dd>
          <AddressView address={invoice.billTo} />
        </dd>
        {invoice.invoiceContact ? (
          <>
            <dt>
              <Trans>Invoice contact</Trans>
            </dt>
            <dd>
              <InvoiceContactView contact={invoice.invoiceContact} />
            </dd>
          </>
        ) : null}
      </dl>
      <section className="invoice-section" aria-labelledby="invoice-items-heading">
        <h2 id="invoice-items-heading">
          <Trans>Items</Trans>
        </h2>
        <ItemsTable
          lines={invoice.lines.map((line) => ({ ...line, preOrder: false }))}
          format={format.amount}
        />
        <TotalsView
          format={format.amount}
          subtotalMinor={invoice.totals.subtotalMinor}
          discounts={discounts}
          shippingMinor={
            invoice.totals.shippingMinor > 0 ? invoice.totals.shippingMinor : undefined
          }
          taxMinor={invoice.totals.taxMinor}
          tax={invoice.tax}
          totalMinor={invoice.totals.totalMinor}
        />
      </section>
      <Payments view={view} format={format} />
    </>
  );
}

/** Payments made, what is left, and the credit note when there is one. */
function Payments({ view, format }: { view: InvoiceView; format: QuoteFormat }) {
  const { t } = useLingui();
  const credit = view.creditNote;
  return (
    <section className="invoice-section" aria-labelledby="invoice-payments-heading">
      <h2 id="invoice-payments-heading">
        <Trans>Payments</Trans>
      </h2>
      {view.payments.length === 0 ? (
        <p>
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <table className="invoices__table invoices__list" aria-label={t`Payments made`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Paid by</Trans>
              </th>
              <th scope="col">
                <Trans>Method</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.payments.map((payment) => (
              <tr key={payment.paymentId} data-testid="invoice-payment">
                <td>{format.date(payment.at)}</td>
                <td>{payment.paidBy.name}</td>
                <td>
                  <PaymentMethod payment={payment} />
                </td>
                <td className="num">{format.amount(payment.amountMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="checkout-totals">
        <dt>
          <Trans>Paid</Trans>
        </dt>
        <dd>{format.amount(view.paidMinor)}</dd>
        {credit ? (
          <>
            <dt>
              <Trans>Credit note {credit.number}</Trans>
            </dt>
            <dd data-testid="invoice-credit-note">−{format.amount(credit.amountMinor)}</dd>
          </>
        ) : null}
        <dt className="checkout-totals__total">
          <Trans>Balance</Trans>
        </dt>
        <dd className="checkout-totals__total" data-testid="invoice-balance">
          {format.amount(view.balanceMinor)}
        </dd>
      </dl>
      {credit ? (
        <p className="invoices__note">
          {credit.reason === 'returned' ? (
            <Trans>The order was returned: this invoice is settled by the credit note.</Trans>
          ) : (
            <Trans>This invoice is settled by the credit note.</Trans>
          )}
          {credit.note ? <> {credit.note}</> : null}
        </p>
      ) : null}
    </section>
  );
}

export function PaymentMethod({ payment }: { payment: InvoicePayment }) {
  if (payment.method === 'bank-transfer' || !payment.card) return <Trans>Bank transfer</Trans>;
  const last4 = payment.card.last4;
  return <Trans>Card ending in {last4}</Trans>;
}

/** The PDF: fetched and kept when the invoice is seen, so it opens offline too. */
function PdfLink({ invoiceId, number }: { invoiceId: string; number: string }) {
  const storefront = useStorefront();
  const online = useObservableValue(online$);
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    void invoiceStoreFor(storefront)
      .then((store) => store?.pdf(invoiceId, online))
      .then(
        (blob) => {
          if (!current || !blob) return;
          url = URL.createObjectURL(blob);
          setKept(url);
        },
        (error: unknown) => {
          console.warn('The invoice PDF could not be kept for offline use.', error);
        },
      );
    return () => {
      current = false;
      setKept(null);
      if (url) URL.revokeObjectURL(url);
    };
  }, [storefront, invoiceId, online]);
  if (!kept && !online) {
    return (
      <p className="invoices__note" data-testid="invoice-pdf-offline">
        <Trans>The PDF opens offline once it was downloaded online.</Trans>
      </p>
    );
  }
  return (
    <a
      className="button-secondary"
      href={kept ?? invoicePdfUrl(invoiceId, storefront.locale)}
      download={`${number}.pdf`}
      data-testid="invoice-pdf"
    >
      <Trans>Download PDF</Trans>
    </a>
  );
}
