/** Quote messages (SPEC 2.5, 8), and the reason line that goes under the refusal. */
import type { MessageDescriptor } from '../shared/message';

export const QUOTE_MESSAGES = {
  notCompleted: /*i18n*/ {
    id: 'quote.not-completed',
    message: 'We are sorry but your quote could not be completed...',
  },
  submitError: /*i18n*/ { id: 'quote.submit-error', message: 'Error submitting quote.' },
  /** The name of the saved cart that keeps what a cart held before a quote took its place. */
  savedBefore: /*i18n*/ { id: 'quote.saved-before', message: 'Before quote {number} {version}' },
  requestedOffline: /*i18n*/ {
    id: 'quote.requested-offline',
    message: 'Quote requested: it will be numbered when you are back online',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Why a quote could not be created, ordered or changed: the line under the message. */
export const QUOTE_REASONS = {
  'quote.expired': /*i18n*/ {
    id: 'quote.reason.expired',
    message: 'This quote has expired.',
  },
  'quote.product-withdrawn': /*i18n*/ {
    id: 'quote.reason.product-withdrawn',
    message: 'A product in this quote is no longer sold online: {code}.',
  },
  'quote.account-changed': /*i18n*/ {
    id: 'quote.reason.account-changed',
    message: 'The customer account of this quote can no longer be ordered for.',
  },
  'quote.not-orderable': /*i18n*/ {
    id: 'quote.reason.not-orderable',
    message: 'This quote was ordered or cancelled already.',
  },
  'quote.not-cancellable': /*i18n*/ {
    id: 'quote.reason.not-cancellable',
    message: 'Only a quote that is still valid can be cancelled.',
  },
  'quote.not-found': /*i18n*/ {
    id: 'quote.reason.not-found',
    message: 'This quote is not numbered yet.',
  },
  'quote.emailed-enough': /*i18n*/ {
    id: 'quote.reason.emailed-enough',
    message: 'This quote was emailed {max} times already.',
  },
  'quote.cart-empty': /*i18n*/ {
    id: 'quote.reason.cart-empty',
    message: 'Your cart is empty.',
  },
  'quote.no-account': /*i18n*/ {
    id: 'quote.reason.no-account',
    message: 'Choose the customer account to quote for in your cart.',
  },
  'quote.items-need-update': /*i18n*/ {
    id: 'quote.reason.items-need-update',
    message: 'Some items in your cart need to be updated...',
  },
} as const satisfies Record<string, MessageDescriptor>;

export type QuoteRefusalCode = keyof typeof QUOTE_REASONS;

/** The reason line of a refusal's code, if it has one. */
export function quoteReasonOf(code: string): MessageDescriptor | undefined {
  return Object.hasOwn(QUOTE_REASONS, code) ? QUOTE_REASONS[code as QuoteRefusalCode] : undefined;
}

/** A quote's status as people read it (SPEC 2.7 Quotes). */
export const QUOTE_STATUS_LABELS = {
  requested: /*i18n*/ { id: 'quote.status.requested', message: 'Requested' },
  created: /*i18n*/ { id: 'quote.status.created', message: 'Open' },
  expired: /*i18n*/ { id: 'quote.status.expired', message: 'Expired' },
  ordered: /*i18n*/ { id: 'quote.status.ordered', message: 'Ordered' },
  cancelled: /*i18n*/ { id: 'quote.status.cancelled', message: 'Cancelled' },
} as const satisfies Record<string, MessageDescriptor>;
