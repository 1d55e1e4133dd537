import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../domain/checkout/messages';
import { initialCheckoutState, type CheckoutState } from '../../../domain/checkout/state';
import {
  CHECKOUT_ID,
  NEW_CARD,
  PURCHASE_ORDER,
  SAVED_CARD,
} from '../../../domain/checkout/test-fixtures';
import { declinedFrom, declinedPaymentOf } from './checkout-store';

const withPayment = (payment: CheckoutState['payment']): CheckoutState => ({
  ...initialCheckoutState(),
  checkoutId: CHECKOUT_ID,
  payment,
});

describe('a refused card from the answer to placing the order', () => {
  it('is the saved card banner for a saved card (SPEC 8)', () => {
    expect(declinedFrom(CHECKOUT_MESSAGES.savedCardDetails.id, SAVED_CARD)).toEqual({
      source: 'saved',
      savedCardId: 'card-dana-visa',
      message: CHECKOUT_MESSAGES.savedCardDetails,
    });
  });

  it('is the payment details message for a new card', () => {
    expect(declinedFrom(CHECKOUT_MESSAGES.paymentDetails.id, NEW_CARD)).toEqual({
      source: 'new',
      savedCardId: null,
      message: CHECKOUT_MESSAGES.paymentDetails,
    });
  });

  it('follows the answer over the payment this page holds', () => {
    expect(declinedFrom(CHECKOUT_MESSAGES.paymentDetails.id, SAVED_CARD).source).toBe('new');
    expect(declinedFrom(CHECKOUT_MESSAGES.savedCardDetails.id, NEW_CARD)).toMatchObject({
      source: 'saved',
      savedCardId: null,
    });
  });

  it('goes by the payment held here when the answer names no message', () => {
    expect(declinedFrom(undefined, SAVED_CARD).source).toBe('saved');
    expect(declinedFrom(undefined, NEW_CARD).source).toBe('new');
  });
});

describe('the refusal a checkout shows', () => {
  const local = {
    checkoutId: CHECKOUT_ID,
    payment: SAVED_CARD,
    declined: declinedFrom(CHECKOUT_MESSAGES.savedCardDetails.id, SAVED_CARD),
  };

  it('is the one the store recorded, in the words of its source', () => {
    const state: CheckoutState = {
      ...withPayment(null),
      paymentDeclined: { reason: 'declined', source: 'new', last4: '0002' },
    };
    expect(declinedPaymentOf(state, CHECKOUT_ID, null)).toEqual({
      source: 'new',
      savedCardId: null,
      message: CHECKOUT_MESSAGES.paymentDetails,
    });
  });

  it('is the one this page was answered while the refused card is still chosen', () => {
    // The state rebuilt from stored events: equal, not the same object.
    const state = withPayment({ ...SAVED_CARD, card: { ...SAVED_CARD.card } });
    expect(declinedPaymentOf(state, CHECKOUT_ID, local)).toBe(local.declined);
  });

  it('is gone once another payment is chosen', () => {
    expect(declinedPaymentOf(withPayment(PURCHASE_ORDER), CHECKOUT_ID, local)).toBeNull();
    expect(declinedPaymentOf(withPayment(NEW_CARD), CHECKOUT_ID, local)).toBeNull();
    const anotherNewCard = { ...NEW_CARD, token: 'sandbox_tok_another1' };
    const newLocal = { checkoutId: CHECKOUT_ID, payment: NEW_CARD, declined: local.declined };
    expect(declinedPaymentOf(withPayment(anotherNewCard), CHECKOUT_ID, newLocal)).toBeNull();
    expect(declinedPaymentOf(withPayment(NEW_CARD), CHECKOUT_ID, newLocal)).toBe(local.declined);
  });

  it('belongs to its own checkout only, and not to one placed since', () => {
    expect(declinedPaymentOf(withPayment(SAVED_CARD), 'checkout-other', local)).toBeNull();
    const placed = { ...withPayment(SAVED_CARD), placedOrderId: 'order-1' };
    expect(declinedPaymentOf(placed, CHECKOUT_ID, local)).toBeNull();
  });
});
