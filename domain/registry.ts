/**
 * Every stream kind of the store and its process managers, registered once (decision 018).
 * The browser's sync engine, the server's event store and routes, and the database take their
 * kinds from here; a new aggregate (quote, invoice) is added to `kinds.ts` and nowhere else.
 */
import { markInvoiceOverdue } from './invoice/process-managers';
import { STREAM_KINDS } from './kinds';
import { clearCartOnOrder, closeCheckoutOnOrder } from './order/process-managers';
import { expireQuoteAfterLastDay, recordQuoteOrdered } from './quote/process-managers';
import { streamRegistry } from './sync/stream-kind';

export const STREAM_REGISTRY = streamRegistry(Object.values(STREAM_KINDS), [
  clearCartOnOrder,
  closeCheckoutOnOrder,
  expireQuoteAfterLastDay,
  recordQuoteOrdered,
  markInvoiceOverdue,
]);
