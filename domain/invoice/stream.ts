/**
 * The invoice as a stream kind (decision 018, 053): a stream per order's invoice, written by
 * the store only (issued by a process manager, paid through the invoice payment request,
 * overdue by the daily step, credited when its order is returned). Browsers read it through
 * the `invoices` read model (`GET /api/invoices`), never push to it.
 */
import * as z from 'zod';
import { defineStreamKind } from '../sync/stream-kind';
import {
  invoiceDecider,
  upcastInvoiceEvent,
  type InvoiceCommand,
  type InvoiceEvent,
  type InvoiceState,
} from './invoice';
import { INVOICE_MESSAGES } from './messages';

/** The invoice document of the `invoices` read model: the invoice's whole state once issued. */
export const INVOICES_READ_MODEL = 'invoices';

export const invoiceStreamKind = defineStreamKind<InvoiceState, InvoiceCommand, InvoiceEvent>({
  name: 'invoice',
  // Written by the store only: paying is its own online request.
  address: null,
  owners: 'users',
  perStore: true,
  initialState: invoiceDecider.initialState,
  decide: invoiceDecider.decide,
  evolve: invoiceDecider.evolve,
  upcast: upcastInvoiceEvent,
  // No browser pushes invoices (no address); the store's commands are made in code.
  commandSchema: z.never(),
  refused: INVOICE_MESSAGES.refused,
  snapshotShape: 1,
  readModels: [
    { name: INVOICES_READ_MODEL, shape: 1, project: (state) => (state.invoice ? state : null) },
  ],
});
