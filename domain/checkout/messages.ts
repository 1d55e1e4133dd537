/** Checkout and order messages (SPEC 2.5, 4.8, 8). */
import type { MessageDescriptor } from '../shared/message';

export const CHECKOUT_MESSAGES = {
  modifiedInAnotherTab: /*i18n*/ {
    id: 'checkout.modified-in-another-tab',
    message:
      'This order has been modified in another tab or window. The checkout process has been restarted',
  },
  paymentDetails: /*i18n*/ {
    id: 'checkout.payment-details',
    message: 'Please check your payment details are correct or provide a different payment method.',
  },
  savedCardDetails: /*i18n*/ {
    id: 'checkout.saved-card-details',
    message:
      'Please check your saved card payment details are correct or provide a different payment method.',
  },
  placeOrderError: /*i18n*/ {
    id: 'checkout.place-order-error',
    message: 'Error during place order.',
  },
  /** SPEC 8: sanctions screening decline, shown with a support link. */
  orderDeclined: /*i18n*/ {
    id: 'checkout.order-declined',
    message: 'Your order has been declined. You have not been charged for this order.',
  },
  contactSupport: /*i18n*/ { id: 'checkout.contact-support', message: 'Contact customer support' },
  /** SPEC 8: the training-information-needed banner. */
  trainingInformationNeeded: /*i18n*/ {
    id: 'checkout.training-information-needed',
    message:
      'Some items in your order are online training. Please add the participants and their preferred training dates.',
  },
  /** SPEC 4.8: about 48 hours of checks. */
  orderOnHold: /*i18n*/ {
    id: 'checkout.order-on-hold',
    message: 'Your order is on hold while we run some checks. This usually takes about 48 hours.',
  },
  /** SPEC 4.8: the pre-ordered item modal. */
  preOrderedItem: /*i18n*/ {
    id: 'checkout.pre-ordered-item',
    message: 'This product is available for pre-order. We will email you when it is available.',
  },
} as const satisfies Record<string, MessageDescriptor>;
