import { describe, expect, it } from 'vitest';
import {
  CARTS,
  FACTS,
  factsWith,
  LAKESHORE,
  NEW_CARD,
  PERSONAL,
  PURCHASE_ORDER,
  RIVERSIDE,
  SAVED_CARD,
} from '../../../../domain/checkout/test-fixtures';
import type { CheckoutAccount, CheckoutFacts } from '../../../../domain/checkout/facts';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import type { DeclinedPayment } from '../../../infra/checkout/checkout-store';
import {
  initialPaymentOption,
  isChoosable,
  localDay,
  paymentOptions,
  type PaymentOptions,
} from './CardPaymentMethods';

const EXPIRED = {
  id: 'card-old',
  brand: 'mastercard' as const,
  last4: '4444',
  expMonth: 3,
  expYear: 2024,
  holderName: 'Dana Reyes',
};

function options(
  account: CheckoutAccount,
  facts: CheckoutFacts = FACTS,
  declined: DeclinedPayment | null = null,
): PaymentOptions {
  return paymentOptions({
    facts,
    account,
    cart: CARTS.kit,
    locale: 'en-us',
    today: '2026-11-23',
    declined,
  });
}

const savedDeclined: DeclinedPayment = {
  source: 'saved',
  savedCardId: 'card-dana-visa',
  message: CHECKOUT_MESSAGES.savedCardDetails,
};

describe('the ways to pay', () => {
  it('shows an expired saved card but does not let it be chosen', () => {
    const offered = options(PERSONAL, factsWith({ savedCards: [...FACTS.savedCards, EXPIRED] }));
    expect(offered.savedCards.map((o) => [o.id, o.unavailable])).toEqual([
      ['saved:card-dana-visa', null],
      ['saved:card-old', 'expired'],
    ]);
    expect(isChoosable('saved:card-old', offered, true)).toBe(false);
    expect(isChoosable('saved:card-dana-visa', offered, true)).toBe(true);
  });

  it('takes a card as good until the end of its expiry month', () => {
    const lastMonth = { ...EXPIRED, expMonth: 11, expYear: 2026 };
    const offered = options(PERSONAL, factsWith({ savedCards: [lastMonth] }));
    expect(offered.savedCards[0]?.unavailable).toBeNull();
  });

  it('offers a purchase order only where one is possible, and says why not for a personal account', () => {
    expect(options(RIVERSIDE).purchaseOrderProblem).toBeNull();
    expect(options(PERSONAL).purchaseOrderProblem?.code).toBe('checkout.po-personal-account');
    // No order on behalf of the organization yet (SPEC 4.8).
    expect(options(LAKESHORE).purchaseOrderProblem).not.toBeNull();
    expect(isChoosable('purchase-order', options(PERSONAL), true)).toBe(false);
  });

  it('offers bank transfer only with its flag', () => {
    expect(isChoosable('bank-transfer', options(PERSONAL), true)).toBe(false);
    const flagged = options(PERSONAL, factsWith({ flags: { bankTransfer: true } }));
    expect(isChoosable('bank-transfer', flagged, true)).toBe(true);
  });

  it('offers a new card only online; saved cards and purchase orders offline too', () => {
    const offered = options(RIVERSIDE, factsWith({ savedCards: FACTS.savedCards }));
    expect(isChoosable('new-card', offered, false)).toBe(false);
    expect(isChoosable('new-card', offered, true)).toBe(true);
    expect(isChoosable('saved:card-dana-visa', offered, false)).toBe(true);
    expect(isChoosable('purchase-order', offered, false)).toBe(true);
  });

  it('does not offer again the saved card the gateway just refused', () => {
    const offered = options(PERSONAL, FACTS, savedDeclined);
    expect(offered.savedCards[0]?.unavailable).toBe('declined');
    expect(isChoosable('saved:card-dana-visa', offered, true)).toBe(false);
  });
});

describe('the way shown first', () => {
  it('is the payment chosen before', () => {
    expect(initialPaymentOption(NEW_CARD, options(RIVERSIDE), true, null)).toBe('new-card');
    expect(initialPaymentOption(SAVED_CARD, options(RIVERSIDE), true, null)).toBe(
      'saved:card-dana-visa',
    );
  });

  it('is a purchase order where possible, else a saved card, else a new card', () => {
    expect(initialPaymentOption(null, options(RIVERSIDE), true, null)).toBe('purchase-order');
    expect(initialPaymentOption(null, options(PERSONAL), true, null)).toBe('saved:card-dana-visa');
    const noCards = factsWith({ savedCards: [EXPIRED] });
    expect(initialPaymentOption(null, options(PERSONAL, noCards), true, null)).toBe('new-card');
    // Offline with nothing saved: nothing can be chosen but bank transfer, if offered.
    expect(initialPaymentOption(null, options(PERSONAL, noCards), false, null)).toBeNull();
    const transfer = factsWith({ savedCards: [], flags: { bankTransfer: true } });
    expect(initialPaymentOption(null, options(PERSONAL, transfer), false, null)).toBe(
      'bank-transfer',
    );
  });

  it('is never the payment just refused', () => {
    const newDeclined: DeclinedPayment = {
      source: 'new',
      savedCardId: null,
      message: CHECKOUT_MESSAGES.paymentDetails,
    };
    expect(initialPaymentOption(NEW_CARD, options(RIVERSIDE), true, newDeclined)).toBe(
      'purchase-order',
    );
    expect(
      initialPaymentOption(
        SAVED_CARD,
        options(PERSONAL, FACTS, savedDeclined),
        true,
        savedDeclined,
      ),
    ).toBe('new-card');
  });

  it('is a purchase order chosen before even when a card is saved', () => {
    expect(initialPaymentOption(PURCHASE_ORDER, options(RIVERSIDE), true, null)).toBe(
      'purchase-order',
    );
  });
});

describe('localDay', () => {
  it('is the date in the local time zone', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
