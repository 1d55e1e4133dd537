/** Checkout and order messages (SPEC 2.5, 4.8, 8). */
import { PRE_ORDER_MESSAGE } from '../catalog/catalog';
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
  preOrderedItem: PRE_ORDER_MESSAGE,
} as const satisfies Record<string, MessageDescriptor>;

/** Why a checkout command was refused (besides the validation messages of SPEC 5). */
export const CHECKOUT_RULE_MESSAGES = {
  notStarted: /*i18n*/ {
    id: 'checkout.not-started',
    message: 'Your checkout has not started yet. Go back to your cart and check out again.',
  },
  alreadyPlaced: /*i18n*/ {
    id: 'checkout.already-placed',
    message: 'This order has already been placed.',
  },
  notYours: /*i18n*/ {
    id: 'checkout.not-yours',
    message: 'This checkout belongs to someone else.',
  },
  cartEmpty: /*i18n*/ { id: 'checkout.cart-empty', message: 'Your cart is empty.' },
  factsUnavailable: /*i18n*/ {
    id: 'checkout.facts-unavailable',
    message: 'Your accounts could not be loaded. Connect to the internet and try again.',
  },
  chooseAccountFirst: /*i18n*/ {
    id: 'checkout.choose-account-first',
    message: 'Choose a customer account first.',
  },
  chooseQualifiedUserFirst: /*i18n*/ {
    id: 'checkout.choose-qualified-user-first',
    message: 'Choose a qualified user first.',
  },
  noQualification: /*i18n*/ {
    id: 'checkout.no-qualification',
    message: 'This user has no qualification on record, so they cannot be chosen.',
  },
  qglobalNotFound: /*i18n*/ {
    id: 'checkout.qglobal-not-found',
    message: 'This Q-global account is not found',
  },
  shippingMethodUnknown: /*i18n*/ {
    id: 'checkout.shipping-method-unknown',
    message: 'Choose a shipping method from the list.',
  },
  /** The refusal of a checkout choice the server would not take (decision 018 `refused`). */
  choiceRefused: /*i18n*/ {
    id: 'checkout.choice-refused',
    message: 'One of your checkout choices could not be saved. Please check it again.',
  },
  reviewAgain: /*i18n*/ {
    id: 'checkout.review-again',
    message:
      'Your checkout was changed in another tab or on another device. Please review it and place your order again.',
  },
  incomplete: /*i18n*/ {
    id: 'checkout.incomplete',
    message: 'Please complete every checkout step before placing your order.',
  },
  bankTransferUnavailable: /*i18n*/ {
    id: 'checkout.bank-transfer-unavailable',
    message: 'Bank transfer is not available for this order. Choose another payment method.',
  },
  thirdPartyUnavailable: /*i18n*/ {
    id: 'checkout.third-party-unavailable',
    message:
      'Payment by a third party is not available for this order. Choose another payment method.',
  },
  /** The `checkout-recaptcha` flag: placing the order without the challenge's token. */
  challengeRequired: /*i18n*/ {
    id: 'checkout.challenge-required',
    message: 'Please confirm that you are not a robot before placing your order.',
  },
  /** A challenge's token that is not the store's, has expired or was used already. */
  challengeFailed: /*i18n*/ {
    id: 'checkout.challenge-failed',
    message:
      'The check that you are not a robot has expired or could not be verified. Please confirm again.',
  },
  trainingNotInCart: /*i18n*/ {
    id: 'checkout.training-not-in-cart',
    message: 'This online training is no longer in your cart.',
  },
  trainingSeats: /*i18n*/ {
    id: 'checkout.training-seats',
    message: 'Add one participant for each of the {count} seats.',
  },
} as const satisfies Record<string, MessageDescriptor>;
