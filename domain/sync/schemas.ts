/**
 * The sync protocol's requests, checked at the server's edge: the push envelope and the
 * cart and saved-cart commands. Quantities and names are checked by the deciders, which
 * answer in the spec's words; here only the shape, sizes and ids, and that nothing reaches
 * the database that it cannot hold (decision 021): text with U+0000 or a lone surrogate,
 * numbers beyond an integer column; and no card number in what a buyer types (decision 045).
 */
import * as z from 'zod';
import { MAX_LINE_QUANTITY } from '../cart/limits';
import { SAVED_CART_DESCRIPTION_MAX, SAVED_CART_NAME_MAX } from '../saved-cart/saved-carts';
import { noCardNumber } from '../validation/card-number-check';
import { boundedInt, freeText, requestText } from '../validation/fields';
import { V } from '../validation/messages';
import { INT32_MAX } from '../validation/storable';
import { storableText } from '../validation/storable-check';

/** Ids the browser makes: UUIDs, or other short url-safe tokens. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
export const idSchema = z.string().regex(CLIENT_ID);

const metadata = z.object({ commandId: idSchema, now: z.iso.datetime({ offset: true }) });
/** A product or promotion code as a buyer types it (quick order): no card number. */
const code = z.string().trim().min(1).max(40).check(storableText(), noCardNumber());

/**
 * A quantity as the decider takes it: zero, a negative, a fraction or one above the line
 * limit is refused there in the spec's words; only what no integer column holds is a 400,
 * in the same words.
 */
const quantity = z.number({ error: V.quantityNotPositive.id }).superRefine((value, ctx) => {
  if (value > INT32_MAX) {
    ctx.addIssue({
      code: 'custom',
      message: V.quantityTooLarge.id,
      params: { values: { max: MAX_LINE_QUANTITY } },
    });
  } else if (value < -INT32_MAX) {
    ctx.addIssue({ code: 'custom', message: V.quantityNotPositive.id });
  }
});
const item = z.object({ code, quantity });

/** Lines one merge or one saved cart may carry. */
export const MAX_ITEMS_PER_COMMAND = 200;

export const cartCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AddItem'), data: item, metadata }),
  z.object({
    type: z.literal('AddItems'),
    data: z.object({
      items: z.array(item).min(1).max(MAX_ITEMS_PER_COMMAND),
      source: z.enum(['quick-order', 'saved-cart', 'reorder']),
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
      orderId: requestText(64).optional(),
      lines: z.array(item).max(MAX_ITEMS_PER_COMMAND).optional(),
    }),
    metadata,
  }),
]);

const savedLine = z.object({
  code,
  name: freeText(300),
  programName: freeText(300),
  quantity: boundedInt(1, MAX_LINE_QUANTITY),
});

export const savedCartCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('SaveCart'),
    data: z.object({
      savedCartId: idSchema,
      name: freeText(SAVED_CART_NAME_MAX * 2),
      description: freeText(SAVED_CART_DESCRIPTION_MAX * 2).optional(),
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
