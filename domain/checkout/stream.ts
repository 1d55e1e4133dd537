/** Checkout as a stream kind (decision 018): a stream per checkout, for signed-in buyers. */
import { KIB } from '../sync/command-size';
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
  // An address or a payment is about 1 KiB, a 200-line cart's fingerprint about 10 KiB; the
  // largest are training participants, one a seat: 200 at the spec's longest are 57 KiB.
  limits: { commandBytes: 128 * KIB, pushBytes: 256 * KIB },
  // Only the store knows an order was placed, or that the gateway refused its payment.
  serverOnly: (command) =>
    command.type === 'RecordOrderPlaced' || command.type === 'RecordPaymentDeclined',
  refused: CHECKOUT_RULE_MESSAGES.choiceRefused,
  // 2: payment declines and training participants joined the state.
  snapshotShape: 2,
});
