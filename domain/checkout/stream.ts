/** Checkout as a stream kind (decision 018): a stream per checkout, for signed-in buyers. */
import { defineStreamKind } from '../sync/stream-kind';
import type { CheckoutCommand } from './commands';
import { checkoutCommandSchema } from './command-schema';
import type { CheckoutContext } from './context';
import { checkoutDecider } from './decide';
import type { CheckoutEvent } from './events';
import { CHECKOUT_RULE_MESSAGES } from './messages';
import type { CheckoutState } from './state';
import { upcastCheckoutEvent } from './upcast';

export const checkoutStreamKind = defineStreamKind<
  CheckoutState,
  CheckoutCommand,
  CheckoutEvent,
  CheckoutContext
>({
  name: 'checkout',
  address: { per: 'stream', path: '/api/checkouts' },
  owners: 'users',
  perStore: true,
  initialState: checkoutDecider.initialState,
  decide: checkoutDecider.decide,
  evolve: checkoutDecider.evolve,
  upcast: upcastCheckoutEvent,
  commandSchema: checkoutCommandSchema,
  // Only the store knows an order was placed.
  serverOnly: (command) => command.type === 'RecordOrderPlaced',
  refused: CHECKOUT_RULE_MESSAGES.choiceRefused,
  snapshotShape: 1,
});
