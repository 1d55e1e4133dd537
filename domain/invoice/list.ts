/**
 * The invoices list (decision 053): an account's invoices filtered by status and account,
 * searched by invoice, order or PO number, and the open balance and ageing of each account.
 * Pure: the store's route and the browser's offline copy give the same answer.
 */
import { ageingByAccount, emptyAgeing, type AccountAgeing } from './ageing';
import type { InvoiceStatus, InvoiceView } from './invoice';

/** The longest search text: an invoice, order or PO number (a PO number is at most 30). */
export const INVOICE_SEARCH_MAX = 40;

export interface InvoiceFilter {
  readonly status?: InvoiceStatus | undefined;
  readonly account?: string | undefined;
  readonly q?: string | undefined;
}

/** Letters and digits only, upper case: 'inv-4820 001' finds INV48200011. */
const normalized = (text: string): string => text.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** Whether the invoice has a number (its own, its order's or its PO's) containing the text. */
export function matchesSearch(view: InvoiceView, q: string): boolean {
  const wanted = normalized(q);
  if (wanted === '') return true;
  const invoice = view.invoice;
  if (!invoice) return false;
  return [invoice.number, invoice.webReference, invoice.orderNumber, invoice.poNumber].some(
    (n) => n !== null && normalized(n).includes(wanted),
  );
}

export function filterInvoices(
  views: readonly InvoiceView[],
  filter: InvoiceFilter,
): InvoiceView[] {
  return views.filter(
    (view) =>
      (!filter.status || view.status === filter.status) &&
      (!filter.account || view.invoice?.account.id === filter.account) &&
      (!filter.q || matchesSearch(view, filter.q)),
  );
}

export interface InvoiceAccountSummary extends AccountAgeing {
  readonly number: string;
  readonly name: string;
}

/** Each account's open balance and ageing on `today`, from all its invoices (not the filter). */
export function accountSummaries(
  views: readonly InvoiceView[],
  today: string,
): InvoiceAccountSummary[] {
  const accounts = new Map<string, { number: string; name: string }>();
  for (const view of views) {
    const account = view.invoice?.account;
    if (account) accounts.set(account.id, { number: account.number, name: account.name });
  }
  const ageing = new Map(
    ageingByAccount(
      views.flatMap((view) =>
        view.invoice
          ? [
              {
                accountId: view.invoice.account.id,
                dueOn: view.invoice.dueOn,
                balanceMinor: view.balanceMinor,
              },
            ]
          : [],
      ),
      today,
    ).map((a) => [a.accountId, a]),
  );
  return [...accounts].map(([accountId, account]) => ({
    accountId,
    ...account,
    balanceMinor: ageing.get(accountId)?.balanceMinor ?? 0,
    buckets: ageing.get(accountId)?.buckets ?? emptyAgeing(),
  }));
}
