/**
 * The messages a checkout request may answer with (the store's rules in the spec's words),
 * by id, so an error from the server shows in the page language. Kept with checkout, not in
 * the shell's table: the first page never needs them.
 */
import { CART_MESSAGES } from '../../../domain/cart/messages';
import { CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES } from '../../../domain/checkout/messages';
import { PO_UNAVAILABLE_MESSAGES } from '../../../domain/order/purchase-order';
import type { MessageDescriptor } from '../../../domain/shared/message';
import { descriptorFor } from '../../infra/messages';

const byId = new Map<string, MessageDescriptor>(
  [CART_MESSAGES, CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES, PO_UNAVAILABLE_MESSAGES]
    .flatMap((table) => Object.values(table) as MessageDescriptor[])
    .map((descriptor) => [descriptor.id, descriptor]),
);

export function checkoutDescriptorFor(id: string): MessageDescriptor | undefined {
  return byId.get(id) ?? descriptorFor(id);
}
