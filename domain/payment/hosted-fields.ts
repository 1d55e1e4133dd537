/**
 * The hosted card fields: what the browser needs to mount a payment gateway's fields, and
 * the messages the store's page and the gateway's frame exchange (decision 026). The page
 * sends the words and the language and asks for a token; the frame answers with its height,
 * whether the card is complete, and the token with what the store may know of the card.
 * No message ever carries the card number or the security code.
 */
import * as z from 'zod';
import {
  CARD_BRANDS,
  CARD_FIELD_ERRORS,
  CARD_FIELDS,
  tokenizedCardSchema,
  type CardField,
  type CardFieldError,
} from './card';

/** What the store's API tells the browser about the gateway's fields. */
export const hostedFieldsConfigSchema = z.strictObject({
  /** The gateway's id: 'sandbox', 'stripe', 'adyen'. */
  gateway: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
  /**
   * The page of the gateway's fields, absolute or relative to the store's page. Its origin
   * is the only one the page talks to.
   */
  frameUrl: z.string().min(1).max(2000),
  /** The gateway's public key, for gateways whose script needs one. */
  publishableKey: z.string().min(1).max(500).optional(),
});

export type HostedFieldsConfig = z.output<typeof hostedFieldsConfigSchema>;

/** The words the frame shows, in the page's language. */
export interface HostedFieldsTexts {
  /** A BCP 47 language tag ('en', 'fr', 'nl', 'es'). */
  readonly locale: string;
  readonly title: string;
  readonly labels: Readonly<Record<CardField, string>>;
  readonly hints: Readonly<Partial<Record<CardField, string>>>;
  readonly messages: Readonly<Record<CardFieldError, string>>;
}

const text = z.string().max(500);
const fieldErrors = z.partialRecord(z.enum(CARD_FIELDS), z.enum(CARD_FIELD_ERRORS));
const requestId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

export const hostedFieldsTextsSchema = z.strictObject({
  locale: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
  title: text,
  labels: z.strictObject({ number: text, expMonth: text, expYear: text, securityCode: text }),
  hints: z.partialRecord(z.enum(CARD_FIELDS), text),
  messages: z.strictObject({
    required: text,
    numberInvalid: text,
    expiryInvalid: text,
    expired: text,
    securityCodeInvalid: text,
  }),
});

/** From the store's page to the frame. */
export const pageToFrameMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('init'), texts: hostedFieldsTextsSchema }),
  z.strictObject({ type: z.literal('tokenize'), requestId }),
  z.strictObject({ type: z.literal('focus'), field: z.enum(CARD_FIELDS) }),
]);

export type PageToFrameMessage = z.output<typeof pageToFrameMessageSchema>;

/** From the frame to the store's page. */
export const frameToPageMessageSchema = z.discriminatedUnion('type', [
  /** Loaded and listening: the page sends `init`. */
  z.strictObject({ type: z.literal('ready') }),
  /** The height the fields need, in CSS pixels. */
  z.strictObject({ type: z.literal('resize'), height: z.number().min(0).max(10_000) }),
  /** After each change: whether every field holds an acceptable value, and the brand. */
  z.strictObject({
    type: z.literal('change'),
    complete: z.boolean(),
    empty: z.boolean(),
    brand: z.enum(CARD_BRANDS),
  }),
  /** Enter pressed in a field: the page may go on as if its own button were pressed. */
  z.strictObject({ type: z.literal('submit') }),
  z.strictObject({ type: z.literal('tokenized'), requestId, card: tokenizedCardSchema }),
  z.strictObject({ type: z.literal('invalid'), requestId, errors: fieldErrors }),
  /** The gateway could not be reached or failed; nothing was kept. */
  z.strictObject({ type: z.literal('failed'), requestId }),
]);

export type FrameToPageMessage = z.output<typeof frameToPageMessageSchema>;
