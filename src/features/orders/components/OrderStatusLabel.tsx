/**
 * An order's status as people read it (SPEC 4.8): Cancel Pending, Pending, In Process and the
 * others by name; 'Additional Processing' while online training waits for its participants.
 */
import { useLingui } from '@lingui/react';
import { orderStatusLabel, type OrderStatus } from '../../../../domain/order/status';
import { orderStateLabel } from '../../../../domain/order/training-after-order';

export function OrderStatusLabel({
  order,
}: {
  order: { readonly status: OrderStatus; readonly trainingInformationNeeded: boolean };
}) {
  const { i18n } = useLingui();
  return (
    <span className={`order-status order-status--${order.status}`} data-testid="order-status">
      {i18n._(orderStateLabel(order, orderStatusLabel))}
    </span>
  );
}
