/**
 * A payment's receipt (SPEC 2.1 /invoices/{id}/payment/confirmation; decision 053): the amount
 * paid, by which card, when and by whom, and what is left to pay; the same receipt goes by
 * email. Opens offline once seen (the invoice is kept with its payments).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData } from 'react-router';
import { balanceAfterPayment } from '../../../../domain/invoice/invoice';
import { quoteFormat } from '../../../shell/quote/quote-format';
import { useStorefront } from '../../../shell/use-storefront';
import { languageTag } from '../../../shell/storefront-label';
import { invoiceDetailsPath, invoicePaymentPath, invoicesPath } from '../invoice-paths';
import type { InvoiceConfirmationRouteData } from '../invoices-loader';
import { InvoiceFrame, PaymentMethod } from './InvoiceDetailsPage';
import { InvoiceStatusLabel } from './InvoicesPage';
import '../invoices.css';

export function InvoicePaymentConfirmationPage() {
  const { t } = useLingui();
  const { view, payment, signedIn, problem, fresh } = useLoaderData<InvoiceConfirmationRouteData>();
  const storefront = useStorefront();
  const invoice = view?.invoice ?? null;
  const found = Boolean(invoice && view);
  return (
    <div className="page invoice-confirmation">
      <title>{t`Payment received | Assessments Store`}</title>
      <InvoiceFrame signedIn={signedIn} problem={problem} found={found} fresh={fresh}>
        {invoice && view ? (
          payment ? (
            <Receipt />
          ) : (
            <>
              <h1>
                <Trans>Payment not found</Trans>
              </h1>
              <p>
                <Trans>
                  This payment is not on the invoice. See the invoice’s{' '}
                  <Link to={invoiceDetailsPath(storefront, invoice.invoiceId)}>payments</Link>.
                </Trans>
              </p>
            </>
          )
        ) : null}
      </InvoiceFrame>
    </div>
  );
}

function Receipt() {
  const { view, payment } = useLoaderData<InvoiceConfirmationRouteData>();
  const storefront = useStorefront();
  const invoice = view?.invoice;
  if (!view || !invoice || !payment) return null;
  const format = quoteFormat(storefront, invoice.currency);
  const when = new Intl.DateTimeFormat(languageTag(storefront), {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(payment.at));
  const number = invoice.number;
  const amount = format.amount(payment.amountMinor);
  // What was left once this payment was taken (later payments may have paid more since).
  const after = balanceAfterPayment(view, payment.paymentId) ?? view.balanceMinor;
  // A receipt is mailed for a payment made after issue (decision 053).
  const mailed = payment.source !== 'checkout' && invoice.terms !== 'paid-at-issue';
  const email = payment.paidBy.email;
  return (
    <>
      <h1>
        <Trans>Thank you: payment received</Trans>
      </h1>
      <p data-testid="invoice-receipt-summary">
        {mailed ? (
          <Trans>
            We received {amount} for invoice {number}. A receipt is on its way to {email}.
          </Trans>
        ) : (
          <Trans>
            We received {amount} for invoice {number}.
          </Trans>
        )}
      </p>
      <dl className="invoice-receipt" data-testid="invoice-receipt">
        <dt>
          <Trans>Invoice</Trans>
        </dt>
        <dd>
          <Link to={invoiceDetailsPath(storefront, invoice.invoiceId)}>{invoice.number}</Link>
        </dd>
        <dt>
          <Trans>Amount paid</Trans>
        </dt>
        <dd data-testid="receipt-amount">{amount}</dd>
        <dt>
          <Trans>Paid with</Trans>
        </dt>
        <dd>
          <PaymentMethod payment={payment} />
        </dd>
        <dt>
          <Trans>Date</Trans>
        </dt>
        <dd>{when}</dd>
        <dt>
          <Trans>Paid by</Trans>
        </dt>
        <dd>{payment.paidBy.name}</dd>
        <dt>
          <Trans>Balance after this payment</Trans>
        </dt>
        <dd data-testid="receipt-balance">{format.amount(after)}</dd>
        <dt>
          <Trans>Invoice status</Trans>
        </dt>
        <dd>
          <InvoiceStatusLabel status={view.status} />
        </dd>
      </dl>
      <p className="invoice-details__actions">
        {view.balanceMinor > 0 && !view.creditNote ? (
          <Link className="button-link" to={invoicePaymentPath(storefront, invoice.invoiceId)}>
            <Trans>Pay the rest</Trans>
          </Link>
        ) : null}
        <Link className="button-secondary" to={invoicesPath(storefront)}>
          <Trans>All invoices</Trans>
        </Link>
      </p>
    </>
  );
}
