/** The invoice pages' requests, checked at the server's edge (decision 021). */
import * as z from 'zod';
import { cardSummarySchema, cardTokenSchema } from '../payment/card';
import { LOCALES } from '../storefront/storefronts';
import { idSchema } from '../sync/schemas';
import { INVOICE_STATUSES, type InvoiceStatus } from './invoice';
import { INVOICE_SEARCH_MAX } from './list';

export const invoicesQuerySchema = z.object({
  locale: z.enum(LOCALES),
  status: z.enum(INVOICE_STATUSES as [InvoiceStatus, ...InvoiceStatus[]]).optional(),
  account: idSchema.optional(),
  q: z.string().trim().max(INVOICE_SEARCH_MAX).optional(),
});

export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;

export const invoiceIdParams = z.object({ id: idSchema });

/**
 * Pay an invoice (its balance or part of it) by a saved card or a new one from the gateway's
 * fields: the store hears the card's token and summary, never its number.
 */
export const invoicePaymentBodySchema = z.object({
  amountMinor: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  card: z.discriminatedUnion('source', [
    z.object({ source: z.literal('saved'), paymentMethodId: idSchema }),
    z.object({
      source: z.literal('new'),
      token: cardTokenSchema,
      card: cardSummarySchema,
      holderName: z.string().trim().min(1).max(200),
    }),
  ]),
});

export type InvoicePaymentBody = z.infer<typeof invoicePaymentBodySchema>;

export const invoiceLocaleQuery = z.object({ locale: z.enum(LOCALES) });
