/** The invoices list (decision 053): filters, the search by any of an invoice's numbers, ageing. */
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/calendar';
import { replay } from '../shared/decider';
import { invoiceDecider, invoiceView, type InvoiceEvent, type InvoiceView } from './invoice';
import { accountSummaries, filterInvoices, matchesSearch } from './list';
import { events, issued, payment } from './test-fixtures';

const { invoice } = issued();
const viewOf = (history: readonly InvoiceEvent[]): InvoiceView =>
  invoiceView(replay(invoiceDecider, history), history.length);

const open = viewOf([events.issued(invoice)]);
const other = viewOf([
  events.issued({
    ...invoice,
    invoiceId: 'other',
    number: 'INV55555550',
    poNumber: 'PO-OTHER',
    account: { ...invoice.account, id: 'lakeshore', number: '1207', name: 'Lakeshore' },
  }),
  events.paid(payment('pay-1', invoice.totals.totalMinor)),
]);

describe('the invoices list', () => {
  it('finds an invoice by its number, its order’s or its PO’s, whatever the case and dashes', () => {
    expect(matchesSearch(open, invoice.number.toLowerCase())).toBe(true);
    expect(matchesSearch(open, invoice.webReference)).toBe(true);
    expect(matchesSearch(open, (invoice.poNumber ?? '').toLowerCase().replace(/-/g, ' '))).toBe(
      true,
    );
    expect(matchesSearch(open, 'PO-OTHER')).toBe(false);
    expect(matchesSearch(open, ' - ')).toBe(true);
  });

  it('filters by status and account', () => {
    expect(filterInvoices([open, other], { status: 'paid' })).toEqual([other]);
    expect(filterInvoices([open, other], { status: 'open' })).toEqual([open]);
    expect(filterInvoices([open, other], { account: 'lakeshore' })).toEqual([other]);
    expect(filterInvoices([open, other], { q: 'po-other', status: 'open' })).toEqual([]);
    expect(filterInvoices([open, other], {})).toEqual([open, other]);
  });

  it('sums each account’s open balance by age; a paid account owes nothing', () => {
    const today = addDays(invoice.dueOn, 31);
    expect(accountSummaries([open, other], today)).toEqual([
      {
        accountId: invoice.account.id,
        number: invoice.account.number,
        name: invoice.account.name,
        balanceMinor: invoice.totals.totalMinor,
        buckets: {
          current: 0,
          '1-30': 0,
          '31-60': invoice.totals.totalMinor,
          '61-90': 0,
          'over-90': 0,
        },
      },
      {
        accountId: 'lakeshore',
        number: '1207',
        name: 'Lakeshore',
        balanceMinor: 0,
        buckets: { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, 'over-90': 0 },
      },
    ]);
  });
});
