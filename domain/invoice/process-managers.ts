/**
 * What follows an invoice being issued (decision 053): the store's schedule holds its
 * overdue step for the day after its due date, so each unpaid invoice becomes overdue that
 * day by itself, without a sweep of all invoices. The step decides again on the day
 * (`MarkInvoiceOverdue`): an invoice paid or credited meanwhile is left as it is.
 */
import { defineProcessManager } from '../kinds';
import { addDays } from '../shared/calendar';
import { streamIdOf } from '../sync/stream-kind';

/** The instant an invoice's overdue step is due: the first moment after its due date (UTC). */
export function overdueDueAt(dueOn: string): string {
  return `${addDays(dueOn, 1)}T00:00:00.000Z`;
}

export const markInvoiceOverdue = defineProcessManager({
  name: 'invoice-issued-overdue-after-due-date',
  kinds: ['invoice'],
  react: (event) => {
    if (event.type !== 'InvoiceIssued') return [];
    const invoice = event.data.invoice;
    // Paid at issue: nothing will fall due.
    if (invoice.terms !== 'net-30') return [];
    const due = overdueDueAt(invoice.dueOn);
    return [
      {
        kind: 'invoice',
        streamId: streamIdOf({ name: 'invoice' }, invoice.invoiceId),
        owner: { kind: 'user', id: invoice.buyer.userId },
        storeId: invoice.storeId,
        command: { type: 'MarkInvoiceOverdue', data: { today: due.slice(0, 10) } },
        notBefore: due,
      },
    ];
  },
});
