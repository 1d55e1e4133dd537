/**
 * Every stream kind of the store by name (decision 018): the one list the registry, the
 * server's `execute` and the process managers' types are made from. A new aggregate (quote,
 * invoice) is one definition added here.
 */
import { addressBookStreamKind } from './address-book/stream';
import { cartStreamKind } from './cart/stream';
import { checkoutStreamKind } from './checkout/stream';
import { invoiceStreamKind } from './invoice/stream';
import { orderStreamKind } from './order/order';
import { qualificationsStreamKind } from './qualification/stream';
import { profileStreamKind } from './profile/stream';
import { quoteStreamKind } from './quote/stream';
import { savedCartsStreamKind } from './saved-cart/stream';
import { processManagerOf, type CommandOfKind, type EventOfKind } from './sync/stream-kind';

export const STREAM_KINDS = {
  cart: cartStreamKind,
  'saved-carts': savedCartsStreamKind,
  checkout: checkoutStreamKind,
  order: orderStreamKind,
  quote: quoteStreamKind,
  invoice: invoiceStreamKind,
  qualifications: qualificationsStreamKind,
  profile: profileStreamKind,
  'address-book': addressBookStreamKind,
} as const;

export type StoreKinds = typeof STREAM_KINDS;
export type KindName = Extract<keyof StoreKinds, string>;
/** A kind's commands as a writer issues them (without metadata). */
export type CommandOf<N extends KindName> = CommandOfKind<StoreKinds[N]>;
export type EventOf<N extends KindName> = EventOfKind<StoreKinds[N]>;
export type StateOf<N extends KindName> = StoreKinds[N] extends {
  readonly initialState: () => infer S;
}
  ? S
  : never;

/** A process manager of the store's kinds, type-checked against them. */
export const defineProcessManager = processManagerOf<StoreKinds>();

/** Whether a name is one of the store's kinds. */
export function isKindName(name: string): name is KindName {
  return Object.hasOwn(STREAM_KINDS, name);
}
