/**
 * Reading stored cart events: every shape a cart event was ever written in, and the
 * upcasters that turn an older shape into the current one. Version 1 of CartItemAdded wrote
 * the unit price as decimal text in major units with its currency, and no order limits;
 * version 2 writes integer minor units (money is never a float or text) and the product's
 * minimum and maximum order quantities.
 */
import { fromMajor } from '../pricing/money';
import { CART_EVENT_VERSIONS, type CartEvent } from './events';
import type { CartLine } from './state';

export interface CartItemAddedV1 {
  readonly type: 'CartItemAdded';
  readonly v: 1;
  readonly data: {
    readonly line: Omit<CartLine, 'unitPriceMinor' | 'minOrderQuantity' | 'maxOrderQuantity'> & {
      readonly unitPrice: string;
      readonly currency: string;
    };
  };
}

/** Any shape that may be stored, current or historical. */
export type StoredCartEvent = CartEvent | CartItemAddedV1;

type UpcasterKey = `${StoredCartEvent['type']}@${number}`;

/** One upcaster per historical shape, from version n to n + 1. */
export const CART_UPCASTERS: Readonly<
  Partial<Record<UpcasterKey, (event: StoredCartEvent) => StoredCartEvent>>
> = {
  'CartItemAdded@1': (event) => {
    const { unitPrice, currency, ...line } = (event as CartItemAddedV1).data.line;
    return {
      type: 'CartItemAdded',
      v: 2,
      data: {
        line: {
          ...line,
          unitPriceMinor: fromMajor(unitPrice, currency).amountMinor,
          minOrderQuantity: null,
          maxOrderQuantity: null,
        },
      },
    };
  },
};

/**
 * The current shape of a stored event. An event of a type or version this code does not
 * know (written by a newer version of the store) comes back as it is; evolve ignores it.
 */
export function upcastCartEvent(
  stored: StoredCartEvent,
  onUpcast?: (key: UpcasterKey) => void,
): CartEvent {
  let event = stored;
  for (;;) {
    const key: UpcasterKey = `${event.type}@${event.v}`;
    const upcaster = CART_UPCASTERS[key];
    if (!upcaster) break;
    onUpcast?.(key);
    event = upcaster(event);
  }
  return event as CartEvent;
}

export function isCurrentCartEvent(event: { type: string; v: number }): boolean {
  return (CART_EVENT_VERSIONS as Readonly<Record<string, number>>)[event.type] === event.v;
}
