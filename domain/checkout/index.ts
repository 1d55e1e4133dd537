/** The checkout aggregate's public surface. */
export * from './cart-snapshot';
export type { CartReference, CheckoutCommand, CheckoutCommandType } from './commands';
export type { CheckoutContext } from './context';
export { aimswebProblem, checkoutDecider, purchaseOrderProblem } from './decide';
export { CHECKOUT_EVENT_VERSIONS, type CheckoutEvent, type CheckoutEventType } from './events';
export * from './facts';
export * from './forms';
export { CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES } from './messages';
export * from './shipping-methods';
export * from './state';
export * from './steps';
export { checkoutStreamKind } from './stream';
