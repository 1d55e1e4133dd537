/** The cart as a stream kind (decision 018): one definition for browser, server and database. */
import { cartCommandSchema } from '../sync/schemas';
import { KIB } from '../sync/command-size';
import { defineStreamKind } from '../sync/stream-kind';
import type { CartCommand } from './commands';
import type { CartContext } from './context';
import { cartDecider } from './decide';
import type { CartEvent } from './events';
import { CART_MESSAGES } from './messages';
import type { CartState } from './state';
import { upcastCartEvent, type StoredCartEvent } from './upcast';

export const cartStreamKind = defineStreamKind<CartState, CartCommand, CartEvent, CartContext>({
  name: 'cart',
  address: { per: 'stream', path: '/api/carts' },
  owners: 'anyone',
  perStore: true,
  initialState: cartDecider.initialState,
  decide: cartDecider.decide,
  evolve: cartDecider.evolve,
  upcast: (stored) => upcastCartEvent(stored as StoredCartEvent),
  commandSchema: cartCommandSchema,
  // Its schema keeps any command under about 18 KiB (200 lines of 40-character codes); a
  // merge of a 200-line cart is about 10 KiB, a quick order of 25 rows about 2 KiB.
  limits: { commandBytes: 32 * KIB, pushBytes: 128 * KIB },
  // Promotion codes and customer accounts are known to the server only.
  // A quote is put in a cart by the store only (decision 051).
  serverOnly: (command) =>
    command.type === 'ApplyPromotion' ||
    command.type === 'ChooseAccount' ||
    command.type === 'LoadQuote',
  refused: CART_MESSAGES.itemsNeedUpdate,
  // 2: the state remembers the orders it was cleared for; 3: the quote it holds.
  snapshotShape: 3,
});
