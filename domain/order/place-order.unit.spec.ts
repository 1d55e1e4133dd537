/**
 * Placing an order, decided again with the store's own facts: the order a complete checkout
 * makes (SPEC 3 Order), and each refusal in the spec's words.
 */
import { describe, expect, it } from 'vitest';
import { initialCheckoutState } from '../checkout/state';
import type { CheckoutEvent } from '../checkout/events';
import {
  BUYER,
  CART_ID,
  CARTS,
  catalog,
  CHECKOUT_ID,
  checkoutCart,
  completedCheckout,
  DANA,
  events,
  FACTS,
  factsWith,
  factsWithAccount,
  GB_ADDRESS,
  JORDAN,
  line,
  NOW,
  PERSONAL,
  PRIYA,
  PURCHASE_ORDER,
  RIVERSIDE,
  SAM,
  stateOf,
  STORE_ID,
  TOMAS,
  US_ADDRESS,
  NEW_CARD,
  SAVED_CARD,
  PARTICIPANTS,
} from '../checkout/test-fixtures';
import type { PaymentChoice } from '../checkout/state';
import { DomainError } from '../shared/domain-error';
import { decidePlaceOrder, type PlaceOrderInput } from './place-order';

const WEB_REFERENCE = 'W26-0004571';

function input(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    orderId: CHECKOUT_ID,
    webReference: WEB_REFERENCE,
    now: NOW,
    locale: 'en-us',
    storeId: STORE_ID,
    buyer: BUYER,
    placedBy: { kind: 'user', id: BUYER.userId, name: 'Dana Reyes' },
    checkout: stateOf(completedCheckout(CARTS.mixed)),
    cart: CARTS.mixed,
    facts: FACTS,
    product: catalog(),
    termsAccepted: true,
    accessCode: (code, seat) => `AC-${code}-${String(seat)}`,
    ...overrides,
  };
}

/** The refusal of placing this order. */
function refusal(given: PlaceOrderInput): DomainError {
  try {
    const order = decidePlaceOrder(given);
    throw new Error(`expected a refusal, got order ${order.orderId}`);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

function expectRefusal(given: PlaceOrderInput, code: string, id: string, text?: string) {
  const error = refusal(given);
  expect(error.code).toBe(code);
  expect(error.detail.id).toBe(id);
  if (text !== undefined) expect(error.message).toBe(text);
  return error;
}

const ITEMS_NEED_UPDATE = 'Some items in your cart need to be updated...';
const INCOMPLETE = 'Please complete every checkout step before placing your order.';

/** A checkout of this cart from these events, placed with this cart. */
const placing = (cart: typeof CARTS.kit, given: readonly CheckoutEvent[]) =>
  input({ cart, checkout: stateOf(given) });

describe('decidePlaceOrder: the order of a complete checkout', () => {
  it('carries every SPEC 3 field, priced for the account, as placed', () => {
    expect(decidePlaceOrder(input())).toEqual({
      orderId: CHECKOUT_ID,
      webReference: WEB_REFERENCE,
      placedAt: NOW,
      storeId: STORE_ID,
      locale: 'en-us',
      currency: 'USD',
      status: 'created',
      buyer: BUYER,
      placedBy: { kind: 'user', id: BUYER.userId, name: 'Dana Reyes' },
      account: {
        id: 'acct-riverside',
        number: '4821',
        name: 'Riverside Child Development Clinic',
        type: 'ORGANIZATION',
      },
      qualifiedUser: {
        userId: 'user-sam-okafor',
        firstName: 'Sam',
        lastName: 'Okafor',
        level: 'C',
      },
      qglobal: { mode: 'existing', accountNumber: 'QG-482100' },
      aimsweb: null,
      lines: [
        {
          code: 'WRI3-KIT',
          name: 'Westbrook Reading Inventory, Third Edition, Complete Kit',
          programName: 'Westbrook Reading Inventory',
          quantity: 2,
          unitPriceMinor: 49_999,
          // 10% of 999.98, rounded to the cent.
          discountMinor: 10_000,
          totalMinor: 89_998,
          format: 'physical-kit',
          qualificationLevel: 'B',
          preOrder: false,
        },
        {
          code: 'WRI3-QG-1Y',
          name: 'Westbrook Reading Inventory Q-global Scoring, 1 year',
          programName: 'Westbrook Reading Inventory',
          quantity: 1,
          unitPriceMinor: 14_900,
          // Not discountable.
          discountMinor: 0,
          totalMinor: 14_900,
          format: 'digital-scoring',
          qualificationLevel: 'B',
          preOrder: false,
        },
        {
          code: 'WRI4-KIT',
          name: 'Westbrook Reading Inventory, Fourth Edition, Complete Kit',
          programName: 'Westbrook Reading Inventory',
          quantity: 1,
          unitPriceMinor: 150_000,
          discountMinor: 15_000,
          totalMinor: 135_000,
          format: 'physical-kit',
          qualificationLevel: 'B',
          preOrder: true,
        },
      ],
      promotions: [],
      accountDiscount: { programme: 'OLD', discountMinor: 25_000 },
      shippingAddress: US_ADDRESS,
      shippingMethod: { id: 'regular', priceMinor: 1000, minDays: 10, maxDays: 15 },
      billingAddress: US_ADDRESS,
      payment: PURCHASE_ORDER,
      totals: {
        subtotalMinor: 264_898,
        discountsMinor: 25_000,
        shippingMinor: 1000,
        taxMinor: 0,
        totalMinor: 240_898,
      },
      // Riverside is tax exempt (SPEC 6).
      tax: { basis: 'exempt', lines: [] },
      // One code per seat of the Q-global scoring.
      accessCodes: [{ code: 'WRI3-QG-1Y', accessCode: 'AC-WRI3-QG-1Y-1' }],
      trainingParticipants: {},
      trainingInformationNeeded: false,
      hold: null,
      checkoutId: CHECKOUT_ID,
      cartId: CART_ID,
      saveShippingAddress: true,
    });
  });

  it('places the order when the total the buyer saw is the total', () => {
    expect(decidePlaceOrder(input({ expectedTotalMinor: 240_898 })).totals.totalMinor).toBe(
      240_898,
    );
  });

  it('adds expedited shipping at its price in the store', () => {
    const given = [...completedCheckout(CARTS.kit), events.shippingMethod('expedited')];
    const order = decidePlaceOrder(placing(CARTS.kit, given));
    expect(order.shippingMethod).toEqual({
      id: 'expedited',
      priceMinor: 2000,
      minDays: 3,
      maxDays: 5,
    });
    // 999.98 less 10%, plus 20.00.
    expect(order.totals).toEqual({
      subtotalMinor: 99_998,
      discountsMinor: 10_000,
      shippingMinor: 2000,
      taxMinor: 0,
      totalMinor: 91_998,
    });
  });

  it('applies the cart’s promotion codes after the account’s discount', () => {
    const cart = checkoutCart([line('kit', 2)], {
      promotions: [
        {
          code: 'SCHOOL10',
          name: '10% off',
          appliesTo: 'cart',
          productCodes: [],
          discountBasisPoints: 1000,
          minimumSubtotalMinor: 0,
        },
      ],
    });
    const order = decidePlaceOrder(placing(cart, completedCheckout(cart)));
    expect(order.promotions).toEqual([
      { code: 'SCHOOL10', name: '10% off', discountMinor: 10_000 },
    ]);
    expect(order.totals.discountsMinor).toBe(20_000);
    expect(order.totals.totalMinor).toBe(99_998 - 20_000 + 1000);
  });

  it('refuses a promotion code that ended or changed since it was applied', () => {
    const school10 = {
      code: 'SCHOOL10',
      name: '10% off',
      appliesTo: 'cart' as const,
      productCodes: [],
      discountBasisPoints: 1000,
      minimumSubtotalMinor: 0,
    };
    const cart = checkoutCart([line('kit', 2)], { promotions: [school10] });
    const base = placing(cart, completedCheckout(cart));
    const now = base.now;
    const asStored = {
      code: 'SCHOOL10',
      name: '10% off',
      enabled: true,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      appliesTo: { kind: 'cart' as const },
      minimumSubtotalMinor: 0,
      discountBasisPoints: 1000,
    };
    expect(
      decidePlaceOrder({ ...base, promotion: () => asStored }).promotions.map((p) => p.code),
    ).toEqual(['SCHOOL10']);
    for (const changed of [
      undefined,
      { ...asStored, enabled: false },
      { ...asStored, endsAt: now },
      { ...asStored, discountBasisPoints: 2000 },
    ]) {
      expectRefusal(
        { ...base, promotion: () => changed },
        'checkout.items-need-update',
        'cart.items-need-update',
        ITEMS_NEED_UPDATE,
      );
    }
  });

  it('makes a new Q-global account owned by the qualified user (SPEC 6)', () => {
    const given = [...completedCheckout(CARTS.mixed), events.qglobal({ mode: 'new' })];
    expect(decidePlaceOrder(input({ checkout: stateOf(given) })).qglobal).toEqual({
      mode: 'new',
      ownerUserId: SAM.userId,
    });
  });

  it('delivers into a Q-global account of the buyer’s own profile', () => {
    const given = [
      ...completedCheckout(CARTS.mixed),
      events.qglobal({ mode: 'existing', accountNumber: 'QG-990017' }),
    ];
    expect(decidePlaceOrder(input({ checkout: stateOf(given) })).qglobal).toEqual({
      mode: 'existing',
      accountNumber: 'QG-990017',
    });
  });

  it('sends nothing for a digital cart: no delivery address, method or price', () => {
    const order = decidePlaceOrder(placing(CARTS.digital, completedCheckout(CARTS.digital)));
    expect(order.shippingAddress).toBeNull();
    expect(order.shippingMethod).toBeNull();
    expect(order.saveShippingAddress).toBe(false);
    expect(order.billingAddress).toEqual(GB_ADDRESS);
    expect(order.totals).toEqual({
      subtotalMinor: 14_900,
      discountsMinor: 0,
      shippingMinor: 0,
      taxMinor: 0,
      totalMinor: 14_900,
    });
  });

  it('keeps the aimswebPlus account of an aimswebPlus order', () => {
    const order = decidePlaceOrder(placing(CARTS.aimsweb, completedCheckout(CARTS.aimsweb)));
    expect(order.aimsweb).toEqual({ mode: 'existing', accountNumber: 'AW-4821-01' });
    expect(order.qglobal).toBeNull();
    const fresh = [...completedCheckout(CARTS.aimsweb), events.aimsweb({ mode: 'new' })];
    expect(decidePlaceOrder(placing(CARTS.aimsweb, fresh)).aimsweb).toEqual({
      mode: 'new',
      ownerUserId: SAM.userId,
    });
  });

  it('takes what each line is from the catalog: a product now pre-ordered is marked so', () => {
    const order = decidePlaceOrder(
      input({ product: catalog({ 'WRI3-KIT': { preOrder: true, stock: 0 } }) }),
    );
    expect(order.lines.map((l) => [l.code, l.preOrder])).toEqual([
      ['WRI3-KIT', true],
      ['WRI3-QG-1Y', false],
      ['WRI4-KIT', true],
    ]);
  });

  it('records customer service placing the order on the buyer’s behalf (Placed by)', () => {
    const placedBy = { kind: 'agent', id: 'agent-0042', name: 'Morgan Ellis' } as const;
    expect(decidePlaceOrder(input({ placedBy })).placedBy).toEqual(placedBy);
  });

  it('charges the sales tax of the delivery state to an account that is not exempt', () => {
    const taxed = factsWithAccount(RIVERSIDE.id, { taxExempt: false });
    const order = decidePlaceOrder(input({ facts: taxed }));
    // Illinois, 6.25% of the goods after discounts and the shipping: 2,408.98 → 150.56.
    expect(order.tax.basis).toBe('taxed');
    expect(order.tax.lines.map((l) => [l.id, l.rate, l.amountMinor])).toEqual([
      ['sales-tax', '6.25%', 15_056],
    ]);
    expect(order.totals).toMatchObject({ taxMinor: 15_056, totalMinor: 255_954 });
  });

  it('refuses a total the buyer saw without the tax', () => {
    const taxed = factsWithAccount(RIVERSIDE.id, { taxExempt: false });
    expectRefusal(
      input({ facts: taxed, expectedTotalMinor: 240_898 }),
      'checkout.prices-changed',
      'cart.items-need-update',
    );
  });

  it('places an order of as many kits as there are in stock', () => {
    expect(() =>
      decidePlaceOrder(input({ product: catalog({ 'WRI3-KIT': { stock: 2 } }) })),
    ).not.toThrow();
  });
});

describe('decidePlaceOrder: refusals', () => {
  it('refuses when the terms are not accepted (SPEC 5)', () => {
    expectRefusal(
      input({ termsAccepted: false }),
      'checkout.terms-required',
      'validation.required',
      'This field is required.',
    );
  });

  it('refuses when the cart changed since the checkout began (SPEC 4.8)', () => {
    const text =
      'This order has been modified in another tab or window. The checkout process has been restarted';
    expectRefusal(
      input({ cart: CARTS.kit }),
      'checkout.modified',
      'checkout.modified-in-another-tab',
      text,
    );
    expectRefusal(
      input({ cart: checkoutCart([line('kit', 3), line('scoring'), line('preOrder')]) }),
      'checkout.modified',
      'checkout.modified-in-another-tab',
      text,
    );
    expectRefusal(
      input({ cart: { ...CARTS.mixed, cartId: 'cart-another-1' } }),
      'checkout.modified',
      'checkout.modified-in-another-tab',
      text,
    );
  });

  it('refuses a qualified user whose level does not cover an item, whatever the cart line claims', () => {
    // The line was forged as level A; the catalog has the kit at level C.
    const cart = checkoutCart([line('levelC', 1, { qualificationLevel: 'A' })]);
    const given = [
      events.started(cart),
      events.account(RIVERSIDE),
      events.qualifiedUser(PRIYA),
      events.shippingAddress(),
      events.shippingMethod(),
      events.billing(),
      events.payment(),
    ];
    const error = expectRefusal(
      placing(cart, given),
      'checkout.level-not-covered',
      'validation.qualification.too-low',
    );
    expect(error.detail.values).toEqual({ level: 'A', required: 'C' });
  });

  it('refuses a qualified user whose level was lowered since they were chosen', () => {
    const facts = factsWithAccount(RIVERSIDE.id, {
      qualifiedUsers: [{ ...SAM, level: 'A' }, PRIYA, TOMAS, JORDAN],
    });
    expectRefusal(
      input({ facts }),
      'checkout.level-not-covered',
      'validation.qualification.too-low',
    );
  });

  it('refuses a qualified user whose qualification was withdrawn', () => {
    const facts = factsWithAccount(RIVERSIDE.id, {
      qualifiedUsers: [{ ...SAM, level: null }, PRIYA, TOMAS, JORDAN],
    });
    expectRefusal(input({ facts }), 'checkout.no-qualification', 'checkout.no-qualification');
  });

  it('refuses a qualified user who left the organization', () => {
    const facts = factsWithAccount(RIVERSIDE.id, { qualifiedUsers: [PRIYA, TOMAS, JORDAN] });
    expectRefusal(
      input({ facts }),
      'checkout.user-not-in-organization',
      'validation.account.user-not-in-organization',
      'User not found in this organization',
    );
  });

  it('refuses a cart with under $300 of aimswebPlus products (SPEC 5)', () => {
    expectRefusal(
      placing(CARTS.aimswebUnderMinimum, completedCheckout(CARTS.aimswebUnderMinimum)),
      'checkout.aimsweb-minimum',
      'validation.aimsweb.minimum',
      'Orders with aimswebPlus products must come to at least $300.00.',
    );
  });

  it('refuses aimswebPlus products the catalog knows as such, whatever the cart line claims', () => {
    const cart = checkoutCart([line('aimsweb', 29, { aimsweb: false }), line('kit')]);
    expectRefusal(
      placing(cart, completedCheckout(cart)),
      'checkout.aimsweb-minimum',
      'validation.aimsweb.minimum',
    );
  });

  it('refuses aimswebPlus under a personal account (SPEC 6)', () => {
    const given = [
      events.started(CARTS.aimsweb),
      events.account(PERSONAL),
      events.qualifiedUser(DANA),
      events.aimsweb({ mode: 'new' }),
      events.billing({ sameAsShipping: false, address: GB_ADDRESS }),
      events.payment(),
    ];
    expectRefusal(
      placing(CARTS.aimsweb, given),
      'checkout.aimsweb-organization-only',
      'validation.aimsweb.organization-only',
      'aimswebPlus can only be bought with an organizational account.',
    );
  });

  it('refuses a purchase order under a personal account (SPEC 6)', () => {
    const given = [
      events.started(CARTS.kit),
      events.account(PERSONAL),
      events.qualifiedUser(DANA),
      events.shippingAddress(),
      events.shippingMethod(),
      events.billing(),
      events.payment(),
    ];
    expectRefusal(
      placing(CARTS.kit, given),
      'checkout.po-personal-account',
      'order.po.personal-account',
      'Purchase orders can only be used with an organizational account. Switch to your organization’s account to pay by PO.',
    );
  });

  it('refuses a purchase order before a first order on behalf of the organization (SPEC 4.8)', () => {
    expectRefusal(
      input({ facts: factsWithAccount(RIVERSIDE.id, { hasOrdered: false }) }),
      'checkout.po-no-first-order',
      'order.po.no-first-order',
      'Paying by purchase order becomes available after a first order on behalf of your organization.',
    );
  });

  it('refuses a purchase order under the threshold while the threshold flag is on', () => {
    expectRefusal(
      input({
        cart: CARTS.training,
        checkout: stateOf(completedCheckout(CARTS.training)),
        facts: factsWith({ flags: { poThreshold: true } }),
      }),
      'checkout.po-below-threshold',
      'order.po.below-threshold',
    );
  });

  it('refuses when a price changed in the catalog', () => {
    expectRefusal(
      input({ product: catalog({ 'WRI3-KIT': { unitPriceMinor: 52_999 } }) }),
      'checkout.items-need-update',
      'cart.items-need-update',
      ITEMS_NEED_UPDATE,
    );
  });

  it.each([
    ['no longer sold online', { soldOnline: false }],
    ['no longer orderable via the website', { orderableOnline: false }],
    ['no longer priced in the store', { unitPriceMinor: null }],
    ['out of stock for the quantity', { stock: 1 }],
    ['sold out', { stock: 0 }],
  ])('refuses a product %s', (_, change) => {
    expectRefusal(
      input({ product: catalog({ 'WRI3-KIT': change }) }),
      'checkout.items-need-update',
      'cart.items-need-update',
      ITEMS_NEED_UPDATE,
    );
  });

  it('refuses a product the catalog no longer has', () => {
    const product = (code: string) => (code === 'WRI3-KIT' ? undefined : catalog()(code));
    expectRefusal(
      input({ product }),
      'checkout.items-need-update',
      'cart.items-need-update',
      ITEMS_NEED_UPDATE,
    );
  });

  it('takes a pre-ordered kit with no stock, and a digital product with no stock count', () => {
    expect(() =>
      decidePlaceOrder(
        input({ product: catalog({ 'WRI4-KIT': { stock: 0 }, 'WRI3-QG-1Y': { stock: 0 } }) }),
      ),
    ).not.toThrow();
  });

  const full = completedCheckout(CARTS.mixed);
  const without = (type: CheckoutEvent['type']) => full.filter((e) => e.type !== type);

  it.each([
    [
      'no delivery address',
      without('ShippingAddressChosen').filter((e) => e.type !== 'BillingAddressChosen'),
    ],
    ['no shipping method', without('ShippingMethodChosen')],
    ['no billing address', without('BillingAddressChosen')],
    ['no payment', without('PaymentChosen')],
    ['no Q-global account for Q-global items', without('QglobalAccountChosen')],
  ])('refuses a checkout with %s', (_, given) => {
    expectRefusal(
      input({ checkout: stateOf(given) }),
      'checkout.incomplete',
      'checkout.incomplete',
      INCOMPLETE,
    );
  });

  it('refuses an aimswebPlus checkout with no aimswebPlus account', () => {
    const given = completedCheckout(CARTS.aimsweb).filter((e) => e.type !== 'AimswebAccountChosen');
    expectRefusal(
      placing(CARTS.aimsweb, given),
      'checkout.incomplete',
      'checkout.incomplete',
      INCOMPLETE,
    );
  });

  it('refuses a checkout with no customer account or no qualified user', () => {
    expectRefusal(
      input({ checkout: stateOf(without('CustomerAccountChosen')) }),
      'checkout.choose-account-first',
      'checkout.choose-account-first',
    );
    expectRefusal(
      input({ checkout: stateOf(without('QualifiedUserChosen')) }),
      'checkout.choose-qualified-user-first',
      'checkout.choose-qualified-user-first',
    );
  });

  it('refuses when the total the buyer saw is not the total any more', () => {
    expectRefusal(
      input({ expectedTotalMinor: 240_897 }),
      'checkout.prices-changed',
      'cart.items-need-update',
      ITEMS_NEED_UPDATE,
    );
  });

  it('refuses a checkout that has not started', () => {
    expectRefusal(
      input({ checkout: initialCheckoutState() }),
      'checkout.not-started',
      'checkout.not-started',
    );
  });

  it('refuses another user’s checkout', () => {
    expectRefusal(
      input({ buyer: { ...BUYER, userId: 'user-someone-else' } }),
      'checkout.not-yours',
      'checkout.not-yours',
    );
  });

  it('refuses a checkout whose order is already placed', () => {
    expectRefusal(
      input({ checkout: stateOf([...full, events.placed()]) }),
      'checkout.already-placed',
      'checkout.already-placed',
      'This order has already been placed.',
    );
  });

  it('refuses an empty cart, or a cart the store does not have', () => {
    expectRefusal(
      input({ cart: { ...CARTS.mixed, lines: [] } }),
      'checkout.cart-empty',
      'checkout.cart-empty',
    );
    expectRefusal(input({ cart: null }), 'checkout.cart-empty', 'checkout.cart-empty');
  });

  it('refuses an account that is no longer the buyer’s', () => {
    expectRefusal(
      input({ facts: factsWith({ accounts: [PERSONAL] }) }),
      'checkout.account-not-found',
      'validation.account.not-found',
      'This account is not found',
    );
  });

  it('refuses a Q-global account the customer account may no longer use', () => {
    expectRefusal(
      input({ facts: factsWithAccount(RIVERSIDE.id, { qglobalAccounts: [] }) }),
      'checkout.qglobal-not-found',
      'checkout.qglobal-not-found',
      'This Q-global account is not found',
    );
  });

  it('refuses an aimswebPlus account the organization no longer has', () => {
    expectRefusal(
      input({
        cart: CARTS.aimsweb,
        checkout: stateOf(completedCheckout(CARTS.aimsweb)),
        facts: factsWithAccount(RIVERSIDE.id, { aimswebAccounts: [] }),
      }),
      'checkout.account-not-found',
      'validation.account.not-found',
    );
  });
});

describe('decidePlaceOrder: cards, bank transfer, screening, training and access codes', () => {
  /** The kit checkout of Dana's personal account, paid this way. */
  const paidWith = (payment: PaymentChoice, cart = CARTS.kit) =>
    stateOf([
      events.started(cart),
      events.account(PERSONAL),
      events.qualifiedUser(DANA),
      ...(cart.lines.some((l) => l.format === 'physical-kit')
        ? [events.shippingAddress(US_ADDRESS), events.shippingMethod('regular')]
        : []),
      events.billing(
        cart.lines.some((l) => l.format === 'physical-kit')
          ? { sameAsShipping: true }
          : { sameAsShipping: false, address: US_ADDRESS },
      ),
      events.payment(payment),
    ]);

  it('keeps a new card as "credit card ending in" its last four, never its token', () => {
    const order = decidePlaceOrder(input({ cart: CARTS.kit, checkout: paidWith(NEW_CARD) }));
    expect(order.payment).toEqual({
      method: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      holderName: 'Dana Reyes',
      chargeId: null,
    });
    expect(JSON.stringify(order)).not.toContain(NEW_CARD.token);
    expect(order.status).toBe('created');
  });

  it('keeps a saved card by its summary and holder', () => {
    const order = decidePlaceOrder(input({ cart: CARTS.kit, checkout: paidWith(SAVED_CARD) }));
    expect(order.payment).toMatchObject({ method: 'card', holderName: 'Dana Reyes' });
  });

  it('refuses a saved card removed from the profile since it was chosen (SPEC 8)', () => {
    expectRefusal(
      input({
        cart: CARTS.kit,
        checkout: paidWith(SAVED_CARD),
        facts: factsWith({ savedCards: [] }),
      }),
      'checkout.saved-card-invalid',
      'checkout.saved-card-details',
      'Please check your saved card payment details are correct or provide a different payment method.',
    );
  });

  it('refuses a new card that expired since it was chosen', () => {
    const card = { ...NEW_CARD, card: { ...NEW_CARD.card, expMonth: 11, expYear: 2026 } };
    expectRefusal(
      input({ cart: CARTS.kit, checkout: paidWith(card), now: '2026-12-01T08:00:00.000Z' }),
      'checkout.card-expired',
      'validation.card.expired',
    );
  });

  it('waits for billing when paid by bank transfer, and refuses it once the flag is off', () => {
    const checkout = paidWith({ method: 'bank-transfer' });
    const on = factsWith({ flags: { bankTransfer: true } });
    const order = decidePlaceOrder(input({ cart: CARTS.kit, checkout, facts: on }));
    expect(order.status).toBe('awaitingBilling');
    expect(order.payment).toEqual({ method: 'bank-transfer' });
    expectRefusal(
      input({ cart: CARTS.kit, checkout }),
      'checkout.bank-transfer-unavailable',
      'checkout.bank-transfer-unavailable',
    );
  });

  it('keeps the third party who pays on the order, and refuses it once tpp is off', () => {
    const payer = {
      organization: 'Dane County School District',
      contact: {
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'payables@danecounty.example',
        phone: { countryIso: 'US', phoneCode: '1', e164: '+16085550142' },
      },
      reference: 'AUTH-2026-3391',
    };
    const checkout = paidWith({ method: 'third-party', payer });
    const on = factsWith({ flags: { tpp: true } });
    const order = decidePlaceOrder(input({ cart: CARTS.kit, checkout, facts: on }));
    // Invoiced to the payer, net 30, as a purchase order's: the order goes on meanwhile.
    expect(order.status).toBe('created');
    expect(order.payment).toEqual({ method: 'third-party', payer });
    expectRefusal(
      input({ cart: CARTS.kit, checkout }),
      'checkout.third-party-unavailable',
      'checkout.third-party-unavailable',
    );
  });

  it('declines the order of a screened name: no access codes, nothing held', () => {
    const order = decidePlaceOrder(
      input({ screening: { result: 'match', name: 'Dana Reyes', source: 'SANDBOX-SDN-1' } }),
    );
    expect(order.status).toBe('declined');
    expect(order.accessCodes).toEqual([]);
    expect(order.hold).toBeNull();
  });

  it('holds the order of a possible match for about 48 hours (SPEC 4.8, 9)', () => {
    const order = decidePlaceOrder(
      input({
        screening: { result: 'possible-match', name: 'Dana Reyes', source: 'SANDBOX-SDN-1' },
      }),
    );
    expect(order.status).toBe('onHold');
    expect(order.hold).toEqual({ reason: 'screening', until: '2026-11-25T10:00:00.000Z' });
    expect(order.accessCodes).toEqual([]);
  });

  it('places a clear order as created', () => {
    expect(decidePlaceOrder(input({ screening: { result: 'clear' } })).status).toBe('created');
  });

  it('gives one access code per seat of each digital item', () => {
    const cart = checkoutCart([line('scoring', 3), line('kit')]);
    const checkout = stateOf(completedCheckout(cart));
    const order = decidePlaceOrder(input({ cart, checkout }));
    expect(order.accessCodes).toEqual([
      { code: 'WRI3-QG-1Y', accessCode: 'AC-WRI3-QG-1Y-1' },
      { code: 'WRI3-QG-1Y', accessCode: 'AC-WRI3-QG-1Y-2' },
      { code: 'WRI3-QG-1Y', accessCode: 'AC-WRI3-QG-1Y-3' },
    ]);
  });

  describe('online training (SPEC 2.5, 4.8)', () => {
    const cart = checkoutCart([line('training', 2)]);
    const base = completedCheckout(cart);

    it('needs additional processing when placed without participants', () => {
      const order = decidePlaceOrder(input({ cart, checkout: stateOf(base) }));
      expect(order.trainingInformationNeeded).toBe(true);
      expect(order.trainingParticipants).toEqual({});
    });

    it('carries the participants given at checkout', () => {
      const checkout = stateOf([...base, events.training('WRI3-TRN')]);
      const order = decidePlaceOrder(input({ cart, checkout }));
      expect(order.trainingInformationNeeded).toBe(false);
      expect(order.trainingParticipants).toEqual({ 'WRI3-TRN': PARTICIPANTS });
    });

    it('needs them again when a date is no longer six weeks ahead on the day it is placed', () => {
      const checkout = stateOf([...base, events.training('WRI3-TRN')]);
      const order = decidePlaceOrder(input({ cart, checkout, now: '2026-12-28T09:00:00.000Z' }));
      expect(order.trainingInformationNeeded).toBe(true);
    });
  });
});

describe('an order of a quote (decision 051)', () => {
  const quoted = (expiresOn: string, accountId = RIVERSIDE.id) =>
    checkoutCart(CARTS.kit.lines, {
      quote: { quoteId: 'quote-1', number: 'Q12345674', expiresOn, accountId },
    });

  it("holds the quote's prices after the catalog's change, and names the quote", () => {
    const cart = quoted('2026-12-20');
    const order = decidePlaceOrder(
      input({
        cart,
        checkout: stateOf(completedCheckout(cart)),
        product: catalog({ 'WRI3-KIT': { unitPriceMinor: 55_000 } }),
      }),
    );
    expect(order.lines[0]?.unitPriceMinor).toBe(CARTS.kit.lines[0]?.unitPriceMinor);
    expect(order.quoteId).toBe('quote-1');
  });

  it('is refused after its last day, for another account, or with a product withdrawn', () => {
    const expired = quoted('2026-11-22');
    expectRefusal(
      input({ cart: expired, checkout: stateOf(completedCheckout(expired)) }),
      'quote.expired',
      'quote.not-completed',
      'We are sorry but your quote could not be completed...',
    );
    const other = quoted('2026-12-20', 'acct-elsewhere');
    expectRefusal(
      input({ cart: other, checkout: stateOf(completedCheckout(other)) }),
      'quote.account-changed',
      'quote.not-completed',
    );
    const cart = quoted('2026-12-20');
    const withdrawn = expectRefusal(
      input({
        cart,
        checkout: stateOf(completedCheckout(cart)),
        product: catalog({ 'WRI3-KIT': { soldOnline: false } }),
      }),
      'quote.product-withdrawn',
      'quote.not-completed',
    );
    expect(withdrawn.detail.values).toEqual({ code: 'WRI3-KIT' });
  });

  it('leaves an order of a cart of its own to the catalog prices, and names no quote', () => {
    expect(decidePlaceOrder(input()).quoteId).toBeUndefined();
    expectRefusal(
      input({ product: catalog({ 'WRI3-KIT': { unitPriceMinor: 55_000 } }) }),
      'checkout.items-need-update',
      'cart.items-need-update',
    );
  });
});
