/**
 * Stored checkout events: every event type is read at its current version, and the guard:
 * a fixture of each type in CHECKOUT_EVENT_VERSIONS, so a new type or a new version cannot
 * be added without its upcaster being tried here.
 */
import { describe, expect, it } from 'vitest';
import { CHECKOUT_EVENT_VERSIONS, type CheckoutEvent, type CheckoutEventType } from './events';
import { upcastCheckoutEvent } from './upcast';
import { CARTS, events, GB_ADDRESS, RIVERSIDE } from './test-fixtures';

/** One stored event of every type, as written at its current version. */
const STORED: { readonly [K in CheckoutEventType]: Extract<CheckoutEvent, { type: K }> } = {
  CheckoutStarted: events.started(CARTS.kit) as Extract<CheckoutEvent, { type: 'CheckoutStarted' }>,
  CheckoutRestarted: {
    type: 'CheckoutRestarted',
    v: 1,
    data: {
      cart: { cartId: 'cart-7f3a9c21', version: 4, fingerprint: 'WRI3-KITx3|' },
      reason: 'cart-changed',
    },
  },
  CustomerAccountChosen: {
    type: 'CustomerAccountChosen',
    v: 1,
    data: {
      account: { id: RIVERSIDE.id, number: '4821', name: RIVERSIDE.name, type: 'ORGANIZATION' },
    },
  },
  QualifiedUserChosen: {
    type: 'QualifiedUserChosen',
    v: 1,
    data: {
      qualifiedUser: {
        userId: 'user-sam-okafor',
        firstName: 'Sam',
        lastName: 'Okafor',
        level: 'C',
      },
    },
  },
  QglobalAccountChosen: { type: 'QglobalAccountChosen', v: 1, data: { choice: { mode: 'new' } } },
  AimswebAccountChosen: {
    type: 'AimswebAccountChosen',
    v: 1,
    data: { choice: { mode: 'existing', accountNumber: 'AW-4821-01' } },
  },
  ShippingAddressChosen: {
    type: 'ShippingAddressChosen',
    v: 1,
    data: { address: GB_ADDRESS, saveToAddressBook: true },
  },
  ShippingMethodChosen: { type: 'ShippingMethodChosen', v: 1, data: { method: 'expedited' } },
  BillingAddressChosen: {
    type: 'BillingAddressChosen',
    v: 1,
    data: { billing: { sameAsShipping: false, address: GB_ADDRESS } },
  },
  PaymentChosen: events.payment() as Extract<CheckoutEvent, { type: 'PaymentChosen' }>,
  PaymentDeclined: {
    type: 'PaymentDeclined',
    v: 1,
    data: { decline: { reason: 'declined', source: 'new', last4: '0002' } },
  },
  TrainingParticipantsGiven: events.training('TRN-OL') as Extract<
    CheckoutEvent,
    { type: 'TrainingParticipantsGiven' }
  >,
  CheckoutOrderPlaced: {
    type: 'CheckoutOrderPlaced',
    v: 1,
    data: { orderId: 'checkout-5d2e8b10' },
  },
};

describe('checkout event upcaster', () => {
  it('has a stored fixture of every event type', () => {
    expect(Object.keys(STORED).sort()).toEqual(Object.keys(CHECKOUT_EVENT_VERSIONS).sort());
  });

  it.each(Object.values(STORED))('reads $type at its current version as it is', (stored) => {
    expect(stored.v).toBe(CHECKOUT_EVENT_VERSIONS[stored.type]);
    // As read back from the event store: plain JSON.
    const read = upcastCheckoutEvent(JSON.parse(JSON.stringify(stored)) as typeof stored);
    expect(read).toEqual(stored);
  });

  it.each(Object.keys(CHECKOUT_EVENT_VERSIONS) as CheckoutEventType[])(
    'refuses %s at a version it has no upcaster for',
    (type) => {
      const version = CHECKOUT_EVENT_VERSIONS[type];
      expect(() => upcastCheckoutEvent({ type, v: version + 1, data: {} })).toThrow(
        `No upcaster for ${type}@${String(version + 1)}`,
      );
      expect(() => upcastCheckoutEvent({ type, v: 0, data: {} })).toThrow(
        `No upcaster for ${type}@0`,
      );
    },
  );

  it('passes an event of a type it does not know to evolve, which ignores it', () => {
    const future = { type: 'CheckoutGiftWrapped', v: 3, data: {} };
    expect(upcastCheckoutEvent(future)).toBe(future);
  });
});
