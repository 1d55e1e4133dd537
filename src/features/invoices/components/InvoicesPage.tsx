/**
 * Invoices (SPEC 2.1 /invoices; decision 053): the invoices of the buyer's accounts in this
 * store, newest first, filtered by status and account and searched by invoice, order or PO
 * number (the filters live in the address), with each account's open balance and its ageing:
 * current, 1-30, 31-60, 61-90 and over 90 days past due. Offline, the list kept on this device.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from 'react-router';
import { AGEING_BUCKETS, AGEING_LABELS } from '../../../../domain/invoice/ageing';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../../domain/invoice/invoice';
import {
  INVOICE_SEARCH_MAX,
  type InvoiceAccountSummary,
  type InvoiceFilter,
} from '../../../../domain/invoice/list';
import { INVOICE_STATUS_LABELS } from '../../../../domain/invoice/messages';
import type { InvoiceView } from '../../../infra/invoices/invoice-store';
import { quoteFormat } from '../../../shell/quote/quote-format';
import { useStorefront } from '../../../shell/use-storefront';
import { invoiceDetailsPath, invoicesPath } from '../invoice-paths';
import type { InvoicesRouteData } from '../invoices-loader';
import { SignInToSee } from './SignInToSee';
import '../invoices.css';

export function InvoicesPage() {
  const { t, i18n } = useLingui();
  const data = useLoaderData<InvoicesRouteData>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const headingId = useId();
  const { invoices, shown, accounts, fresh, filter, signedIn, problem } = data;
  const filtered = Boolean(filter.status || filter.account || filter.q);
  return (
    <div className="page invoices">
      <title>{t`Invoices | Assessments Store`}</title>
      <h1 id={headingId}>
        <Trans>Invoices</Trans>
      </h1>
      {!signedIn ? (
        <SignInToSee />
      ) : (
        <>
          <p className="invoices__intro">
            <Trans>
              The invoices of your customer accounts on this store. Everyone on an account sees its
              invoices and can pay them.
            </Trans>
          </p>
          {!fresh && !problem ? (
            <p className="invoices__note" role="status" data-testid="invoices-offline">
              <Trans>You are offline: these are the invoices kept on this device.</Trans>
            </p>
          ) : null}
          {problem ? (
            <div className="invoices__problem" role="alert">
              <p>{i18n._(problem)}</p>
              <button
                type="button"
                className="button-secondary"
                onClick={() => {
                  void revalidator.revalidate();
                }}
              >
                <Trans>Try again</Trans>
              </button>
            </div>
          ) : invoices.length === 0 ? (
            <p data-testid="invoices-empty">
              <Trans>
                You have no invoices on this store yet. An order paid by purchase order is invoiced
                when it ships.
              </Trans>
            </p>
          ) : (
            <>
              <AccountBalances accounts={accounts} />
              <InvoiceFilters filter={filter} accounts={accounts} />
              <div aria-live="polite" aria-busy={navigation.state === 'loading'}>
                {shown.length === 0 ? (
                  <p data-testid="invoices-none-match">
                    {filtered ? <Trans>No invoices match these filters.</Trans> : null}
                  </p>
                ) : (
                  <InvoicesTable invoices={shown} labelledBy={headingId} />
                )}
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}

export function InvoiceStatusLabel({ status }: { status: InvoiceStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`invoice-status invoice-status--${status}`} data-testid="invoice-status">
      {i18n._(INVOICE_STATUS_LABELS[status])}
    </span>
  );
}

/** Each account's open balance, and how much of it is how late. */
function AccountBalances({ accounts }: { accounts: readonly InvoiceAccountSummary[] }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const storefront = useStorefront();
  const format = quoteFormat(storefront, storefront.currency);
  return (
    <section className="invoices__balances" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Open balance</Trans>
      </h2>
      {/* Scrolls sideways on a phone: focusable, so a keyboard scrolls it too. */}
      <div
        className="invoices__scroll"
        role="region"
        aria-label={t`Open balance by account and age`}
        tabIndex={0}
      >
        <table className="invoices__table invoices__ageing" data-testid="invoice-ageing">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Account</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Open balance</Trans>
              </th>
              {AGEING_BUCKETS.map((bucket) => (
                <th key={bucket} scope="col" className="num">
                  {i18n._(AGEING_LABELS[bucket])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.accountId} data-testid="invoice-account">
                <th scope="row">
                  {account.name} ({account.number})
                </th>
                <td className="num" data-testid="invoice-account-balance">
                  {format.amount(account.balanceMinor)}
                </td>
                {AGEING_BUCKETS.map((bucket) => (
                  <td key={bucket} className="num" data-label={i18n._(AGEING_LABELS[bucket])}>
                    {format.amount(account.buckets[bucket])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function InvoiceFilters({
  filter,
  accounts,
}: {
  filter: InvoiceFilter;
  accounts: readonly InvoiceAccountSummary[];
}) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const id = useId();
  return (
    <Form method="get" className="invoices__filters" role="search" aria-label={t`Find invoices`}>
      <div className="invoices__field invoices__field--search">
        <label htmlFor={`${id}-q`}>
          <Trans>Invoice, order or PO number</Trans>
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={INVOICE_SEARCH_MAX}
          defaultValue={filter.q ?? ''}
          autoComplete="off"
        />
      </div>
      <div className="invoices__field">
        <label htmlFor={`${id}-status`}>
          <Trans>Status</Trans>
        </label>
        <select id={`${id}-status`} name="status" defaultValue={filter.status ?? ''}>
          <option value="">{t`Any status`}</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(INVOICE_STATUS_LABELS[status])}
            </option>
          ))}
        </select>
      </div>
      <div className="invoices__field">
        <label htmlFor={`${id}-account`}>
          <Trans>Account</Trans>
        </label>
        <select id={`${id}-account`} name="account" defaultValue={filter.account ?? ''}>
          <option value="">{t`All accounts`}</option>
          {accounts.map((account) => (
            <option key={account.accountId} value={account.accountId}>
              {account.name} ({account.number})
            </option>
          ))}
        </select>
      </div>
      <div className="invoices__filter-actions">
        <button type="submit" className="button-link">
          <Trans>Show invoices</Trans>
        </button>
        <Link to={invoicesPath(storefront)} className="button-secondary">
          <Trans>Clear filters</Trans>
        </Link>
      </div>
    </Form>
  );
}

function InvoicesTable({
  invoices,
  labelledBy,
}: {
  invoices: readonly InvoiceView[];
  labelledBy: string;
}) {
  const storefront = useStorefront();
  return (
    <table className="invoices__table invoices__list" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Invoice</Trans>
          </th>
          <th scope="col">
            <Trans>Issued</Trans>
          </th>
          <th scope="col">
            <Trans>Due</Trans>
          </th>
          <th scope="col">
            <Trans>Order</Trans>
          </th>
          <th scope="col">
            <Trans>PO number</Trans>
          </th>
          <th scope="col">
            <Trans>Account</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Total</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Balance</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((view) => {
          const invoice = view.invoice;
          if (!invoice) return null;
          const format = quoteFormat(storefront, invoice.currency);
          return (
            <tr key={invoice.invoiceId} data-testid="invoice-row">
              <th scope="row">
                <Link to={invoiceDetailsPath(storefront, invoice.invoiceId)}>{invoice.number}</Link>
              </th>
              <td>{format.date(invoice.issuedOn)}</td>
              <td>{format.date(invoice.dueOn)}</td>
              <td>{invoice.orderNumber ?? invoice.webReference}</td>
              <td>{invoice.poNumber ?? ''}</td>
              <td>
                {invoice.account.name} ({invoice.account.number})
              </td>
              <td>
                <InvoiceStatusLabel status={view.status} />
              </td>
              <td className="num">{format.amount(invoice.totals.totalMinor)}</td>
              <td className="num" data-testid="invoice-balance">
                {format.amount(view.balanceMinor)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
