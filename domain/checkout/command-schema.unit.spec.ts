/**
 * Checkout commands at the server's edge (decision 021): shapes, sizes, ids and text the
 * database can hold. The rules of each choice are the decider's (decide.unit.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkoutCommandSchema } from './command-schema';
import { checkoutStreamKind } from './stream';
import type { CheckoutCommand } from './commands';
import {
  CARTS,
  cartRef,
  GB_ADDRESS,
  NEW_CARD,
  NOW,
  PARTICIPANTS,
  PURCHASE_ORDER,
  SAVED_CARD,
  US_ADDRESS,
} from './test-fixtures';

const metadata = { commandId: '0b6f4c1e-8d2a-4f7b-9c3e-5a1d2e3f4a5b', now: NOW };

/** One valid command of each type a browser may send. */
const VALID = {
  StartCheckout: { type: 'StartCheckout', data: { cart: cartRef(CARTS.kit) }, metadata },
  RestartCheckout: { type: 'RestartCheckout', data: { cart: cartRef(CARTS.mixed) }, metadata },
  ChooseCustomerAccount: {
    type: 'ChooseCustomerAccount',
    data: { accountId: 'acct-riverside' },
    metadata,
  },
  ChooseQualifiedUser: {
    type: 'ChooseQualifiedUser',
    data: { userId: 'user-sam-okafor' },
    metadata,
  },
  ChooseQglobalAccount: {
    type: 'ChooseQglobalAccount',
    data: { mode: 'existing', accountNumber: 'QG-482100' },
    metadata,
  },
  ChooseAimswebAccount: {
    type: 'ChooseAimswebAccount',
    data: { mode: 'new', termsAccepted: true },
    metadata,
  },
  ChooseShippingAddress: {
    type: 'ChooseShippingAddress',
    data: { address: US_ADDRESS, saveToAddressBook: true },
    metadata,
  },
  ChooseShippingMethod: { type: 'ChooseShippingMethod', data: { method: 'regular' }, metadata },
  ChooseBillingAddress: {
    type: 'ChooseBillingAddress',
    data: { sameAsShipping: false, address: GB_ADDRESS },
    metadata,
  },
  ChoosePayment: { type: 'ChoosePayment', data: PURCHASE_ORDER, metadata },
  GiveTrainingParticipants: {
    type: 'GiveTrainingParticipants',
    data: { code: 'TRN-OL', participants: PARTICIPANTS },
    metadata,
  },
} as const satisfies {
  [K in Exclude<CheckoutCommand['type'], 'RecordOrderPlaced' | 'RecordPaymentDeclined'>]: Extract<
    CheckoutCommand,
    { type: K }
  >;
};

const parses = (input: unknown) => checkoutCommandSchema.safeParse(input).success;

describe('checkout command schema', () => {
  it.each(Object.values(VALID))('takes a valid $type as it is', (input) => {
    expect(checkoutCommandSchema.parse(input)).toEqual(input);
  });

  it('takes the other forms of a choice', () => {
    expect(parses({ ...VALID.ChooseQglobalAccount, data: { mode: 'new' } })).toBe(true);
    expect(
      parses({
        ...VALID.ChooseAimswebAccount,
        data: { mode: 'existing', accountNumber: 'AW-4821-01', termsAccepted: false },
      }),
    ).toBe(true);
    expect(parses({ ...VALID.ChooseBillingAddress, data: { sameAsShipping: true } })).toBe(true);
    expect(parses({ ...VALID.ChooseShippingMethod, data: { method: 'expedited' } })).toBe(true);
    expect(parses({ ...VALID.ChoosePayment, data: NEW_CARD })).toBe(true);
    expect(parses({ ...VALID.ChoosePayment, data: SAVED_CARD })).toBe(true);
    expect(parses({ ...VALID.ChoosePayment, data: { method: 'bank-transfer' } })).toBe(true);
  });

  it.each([
    ['a card number in place of the token', { ...NEW_CARD, token: '4242 4242 4242 4242' }],
    ['a security code beside the card', { ...NEW_CARD, card: { ...NEW_CARD.card, cvc: '123' } }],
    ['more than four last digits', { ...NEW_CARD, card: { ...NEW_CARD.card, last4: '424242' } }],
    ['a month 13', { ...NEW_CARD, card: { ...NEW_CARD.card, expMonth: 13 } }],
    ['a payment method it does not know', { method: 'gift-card', code: 'GIFT' }],
  ])('refuses %s', (_, data) => {
    const parsed = checkoutCommandSchema.safeParse({ ...VALID.ChoosePayment, data });
    // Unknown keys are dropped, never kept: a card's security code cannot ride along.
    if (parsed.success) expect(JSON.stringify(parsed.data)).not.toContain('cvc');
    else expect(parsed.success).toBe(false);
  });

  it('keeps the terms answer of an aimswebPlus choice with its account', () => {
    expect(
      checkoutCommandSchema.parse({
        ...VALID.ChooseAimswebAccount,
        data: { mode: 'existing', accountNumber: 'AW-4821-01', termsAccepted: true },
      }),
    ).toMatchObject({
      data: { mode: 'existing', accountNumber: 'AW-4821-01', termsAccepted: true },
    });
  });

  it.each([
    [
      'a street',
      {
        ...VALID.ChooseShippingAddress,
        data: {
          address: { ...US_ADDRESS, line1: '1200\u0000Riverside' },
          saveToAddressBook: false,
        },
      },
    ],
    [
      'a billing name',
      {
        ...VALID.ChooseBillingAddress,
        data: { sameAsShipping: false, address: { ...GB_ADDRESS, firstName: 'Pri\u0000ya' } },
      },
    ],
    [
      'a PO number',
      { ...VALID.ChoosePayment, data: { ...PURCHASE_ORDER, poNumber: 'PO\u0000457' } },
    ],
    [
      'an invoice email',
      {
        ...VALID.ChoosePayment,
        data: {
          ...PURCHASE_ORDER,
          invoiceContact: { ...PURCHASE_ORDER.invoiceContact, email: 'a\u0000@example.org' },
        },
      },
    ],
    [
      'a Q-global account number',
      { ...VALID.ChooseQglobalAccount, data: { mode: 'existing', accountNumber: 'QG\u0000' } },
    ],
    [
      'a cart fingerprint',
      {
        ...VALID.StartCheckout,
        data: { cart: { ...cartRef(CARTS.kit), fingerprint: 'WRI3-KIT\u0000x2|' } },
      },
    ],
  ])('refuses U+0000 in %s', (_, input) => {
    expect(parses(input)).toBe(false);
  });

  it('refuses an unpaired surrogate in text', () => {
    expect(
      parses({ ...VALID.ChoosePayment, data: { ...PURCHASE_ORDER, poNumber: 'PO-\uD800' } }),
    ).toBe(false);
  });

  it.each([
    [
      'a street of 401 characters',
      {
        ...VALID.ChooseShippingAddress,
        data: { address: { ...US_ADDRESS, line1: 'a'.repeat(401) }, saveToAddressBook: false },
      },
    ],
    [
      'a country of 3 characters',
      {
        ...VALID.ChooseShippingAddress,
        data: { address: { ...US_ADDRESS, country: 'USA' }, saveToAddressBook: false },
      },
    ],
    [
      'a PO number of 201 characters',
      { ...VALID.ChoosePayment, data: { ...PURCHASE_ORDER, poNumber: 'P'.repeat(201) } },
    ],
    [
      'an email of 301 characters',
      {
        ...VALID.ChoosePayment,
        data: {
          ...PURCHASE_ORDER,
          invoiceContact: { ...PURCHASE_ORDER.invoiceContact, email: 'a'.repeat(301) },
        },
      },
    ],
    [
      'a Q-global account number of 41 characters',
      { ...VALID.ChooseQglobalAccount, data: { mode: 'existing', accountNumber: 'Q'.repeat(41) } },
    ],
    [
      'a fingerprint of 20,001 characters',
      {
        ...VALID.StartCheckout,
        data: { cart: { ...cartRef(CARTS.kit), fingerprint: 'x'.repeat(20_001) } },
      },
    ],
    [
      'a cart version beyond an integer column',
      { ...VALID.StartCheckout, data: { cart: { ...cartRef(CARTS.kit), version: 2 ** 31 } } },
    ],
    [
      'a negative cart version',
      { ...VALID.StartCheckout, data: { cart: { ...cartRef(CARTS.kit), version: -1 } } },
    ],
    [
      'an account id of 65 characters',
      { ...VALID.ChooseCustomerAccount, data: { accountId: 'a'.repeat(65) } },
    ],
  ])('refuses %s', (_, input) => {
    expect(parses(input)).toBe(false);
  });

  it.each([
    [
      'an account id with spaces',
      { ...VALID.ChooseCustomerAccount, data: { accountId: 'acct riverside' } },
    ],
    ['an empty user id', { ...VALID.ChooseQualifiedUser, data: { userId: '' } }],
    [
      'a command id of 7 characters',
      { ...VALID.ChooseShippingMethod, metadata: { ...metadata, commandId: 'cmd-123' } },
    ],
    [
      'a time that is not an ISO instant',
      { ...VALID.ChooseShippingMethod, metadata: { ...metadata, now: 'yesterday' } },
    ],
    [
      'a cart id with a slash',
      {
        ...VALID.StartCheckout,
        data: { cart: { ...cartRef(CARTS.kit), cartId: 'cart/../x1234' } },
      },
    ],
    [
      'a shipping method the stores do not have',
      { ...VALID.ChooseShippingMethod, data: { method: 'overnight' } },
    ],
    [
      'a payment by another method',
      { ...VALID.ChoosePayment, data: { ...PURCHASE_ORDER, method: 'card' } },
    ],
    [
      'a platform choice of another mode',
      { ...VALID.ChooseQglobalAccount, data: { mode: 'borrowed' } },
    ],
    [
      'an aimswebPlus choice with no terms answer',
      { ...VALID.ChooseAimswebAccount, data: { mode: 'new' } },
    ],
    [
      'a billing choice with no address',
      { ...VALID.ChooseBillingAddress, data: { sameAsShipping: false } },
    ],
    ['no metadata', { type: 'ChooseShippingMethod', data: { method: 'regular' } }],
  ])('refuses %s', (_, input) => {
    expect(parses(input)).toBe(false);
  });

  it('refuses a command type it does not know', () => {
    expect(parses({ type: 'ApplyGiftCard', data: { code: 'GIFT' }, metadata })).toBe(false);
  });

  it('refuses RecordOrderPlaced: only the store records a placed order', () => {
    expect(
      parses({ type: 'RecordOrderPlaced', data: { orderId: 'checkout-5d2e8b10' }, metadata }),
    ).toBe(false);
    expect(
      checkoutStreamKind.serverOnly?.({
        type: 'RecordOrderPlaced',
        data: { orderId: 'checkout-5d2e8b10' },
        metadata,
      }),
    ).toBe(true);
    expect(checkoutStreamKind.serverOnly?.(VALID.ChooseShippingMethod)).toBe(false);
  });

  it('refuses RecordPaymentDeclined: only the store hears from the payment gateway', () => {
    const decline = { reason: 'declined', source: 'new', last4: '0002' } as const;
    expect(parses({ type: 'RecordPaymentDeclined', data: { decline }, metadata })).toBe(false);
    expect(
      checkoutStreamKind.serverOnly?.({
        type: 'RecordPaymentDeclined',
        data: { decline },
        metadata,
      }),
    ).toBe(true);
  });
});
