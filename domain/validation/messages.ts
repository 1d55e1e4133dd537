/**
 * Every validation message (SPEC 5, 8). Where the spec quotes a message, the text here is
 * the spec's, to the letter; the others follow its tone. Ids are stable: the catalogs in
 * locales/ and clients key on them.
 */
import type { MessageDescriptor } from '../shared/message';
import { PRODUCT_MESSAGES } from './product-messages';
import { STORABLE_MESSAGES } from './storable';

export const V = {
  // Generic (SPEC 5 "This field is required."; identity-library policy messages)
  required: /*i18n*/ { id: 'validation.required', message: 'This field is required.' },
  tooLong: /*i18n*/ {
    id: 'validation.too-long',
    message: 'Enter no more than {max} characters.',
  },
  tooShort: /*i18n*/ {
    id: 'validation.too-short',
    message: 'Enter at least {min} characters.',
  },
  invalidEmail: /*i18n*/ {
    id: 'validation.email.invalid',
    message: 'Please enter a valid email address.',
  },
  invalidName: /*i18n*/ {
    id: 'validation.name.invalid',
    message: 'Use only letters, apostrophes, hyphens and spaces.',
  },
  invalidDate: /*i18n*/ { id: 'validation.date.invalid', message: 'Please enter a valid date.' },
  invalid: /*i18n*/ { id: 'validation.invalid', message: 'Please check this field.' },
  // What the database cannot hold (storable.ts; decision 021)
  charactersNotAllowed: STORABLE_MESSAGES.charactersNotAllowed,
  numberInvalid: STORABLE_MESSAGES.numberInvalid,
  numberOutOfRange: STORABLE_MESSAGES.numberOutOfRange,

  // Cart quantity (SPEC 5)
  quantityEmpty: PRODUCT_MESSAGES.quantityEmpty,
  quantityNotPositive: /*i18n*/ {
    id: 'validation.quantity.not-positive',
    message: 'Please provide a positive number to update the quantity of an item.',
  },
  quantityTooLarge: /*i18n*/ {
    id: 'validation.quantity.too-large',
    message: 'Enter a quantity of {max} or less.',
  },

  // Promotion codes (SPEC 5)
  promotionInvalid: /*i18n*/ {
    id: 'validation.promotion.invalid',
    message: 'This promotion code is not valid.',
  },
  promotionInactive: /*i18n*/ {
    id: 'validation.promotion.inactive',
    message: 'This promotion code is not active.',
  },
  promotionAlreadyApplied: /*i18n*/ {
    id: 'validation.promotion.already-applied',
    message: 'This promotion code has already been applied.',
  },
  promotionNotApplicableToProduct: /*i18n*/ {
    id: 'validation.promotion.not-applicable-product',
    message: 'This promotion code does not apply to this product.',
  },
  promotionNotApplicableToCart: /*i18n*/ {
    id: 'validation.promotion.not-applicable-cart',
    message: 'This promotion code does not apply to the items in your cart.',
  },

  // Saved carts (SPEC 5)
  cartNameNotAlphanumeric: /*i18n*/ {
    id: 'validation.saved-cart.name-alphanumeric',
    message: 'Cart name can only be alpha numeric',
  },
  charactersLeft: /*i18n*/ {
    id: 'validation.characters-left',
    message: '{count} characters left',
  },

  // Quick order (SPEC 5, 9)
  quickOrderTooManyRows: /*i18n*/ {
    id: 'validation.quick-order.too-many',
    message: 'You can order up to {max} products at a time.',
  },
  quickOrderFileTooLarge: /*i18n*/ {
    id: 'validation.quick-order.file-too-large',
    message: 'This file is larger than {max} MB, the most quick order can read.',
  },
  quickOrderPasteTooLarge: /*i18n*/ {
    id: 'validation.quick-order.paste-too-large',
    message: 'This text is larger than {max} MB, the most quick order can read.',
  },
  quickOrderUnknownCode: /*i18n*/ {
    id: 'validation.quick-order.unknown-code',
    message: 'Product code {code} was not found.',
  },
  quickOrderDuplicate: /*i18n*/ {
    id: 'validation.quick-order.duplicate',
    message: 'Product {code} is already in the list.',
  },
  quickOrderNotSoldOnline: PRODUCT_MESSAGES.quickOrderNotSoldOnline,
  quickOrderNotOrderableOnline: PRODUCT_MESSAGES.quickOrderNotOrderableOnline,
  quantityBelowMinimum: /*i18n*/ {
    id: 'validation.quantity.below-minimum',
    message: 'The minimum order quantity for this product is {min}.',
  },
  quantityAboveMaximum: /*i18n*/ {
    id: 'validation.quantity.above-maximum',
    message: 'The maximum order quantity for this product is {max}.',
  },

  // Training participants (SPEC 5)
  trainingDateTooSoon: /*i18n*/ {
    id: 'validation.training.date-too-soon',
    message: 'Choose a date at least six weeks from today.',
  },
  trainingDatesSame: /*i18n*/ {
    id: 'validation.training.dates-same',
    message: 'Choose two different dates.',
  },

  // Address (SPEC 5, 8)
  addressCharacters: /*i18n*/ {
    id: 'validation.address.characters',
    message:
      'Use only letters a-z and A-Z, digits 0-9, spaces and these characters: !"#$%&\'*+,-./:;=?@^_~()',
  },
  addressHasName: /*i18n*/ {
    id: 'validation.address.street-has-name',
    message: 'Do not include a name or organisation in the street address.',
  },
  addressPoBox: /*i18n*/ {
    id: 'validation.address.po-box',
    message: 'We cannot deliver to P.O. Boxes. Please enter a street address.',
  },
  postalCodeInvalid: /*i18n*/ {
    id: 'validation.address.postal-code',
    message: 'Enter a postal code in the format {example}.',
  },
  countryUnknown: /*i18n*/ {
    id: 'validation.address.country-unknown',
    message: 'Choose a country from the list.',
  },
  regionUnknown: /*i18n*/ {
    id: 'validation.address.region-unknown',
    message: 'Choose a region or state from the list.',
  },
  addressErrors: /*i18n*/ {
    id: 'validation.address.errors',
    message: 'Errors were found with the address you provided',
  },

  // Contact (SPEC 5)
  phoneTooShort: /*i18n*/ {
    id: 'validation.phone.too-short',
    message: 'The phone number is too short.',
  },
  phoneInvalid: /*i18n*/ {
    id: 'validation.phone.invalid',
    message: 'Please enter a valid phone number for the selected country.',
  },

  // Checkout (SPEC 5)
  aimswebMinimum: /*i18n*/ {
    id: 'validation.aimsweb.minimum',
    message: 'Orders with aimswebPlus products must come to at least {minimum}.',
  },
  aimswebOrganizationOnly: /*i18n*/ {
    id: 'validation.aimsweb.organization-only',
    message: 'aimswebPlus can only be bought with an organizational account.',
  },
  deliveryAddressRequired: /*i18n*/ {
    id: 'validation.checkout.delivery-address',
    message: 'Please choose a delivery address to continue.',
  },
  billingAddressRequired: /*i18n*/ {
    id: 'validation.checkout.billing-address',
    message: 'Please choose a billing address to continue.',
  },

  // Payment (SPEC 5, 8)
  poNumberRequired: /*i18n*/ {
    id: 'validation.po-number.required',
    message: 'Please enter purchase order number',
  },
  cardNameInvalid: /*i18n*/ {
    id: 'validation.card.name-invalid',
    message: 'Use only letters a-z, hyphens, spaces and apostrophes.',
  },
  cardNumberInvalid: /*i18n*/ {
    id: 'validation.card.number-invalid',
    message: 'Please enter a valid card number.',
  },
  cardExpired: /*i18n*/ {
    id: 'validation.card.expired',
    message: 'This card has expired.',
  },
  securityCodeInvalid: /*i18n*/ {
    id: 'validation.card.security-code-invalid',
    message: 'Please enter a valid security code.',
  },
  // A card number typed where none belongs (card-number.ts; decision 045)
  cardNumberNotAllowed: /*i18n*/ {
    id: 'validation.card.number-not-allowed',
    message: 'Please do not enter a card number here.',
  },

  // Accounts (SPEC 5, 8)
  accountNumberRequired: /*i18n*/ {
    id: 'validation.account.number-required',
    message: 'Please enter account number',
  },
  accountNumberInvalid: /*i18n*/ {
    id: 'validation.account.number-invalid',
    message: 'Enter a 4-digit account number or a 12-character temporary account number.',
  },
  accountNotFound: /*i18n*/ {
    id: 'validation.account.not-found',
    message: 'This account is not found',
  },
  termsNotAgreed: /*i18n*/ {
    id: 'validation.account.terms',
    message: 'Please agree to Terms & conditions',
  },
  userNotInOrganization: /*i18n*/ {
    id: 'validation.account.user-not-in-organization',
    message: 'User not found in this organization',
  },
  qualificationTooLow: /*i18n*/ {
    id: 'validation.qualification.too-low',
    message:
      "The qualified user's level ({level}) does not cover every item in your cart. Items need level {required}.",
  },

  // Order lookup (SPEC 5, 8)
  orderNumberLength: /*i18n*/ {
    id: 'validation.order-search.length',
    message: 'Enter an order number of 7 to 14 characters.',
  },
  orderNotFound: /*i18n*/ {
    id: 'validation.order-search.order-not-found',
    message: 'unable to locate this website order',
  },
  purchaseOrderNotFound: /*i18n*/ {
    id: 'validation.order-search.po-not-found',
    message: "can't find this Purchase Order",
  },
  noOrdersFound: /*i18n*/ {
    id: 'validation.order-search.none',
    message: "We didn't find any orders using the provided input",
  },
  organizationNumberInvalid: /*i18n*/ {
    id: 'validation.order-search.organization-invalid',
    message: 'Enter a valid 4-digit organization account number.',
  },

  // What one request may carry (decision 045)
  commandTooLarge: /*i18n*/ {
    id: 'validation.command.too-large',
    message: 'This change is too large to be saved: send no more than {max} bytes.',
  },

  // Feature-flag context (SPEC 5)
  flagContextKey: /*i18n*/ {
    id: 'validation.flag-context.key',
    message: 'A feature-flag context needs a user key or must be anonymous.',
  },
} as const satisfies Record<string, MessageDescriptor>;

export type ValidationMessageKey = keyof typeof V;

const byId = new Map<string, MessageDescriptor>(Object.values(V).map((d) => [d.id, d]));

/** The descriptor of a validation message id, if it is one. */
export function validationMessage(id: string): MessageDescriptor | undefined {
  return byId.get(id);
}
