/**
 * The quote commands a browser sends, checked at the server's edge (decision 021): ids and
 * shapes only; the rules are the decider's. The store's own commands (expiry, ordered) are
 * never taken from a browser.
 */
import * as z from 'zod';
import { idSchema } from '../sync/schemas';
import { email } from '../validation/fields';
import { QUOTE_EMAIL_MAX } from './quote';

const metadata = z.object({ commandId: idSchema, now: z.iso.datetime({ offset: true }) });

export const quoteCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('RequestQuote'),
    data: z.object({ quoteId: idSchema, cartId: idSchema, accountId: idSchema.nullable() }),
    metadata,
  }),
  z.object({ type: z.literal('CancelQuote'), data: z.object({}).strict(), metadata }),
  z.object({
    type: z.literal('EmailQuote'),
    data: z.object({ to: email(QUOTE_EMAIL_MAX).nullable() }),
    metadata,
  }),
]);
