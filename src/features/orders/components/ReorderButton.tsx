/**
 * 'Order again' (beyond the spec; decision 029): the order's items go back in the cart
 * (AddToCartAgain), offline too; the cart page then says which could not be added and why.
 */
import { Trans } from '@lingui/react/macro';
import type { Order } from '../../../../domain/order/order';
import { AddToCartAgain } from '../../../shell/order/AddToCartAgain';

export function ReorderButton({ order }: { order: Order }) {
  return (
    <AddToCartAgain
      lines={order.lines}
      storeId={order.storeId}
      source="reorder"
      className="orders__reorder"
    >
      <Trans>Order again</Trans>
    </AddToCartAgain>
  );
}
