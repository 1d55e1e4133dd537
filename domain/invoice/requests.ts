/** The invoice pages' requests, checked at the server's edge (decision 021). */
import * as z from 'zod';
import { LOCALES } from '../storefront/storefronts';
import { idSchema } from '../sync/schemas';
import { INVOICE_STATUSES, type InvoiceStatus } from './invoice';

/** The longest search text: an invoice, order or PO number (a PO number is at most 30). */
export const INVOICE_SEARCH_MAX = 40;

export const invoicesQuerySchema = z.object({
  locale: z.enum(LOCALES),
  status: z.enum(INVOICE_STATUSES as [InvoiceStatus, ...InvoiceStatus[]]).optional(),
  account: idSchema.optional(),
  q: z.string().trim().max(INVOICE_SEARCH_MAX).optional(),
});

export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;

export const invoiceIdParams = z.object({ id: idSchema });
