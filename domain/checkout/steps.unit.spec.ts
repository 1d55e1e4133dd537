/** The steps of checkout as configuration, and the guard that keeps them in order. */
import { describe, expect, it } from 'vitest';
import type { CheckoutCart } from './cart-snapshot';
import type { CheckoutEvent } from './events';
import {
  CHECKOUT_STEP_IDS,
  CHECKOUT_STEPS,
  firstUnfinishedStep,
  guardStep,
  nextStep,
  stepById,
  stepByPath,
  stepsFor,
  type CheckoutStepId,
} from './steps';
import {
  CARTS,
  checkoutCart,
  completedCheckout,
  events,
  GB_ADDRESS,
  line,
  PRIYA,
  RIVERSIDE,
  SAM,
  stateOf,
} from './test-fixtures';

const ids = (steps: readonly { id: CheckoutStepId }[]) => steps.map((s) => s.id);

/** The state after these events, for this cart. */
const at = (given: readonly CheckoutEvent[]) => stateOf(given);

const chosen = (cart: CheckoutCart) => [
  events.started(cart),
  events.account(RIVERSIDE),
  events.qualifiedUser(SAM),
];

describe('the steps (SPEC 2.6)', () => {
  it('go accounts, delivery address, delivery method, billing, payment, review', () => {
    expect(ids(CHECKOUT_STEPS)).toEqual([...CHECKOUT_STEP_IDS]);
    expect(CHECKOUT_STEPS.map((s) => s.path)).toEqual([
      '',
      'shipping-address',
      'shipping-method',
      'billing-address',
      'payment',
      'review',
    ]);
  });

  it('are found by id and by path', () => {
    expect(stepById('payment').path).toBe('payment');
    expect(stepByPath('')?.id).toBe('accounts');
    expect(stepByPath('shipping-method')?.id).toBe('shipping-method');
    expect(stepByPath('confirmation')).toBeUndefined();
  });

  it('all apply to a cart with items to ship', () => {
    expect(ids(stepsFor(CARTS.kit))).toEqual([...CHECKOUT_STEP_IDS]);
    expect(ids(stepsFor(CARTS.mixed))).toEqual([...CHECKOUT_STEP_IDS]);
    expect(ids(stepsFor(CARTS.preOrder))).toEqual([...CHECKOUT_STEP_IDS]);
  });

  it.each([
    ['Q-global scoring', CARTS.digital],
    ['aimswebPlus', CARTS.aimsweb],
    ['online training', CARTS.training],
    ['a digital library', checkoutCart([line('library')])],
  ])('skip delivery for a cart of %s only', (_, cart) => {
    expect(ids(stepsFor(cart))).toEqual(['accounts', 'billing-address', 'payment', 'review']);
  });
});

describe('the accounts step is done', () => {
  const done = (cart: CheckoutCart, given: readonly CheckoutEvent[]) =>
    stepById('accounts').done(at(given), cart);

  it('not before a customer account and a qualified user are chosen', () => {
    expect(done(CARTS.kit, [events.started()])).toBe(false);
    expect(done(CARTS.kit, [events.started(), events.account(RIVERSIDE)])).toBe(false);
    expect(done(CARTS.kit, chosen(CARTS.kit))).toBe(true);
  });

  it('needing no Q-global account for a cart without Q-global items', () => {
    expect(done(CARTS.kit, chosen(CARTS.kit))).toBe(true);
    expect(done(CARTS.aimsweb, [...chosen(CARTS.aimsweb), events.aimsweb()])).toBe(true);
  });

  it('needing a Q-global account for a cart with Q-global items', () => {
    expect(done(CARTS.digital, chosen(CARTS.digital))).toBe(false);
    expect(done(CARTS.digital, [...chosen(CARTS.digital), events.qglobal()])).toBe(true);
    expect(done(CARTS.mixed, [...chosen(CARTS.mixed), events.qglobal({ mode: 'new' })])).toBe(true);
  });

  it('needing an aimswebPlus account only for a cart with aimswebPlus items', () => {
    expect(done(CARTS.aimsweb, chosen(CARTS.aimsweb))).toBe(false);
    expect(done(CARTS.aimsweb, [...chosen(CARTS.aimsweb), events.aimsweb({ mode: 'new' })])).toBe(
      true,
    );
    // aimswebPlus is not delivered into Q-global.
    expect(done(CARTS.aimsweb, [...chosen(CARTS.aimsweb), events.qglobal()])).toBe(false);
  });

  it('no longer once another customer account is chosen', () => {
    expect(
      done(CARTS.kit, [...chosen(CARTS.kit), events.account({ ...RIVERSIDE, id: 'acct-other' })]),
    ).toBe(false);
  });
});

describe('firstUnfinishedStep', () => {
  it('is the accounts step for a checkout just started', () => {
    expect(firstUnfinishedStep(at([events.started()]), CARTS.kit).id).toBe('accounts');
  });

  it('is the delivery address once the accounts are chosen, for a cart that ships', () => {
    expect(firstUnfinishedStep(at(chosen(CARTS.kit)), CARTS.kit).id).toBe('shipping-address');
  });

  it('is billing once the accounts are chosen, for a digital cart', () => {
    const given = [...chosen(CARTS.digital), events.qglobal()];
    expect(firstUnfinishedStep(at(given), CARTS.digital).id).toBe('billing-address');
  });

  it('is review once every step is done, and stays review when the order is placed', () => {
    const given = completedCheckout(CARTS.mixed);
    expect(firstUnfinishedStep(at(given), CARTS.mixed).id).toBe('review');
    expect(firstUnfinishedStep(at([...given, events.placed()]), CARTS.mixed).id).toBe('review');
  });

  it('goes back to the accounts step after a restart', () => {
    const given = [...completedCheckout(CARTS.kit), events.restarted(CARTS.mixed)];
    expect(firstUnfinishedStep(at(given), CARTS.mixed).id).toBe('accounts');
  });
});

describe('guardStep: opening a step', () => {
  it('shows the accounts step whatever is done', () => {
    expect(guardStep('accounts', at([events.started()]), CARTS.kit).id).toBe('accounts');
    expect(guardStep('accounts', at(completedCheckout(CARTS.kit)), CARTS.kit).id).toBe('accounts');
  });

  it.each<CheckoutStepId>([
    'shipping-address',
    'shipping-method',
    'billing-address',
    'payment',
    'review',
  ])('sends %s to the accounts step while no account is chosen', (requested) => {
    expect(guardStep(requested, at([events.started()]), CARTS.kit).id).toBe('accounts');
  });

  it('sends a later step to the first unfinished one', () => {
    const state = at([...chosen(CARTS.kit), events.shippingAddress()]);
    expect(guardStep('payment', state, CARTS.kit).id).toBe('shipping-method');
    expect(guardStep('review', state, CARTS.kit).id).toBe('shipping-method');
  });

  it('shows the requested step when every step before it is done', () => {
    const state = at([...chosen(CARTS.kit), events.shippingAddress()]);
    expect(guardStep('shipping-address', state, CARTS.kit).id).toBe('shipping-address');
    expect(guardStep('shipping-method', state, CARTS.kit).id).toBe('shipping-method');
  });

  it('lets the buyer go back to an earlier step to change it', () => {
    const state = at(completedCheckout(CARTS.kit));
    expect(guardStep('shipping-address', state, CARTS.kit).id).toBe('shipping-address');
    expect(guardStep('billing-address', state, CARTS.kit).id).toBe('billing-address');
    expect(guardStep('review', state, CARTS.kit).id).toBe('review');
  });

  it('shows billing for a delivery step of a digital cart', () => {
    const state = at([...chosen(CARTS.digital), events.qglobal()]);
    expect(guardStep('shipping-address', state, CARTS.digital).id).toBe('billing-address');
    expect(guardStep('shipping-method', state, CARTS.digital).id).toBe('billing-address');
  });

  it('needs no delivery choice to reach payment with a digital cart', () => {
    const state = at([
      ...chosen(CARTS.digital),
      events.qglobal(),
      events.billing({ sameAsShipping: false, address: GB_ADDRESS }),
    ]);
    expect(guardStep('payment', state, CARTS.digital).id).toBe('payment');
  });

  it('keeps a digital cart on the accounts step until its Q-global account is chosen', () => {
    const state = at([
      ...chosen(CARTS.digital),
      events.billing({ sameAsShipping: false, address: GB_ADDRESS }),
    ]);
    expect(guardStep('payment', state, CARTS.digital).id).toBe('accounts');
  });

  it('keeps an aimswebPlus cart on the accounts step until its aimswebPlus account is chosen', () => {
    const given = [
      events.started(CARTS.aimsweb),
      events.account(RIVERSIDE),
      events.qualifiedUser(PRIYA),
    ];
    expect(guardStep('billing-address', at(given), CARTS.aimsweb).id).toBe('accounts');
    expect(guardStep('billing-address', at([...given, events.aimsweb()]), CARTS.aimsweb).id).toBe(
      'billing-address',
    );
  });
});

describe('nextStep', () => {
  it.each<[CheckoutStepId, CheckoutStepId]>([
    ['accounts', 'shipping-address'],
    ['shipping-address', 'shipping-method'],
    ['shipping-method', 'billing-address'],
    ['billing-address', 'payment'],
    ['payment', 'review'],
    ['review', 'review'],
  ])('goes from %s to %s for a cart that ships', (current, next) => {
    expect(nextStep(current, CARTS.kit).id).toBe(next);
  });

  it.each<[CheckoutStepId, CheckoutStepId]>([
    ['accounts', 'billing-address'],
    ['billing-address', 'payment'],
    ['payment', 'review'],
    ['review', 'review'],
  ])('goes from %s to %s for a digital cart', (current, next) => {
    expect(nextStep(current, CARTS.digital).id).toBe(next);
  });

  it.each<CheckoutStepId>(['shipping-address', 'shipping-method'])(
    'goes on from %s, a step a digital cart skips, to billing (never back)',
    (current) => {
      expect(nextStep(current, CARTS.digital).id).toBe('billing-address');
    },
  );
});
