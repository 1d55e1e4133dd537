/** The quote pages' requests, checked at the server's edge (decision 021). */
import * as z from 'zod';
import { LOCALES } from '../storefront/storefronts';
import { idSchema } from '../sync/schemas';

export const quotesQuerySchema = z.object({ locale: z.enum(LOCALES) });

export const quotePreviewQuerySchema = z.object({
  locale: z.enum(LOCALES),
  cartId: idSchema,
  accountId: idSchema.optional(),
});

export const quoteIdParams = z.object({ id: idSchema });

/** Order a quote: it goes into this cart of the buyer's (decision 051). */
export const orderQuoteBodySchema = z.object({ locale: z.enum(LOCALES), cartId: idSchema });
