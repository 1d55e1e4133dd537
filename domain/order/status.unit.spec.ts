import { describe, expect, it } from 'vitest';
import { isOrderStatus, ORDER_STATUSES, orderStatusLabel } from './status';

describe('order status labels (SPEC 4.8)', () => {
  it.each([
    ['cancelled', 'Cancelled'],
    ['cancelling', 'Cancel Pending'],
    ['closed', 'Closed'],
    ['completed', 'Completed'],
    ['created', 'Created'],
    ['declined', 'Declined'],
    ['error', 'Pending'],
    ['open', 'Open'],
    ['onHold', 'On Hold'],
    ['processing', 'In Process'],
    ['rejected', 'Rejected'],
    ['returned', 'Returned'],
    ['awaitingReturn', 'Awaiting Return'],
    ['awaitingBilling', 'Awaiting Billing'],
    ['awaitingShipping', 'Awaiting Shipping'],
  ] as const)('shows %s as %s', (status, label) => {
    expect(orderStatusLabel(status).message).toBe(label);
  });

  it('knows the fifteen statuses and nothing else', () => {
    expect(ORDER_STATUSES).toHaveLength(15);
    expect(isOrderStatus('onHold')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
  });
});
