/**
 * The sync protocol's requests, checked at the server's edge: the push envelope and the
 * cart and saved-cart commands. Quantities and names are checked by the deciders, which
 * answer in the spec's words; here only the shape, sizes and ids.
 */
import * as z from 'zod';
import { SAVED_CART_DESCRIPTION_MAX, SAVED_CART_NAME_MAX } from '../saved-cart/saved-carts';

/** Ids the browser makes: UUIDs, or other short url-safe tokens. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
export const idSchema = z.string().regex(CLIENT_ID);

const metadata = z.object({ commandId: idSchema, now: z.iso.datetime({ offset: true }) });
const code = z.string().trim().min(1).max(40);
const item = z.object({ code, quantity: z.number().finite() });

/** Lines one merge or one saved cart may carry. */
export const MAX_ITEMS_PER_COMMAND = 200;

export const cartCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AddItem'), data: item, metadata }),
  z.object({
    type: z.literal('AddItems'),
    data: z.object({
      items: z.array(item).min(1).max(MAX_ITEMS_PER_COMMAND),
      source: z.enum(['quick-order', 'saved-cart']),
    }),
    metadata,
  }),
  z.object({ type: z.literal('ChangeQuantity'), data: item, metadata }),
  z.object({ type: z.literal('RemoveItem'), data: z.object({ code }), metadata }),
  z.object({
    type: z.literal('ApplyPromotion'),
    data: z.object({ code, productCode: code.optional() }),
    metadata,
  }),
  z.object({ type: z.literal('RemovePromotion'), data: z.object({ code }), metadata }),
  z.object({
    type: z.literal('ChooseAccount'),
    data: z.object({ accountId: idSchema }),
    metadata,
  }),
  z.object({
    type: z.literal('MergeCart'),
    data: z.object({
      fromCartId: idSchema,
      items: z.array(item).max(MAX_ITEMS_PER_COMMAND),
      promotionCodes: z.array(code).max(20),
    }),
    metadata,
  }),
  z.object({ type: z.literal('DismissNotices'), data: z.object({}).strict(), metadata }),
  z.object({
    type: z.literal('ClearCart'),
    data: z.object({
      reason: z.enum(['checkout', 'merged', 'emptied']),
      orderId: z.string().max(64).optional(),
    }),
    metadata,
  }),
]);

const savedLine = z.object({
  code,
  name: z.string().max(300),
  programName: z.string().max(300),
  quantity: z.number().int().min(1).max(9_999),
});

export const savedCartCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('SaveCart'),
    data: z.object({
      savedCartId: idSchema,
      name: z.string().max(SAVED_CART_NAME_MAX * 2),
      description: z
        .string()
        .max(SAVED_CART_DESCRIPTION_MAX * 2)
        .optional(),
      lines: z.array(savedLine).max(MAX_ITEMS_PER_COMMAND),
    }),
    metadata,
  }),
  z.object({
    type: z.literal('RestoreSavedCart'),
    data: z.object({ savedCartId: idSchema, intoCartId: idSchema }),
    metadata,
  }),
  z.object({
    type: z.literal('DeleteSavedCart'),
    data: z.object({ savedCartId: idSchema }),
    metadata,
  }),
]);

export function pushRequestSchema<T extends z.ZodType>(command: T) {
  return z.object({
    clientId: idSchema,
    seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    commandId: idSchema,
    expectedVersion: z.number().int().min(0),
    command,
  });
}

export const streamQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
});
