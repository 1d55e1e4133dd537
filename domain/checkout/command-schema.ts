/**
 * Checkout commands as they arrive at the server (decision 021): their shape, sizes and ids,
 * and text the database can hold; what a buyer types holds no card number, and a new card
 * comes as the gateway's token only (decision 045). The rules of each choice are the
 * decider's, which answers in the spec's words. `RecordOrderPlaced` and
 * `RecordPaymentDeclined` are not here: only the store issues them, never a browser.
 */
import * as z from 'zod';
import { cardTokenSchema } from '../payment/card';
import { idSchema } from '../sync/schemas';
import { noCardNumber } from '../validation/card-number-check';
import { CARD_BRANDS } from '../validation/payment';
import { storableText } from '../validation/storable-check';
import { SHIPPING_METHOD_IDS } from './shipping-methods';

const metadata = z.object({ commandId: idSchema, now: z.iso.datetime({ offset: true }) });
/**
 * Text that is not typed, or whose digits are its own (a phone number, an email address: a
 * card number pasted there fails the rules' format).
 */
const plain = (max: number) => z.string().max(max).check(storableText());
/** Text the buyer types: no card number in it. */
const text = (max: number) => plain(max).check(noCardNumber());
const optional = (max: number) => text(max).optional();
const uuidLike = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const cart = z.object({
  cartId: idSchema,
  version: z.number().int().min(0).max(2_147_483_647),
  fingerprint: plain(20_000),
});

const address = z.object({
  firstName: text(200),
  lastName: text(200),
  organization: optional(200),
  line1: text(400),
  line2: optional(400),
  line3: optional(400),
  town: text(200),
  region: optional(20),
  postalCode: text(40),
  country: plain(2),
  phone: plain(40).optional(),
});

const platform = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('existing'), accountNumber: text(40) }),
  z.object({ mode: z.literal('new') }),
]);

/** What the store may hear of a card: the gateway's token and summary, never its number. */
const card = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
});

const contact = z.object({
  firstName: text(200),
  lastName: text(200),
  email: plain(300),
  phone: z.object({ countryIso: plain(2), phoneCode: plain(5), e164: plain(40) }),
});

const payment = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('purchase-order'),
    poNumber: text(200),
    invoiceContact: contact,
  }),
  z.discriminatedUnion('source', [
    z.object({
      method: z.literal('card'),
      source: z.literal('saved'),
      paymentMethodId: uuidLike,
      card,
      holderName: text(200),
    }),
    z.object({
      method: z.literal('card'),
      source: z.literal('new'),
      token: cardTokenSchema,
      card,
      firstName: text(200),
      lastName: text(200),
      saveCard: z.boolean(),
    }),
  ]),
  z.object({ method: z.literal('bank-transfer') }),
  z.object({
    method: z.literal('third-party'),
    payer: z.object({
      organization: text(200),
      contact: contact,
      reference: text(200),
    }),
  }),
]);

export const checkoutCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('StartCheckout'), data: z.object({ cart }), metadata }),
  z.object({ type: z.literal('RestartCheckout'), data: z.object({ cart }), metadata }),
  z.object({
    type: z.literal('ChooseCustomerAccount'),
    data: z.object({ accountId: uuidLike }),
    metadata,
  }),
  z.object({
    type: z.literal('ChooseQualifiedUser'),
    data: z.object({ userId: uuidLike }),
    metadata,
  }),
  z.object({ type: z.literal('ChooseQglobalAccount'), data: platform, metadata }),
  z.object({
    type: z.literal('ChooseAimswebAccount'),
    data: z.intersection(platform, z.object({ termsAccepted: z.boolean() })),
    metadata,
  }),
  z.object({
    type: z.literal('ChooseShippingAddress'),
    data: z.object({ address, saveToAddressBook: z.boolean() }),
    metadata,
  }),
  z.object({
    type: z.literal('ChooseShippingMethod'),
    data: z.object({ method: z.enum(SHIPPING_METHOD_IDS) }),
    metadata,
  }),
  z.object({
    type: z.literal('ChooseBillingAddress'),
    data: z.discriminatedUnion('sameAsShipping', [
      z.object({ sameAsShipping: z.literal(true) }),
      z.object({ sameAsShipping: z.literal(false), address }),
    ]),
    metadata,
  }),
  z.object({ type: z.literal('ChoosePayment'), data: payment, metadata }),
  z.object({
    type: z.literal('GiveTrainingParticipants'),
    data: z.object({
      code: text(64),
      // A seat each; the decider checks the count against the cart's quantity.
      participants: z
        .array(
          z.object({
            firstName: text(200),
            lastName: text(200),
            email: plain(300),
            firstPreferredDate: text(40),
            secondPreferredDate: text(40),
          }),
        )
        .max(1_000),
    }),
    metadata,
  }),
]);
