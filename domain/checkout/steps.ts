/**
 * The steps of checkout as configuration (SPEC 2.5, 2.6): each has its address, whether it
 * applies to this cart, and whether it is done. Opening a step sends the buyer to the first
 * step before it that applies and is not done, so no step is reached with an earlier one
 * unfinished, whatever address is typed or bookmarked.
 */
import type { CheckoutCart } from './cart-snapshot';
import { cartNeeds } from './cart-snapshot';
import type { CheckoutState } from './state';

export const CHECKOUT_STEP_IDS = [
  'accounts',
  'shipping-address',
  'shipping-method',
  'billing-address',
  'payment',
  'review',
] as const;
export type CheckoutStepId = (typeof CHECKOUT_STEP_IDS)[number];

export interface CheckoutStep {
  readonly id: CheckoutStepId;
  /** Below `/{locale}/checkout`: '' for the accounts step. */
  readonly path: string;
  readonly applies: (cart: CheckoutCart) => boolean;
  readonly done: (state: CheckoutState, cart: CheckoutCart) => boolean;
}

/** Every choice of the accounts step that this cart needs (SPEC 2.6). */
function accountsDone(state: CheckoutState, cart: CheckoutCart): boolean {
  const needs = cartNeeds(cart.lines);
  return (
    state.account !== null &&
    state.qualifiedUser !== null &&
    (!needs.qglobal || state.qglobal !== null) &&
    (!needs.aimsweb || state.aimsweb !== null)
  );
}

const always = () => true;
const ships = (cart: CheckoutCart) => cartNeeds(cart.lines).shipping;

export const CHECKOUT_STEPS: readonly CheckoutStep[] = [
  { id: 'accounts', path: '', applies: always, done: accountsDone },
  {
    id: 'shipping-address',
    path: 'shipping-address',
    applies: ships,
    done: (s) => s.shippingAddress !== null,
  },
  {
    id: 'shipping-method',
    path: 'shipping-method',
    applies: ships,
    done: (s) => s.shippingMethod !== null,
  },
  // SPEC 5: a billing address is needed to move on (invoices and cards go there).
  {
    id: 'billing-address',
    path: 'billing-address',
    applies: always,
    done: (s) => s.billing !== null,
  },
  { id: 'payment', path: 'payment', applies: always, done: (s) => s.payment !== null },
  { id: 'review', path: 'review', applies: always, done: (s) => s.placedOrderId !== null },
];

export function stepById(id: CheckoutStepId): CheckoutStep {
  const step = CHECKOUT_STEPS.find((s) => s.id === id);
  if (!step) throw new Error(`No checkout step ${id}`);
  return step;
}

export function stepByPath(path: string): CheckoutStep | undefined {
  return CHECKOUT_STEPS.find((s) => s.path === path);
}

/** The steps this cart goes through, in order. */
export function stepsFor(cart: CheckoutCart): CheckoutStep[] {
  return CHECKOUT_STEPS.filter((s) => s.applies(cart));
}

/** The first step that applies and is not done (review when all before it are). */
export function firstUnfinishedStep(state: CheckoutState, cart: CheckoutCart): CheckoutStep {
  const steps = stepsFor(cart);
  return steps.find((s) => !s.done(state, cart)) ?? stepById('review');
}

/**
 * The step to show when `requested` is opened: the requested one when every applicable step
 * before it is done; else the first unfinished one. A step that does not apply to this cart
 * (shipping for digital items only) shows the next one that does.
 */
export function guardStep(
  requested: CheckoutStepId,
  state: CheckoutState,
  cart: CheckoutCart,
): CheckoutStep {
  const steps = stepsFor(cart);
  const order = CHECKOUT_STEP_IDS.indexOf(requested);
  const target = steps.find((s) => CHECKOUT_STEP_IDS.indexOf(s.id) >= order) ?? stepById('review');
  const unfinished = steps.find(
    (s) =>
      CHECKOUT_STEP_IDS.indexOf(s.id) < CHECKOUT_STEP_IDS.indexOf(target.id) &&
      !s.done(state, cart),
  );
  return unfinished ?? target;
}

/** The step after this one for this cart (after a step it skips too: never an earlier one). */
export function nextStep(current: CheckoutStepId, cart: CheckoutCart): CheckoutStep {
  const order = CHECKOUT_STEP_IDS.indexOf(current);
  return stepsFor(cart).find((s) => CHECKOUT_STEP_IDS.indexOf(s.id) > order) ?? stepById('review');
}
