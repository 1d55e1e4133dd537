/**
 * Payment Cards (SPEC 2.7; decision 056): what a buyer sends to save a card with no order,
 * the gateway's one-time token from its hosted fields and the holder's names (SPEC 5 "Card
 * names"); never a card number or security code. The store asks the gateway what the token
 * stands for (brand, last four digits, expiry) rather than taking the browser's word.
 */
import * as z from 'zod';
import { cardNameSchema, cardTokenSchema } from '../payment/card';
import type { MessageDescriptor } from '../shared/message';

export const newPaymentCardSchema = z.strictObject({
  token: cardTokenSchema,
  firstName: cardNameSchema,
  lastName: cardNameSchema,
});

export type NewPaymentCard = z.output<typeof newPaymentCardSchema>;

/** The holder's name as the store keeps it. */
export function holderNameOf(card: Pick<NewPaymentCard, 'firstName' | 'lastName'>): string {
  return `${card.firstName} ${card.lastName}`;
}

export const PAYMENT_CARD_MESSAGES = {
  saved: /*i18n*/ { id: 'payment-cards.saved', message: 'Your card has been saved.' },
  removed: /*i18n*/ { id: 'payment-cards.removed', message: 'The card has been removed.' },
  defaultSet: /*i18n*/ {
    id: 'payment-cards.default-set',
    message: 'This card is now your default card.',
  },
  notFound: /*i18n*/ {
    id: 'payment-cards.not-found',
    message: 'This card is no longer saved to your account.',
  },
} as const satisfies Record<string, MessageDescriptor>;
