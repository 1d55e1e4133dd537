/**
 * The words of the card fields (SPEC 3, 5) and of a refused payment (SPEC 8). The gateway's
 * hosted fields show them, but they come from the store's catalogs: the embedding page
 * translates them and hands them to the fields. Messages the store already had are reused,
 * so a rule reads the same on every form.
 */
import { CHECKOUT_MESSAGES } from '../checkout/messages';
import type { MessageDescriptor } from '../shared/message';
import { V } from '../validation/messages';
import type { CardField, CardFieldError } from './card';

export const PAYMENT_MESSAGES = {
  /** The title of the gateway's frame, read out when it is reached. */
  fieldsTitle: /*i18n*/ { id: 'payment.fields-title', message: 'Card details' },
  cardNumber: /*i18n*/ { id: 'payment.card-number', message: 'Card number' },
  expMonth: /*i18n*/ { id: 'payment.exp-month', message: 'Expiration month (MM)' },
  expYear: /*i18n*/ { id: 'payment.exp-year', message: 'Expiration year (YYYY)' },
  securityCode: /*i18n*/ { id: 'payment.security-code', message: 'Security code' },
  securityCodeHint: /*i18n*/ {
    id: 'payment.security-code-hint',
    message: '3 digits on the back of the card, 4 on the front for American Express.',
  },
  /** SPEC 5: card number, expiration date and security code are required. */
  required: V.required,
  cardNumberInvalid: V.cardNumberInvalid,
  expiryInvalid: /*i18n*/ {
    id: 'payment.expiry-invalid',
    message: 'Please enter a valid expiration date.',
  },
  /** Checked where the card is typed: a card past its expiry month. */
  cardExpired: V.cardExpired,
  /** SPEC 5: the security code's invalid-format message (the spec does not quote it). */
  securityCodeInvalid: V.securityCodeInvalid,
  /** The gateway's fields could not be reached (offline, or the gateway is down). */
  fieldsUnavailable: /*i18n*/ {
    id: 'payment.fields-unavailable',
    message: 'The card fields could not be loaded. Check your connection and try again.',
  },
  /** SPEC 8: a new card the gateway refused. */
  declined: CHECKOUT_MESSAGES.paymentDetails,
  /** SPEC 8: a saved card the gateway refused. */
  savedCardDeclined: CHECKOUT_MESSAGES.savedCardDetails,
} as const satisfies Record<string, MessageDescriptor>;

/** The label of each card field. */
export const CARD_FIELD_LABELS = {
  number: PAYMENT_MESSAGES.cardNumber,
  expMonth: PAYMENT_MESSAGES.expMonth,
  expYear: PAYMENT_MESSAGES.expYear,
  securityCode: PAYMENT_MESSAGES.securityCode,
} as const satisfies Record<CardField, MessageDescriptor>;

/** The message of each reason a card field is not accepted. */
export const CARD_FIELD_ERROR_MESSAGES = {
  required: PAYMENT_MESSAGES.required,
  numberInvalid: PAYMENT_MESSAGES.cardNumberInvalid,
  expiryInvalid: PAYMENT_MESSAGES.expiryInvalid,
  expired: PAYMENT_MESSAGES.cardExpired,
  securityCodeInvalid: PAYMENT_MESSAGES.securityCodeInvalid,
} as const satisfies Record<CardFieldError, MessageDescriptor>;
