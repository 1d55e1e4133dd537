/**
 * Fulfilment (decision 029): which step the store takes next, when, and what it carries; the
 * transitions an order may make; and the events folded into the order.
 */
import { describe, expect, it } from 'vitest';
import {
  BUYER,
  CHECKOUT_ID,
  catalog,
  checkoutCart,
  completedCheckout,
  FACTS,
  line,
  NOW,
  stateOf,
  STORE_ID,
} from '../checkout/test-fixtures';
import { DomainError } from '../shared/domain-error';
import { formatMessage } from '../shared/message';
import {
  addBusinessDays,
  chargeToRefund,
  nextFulfilmentStep,
  ORDER_TRANSITIONS,
  type FulfilmentContext,
} from './fulfilment';
import {
  decideOrder,
  evolveOrder,
  placedOrder,
  type Order,
  type OrderCommand,
  type OrderState,
} from './order';
import { decidePlaceOrder } from './place-order';
import { ORDER_STATUSES } from './status';

const STEP_MS = 60_000;
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

function placed(lines: Parameters<typeof checkoutCart>[0], change: Partial<Order> = {}): Order {
  const cart = checkoutCart(lines);
  const order = decidePlaceOrder({
    orderId: CHECKOUT_ID,
    webReference: 'W1000000421',
    now: NOW,
    locale: 'en-us',
    storeId: STORE_ID,
    buyer: BUYER,
    placedBy: { kind: 'user', id: BUYER.userId, name: 'Dana Reyes' },
    checkout: stateOf(completedCheckout(cart)),
    cart,
    facts: FACTS,
    product: catalog(),
    termsAccepted: true,
    accessCode: (code, seat) => `AC-${code}-${String(seat)}`,
  });
  return { ...placedOrder(order), ...change };
}

function context(now: string, change: Partial<FulfilmentContext> = {}): FulfilmentContext {
  return {
    now,
    stepMs: STEP_MS,
    availableOn: {},
    orderNumber: () => '40000002',
    ship: () => ({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
    screen: () => ({ result: 'clear' }),
    accessCode: (code, seat) => `NEW-${code}-${String(seat)}`,
    ...change,
  };
}

/** Takes the store's steps one after the other, a step apart, until it waits. */
function run(order: Order, change: Partial<FulfilmentContext> = {}, steps = 10) {
  let current = order;
  let clock = Date.parse(NOW);
  const seen: string[] = [];
  for (let i = 0; i < steps; i += 1) {
    clock += STEP_MS;
    const next = nextFulfilmentStep(current, context(new Date(clock).toISOString(), change));
    if (!next) break;
    const events = decideOrder(
      {
        type: 'ChangeOrderStatus',
        data: next,
        metadata: { commandId: `c${String(i)}`, now: next.at },
      },
      { order: current },
    );
    const after = events.reduce<OrderState>((state, event) => evolveOrder(state, event), {
      order: current,
    });
    if (!after.order) throw new Error('no order');
    current = after.order;
    seen.push(current.status);
  }
  return { order: current, seen };
}

function refusal(command: OrderCommand, order: Order): string | null {
  try {
    decideOrder(command, { order });
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return formatMessage(error.detail);
  }
}

describe('the store’s fulfilment steps', () => {
  it('moves a kit from created to completed, a step at a time, with an Order # and tracking', () => {
    const order = placed([line('kit', 2)]);
    expect(order.fulfilment.history).toEqual([{ status: 'created', at: NOW, reason: 'placed' }]);
    // Not before its time.
    expect(nextFulfilmentStep(order, context(later(STEP_MS - 1)))).toBeNull();
    const { order: done, seen } = run(order);
    expect(seen).toEqual(['open', 'processing', 'awaitingShipping', 'completed']);
    expect(done.fulfilment.orderNumber).toBe('40000002');
    expect(done.fulfilment.shipment).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      estimatedShipDate: addBusinessDays(later(3 * STEP_MS).slice(0, 10), 2),
    });
    expect(done.fulfilment.history.map((h) => h.reason)).toEqual([
      'placed',
      'accepted',
      'processing',
      'picked',
      'shipped',
    ]);
  });

  it('completes an order of digital items at once, with an Order #', () => {
    const order = placed([line('scoring', 2)]);
    const step = nextFulfilmentStep(order, context(NOW));
    expect(step).toMatchObject({ from: 'created', to: 'completed', reason: 'delivered' });
    expect(step?.orderNumber).toBe('40000002');
    expect(order.accessCodes).toHaveLength(2);
  });

  it('keeps an order with training open until its participants are given', () => {
    const order = placed([line('training', 2)]);
    expect(order.trainingInformationNeeded).toBe(true);
    const { order: waiting, seen } = run(order);
    expect(seen).toEqual(['open']);
    expect(nextFulfilmentStep(waiting, context(later(100 * STEP_MS)))).toBeNull();
    const given = { ...waiting, trainingInformationNeeded: false };
    expect(nextFulfilmentStep(given, context(later(100 * STEP_MS)))).toMatchObject({
      to: 'completed',
      reason: 'delivered',
    });
  });

  it('keeps a pre-ordered item In Process until its date, and expects it to ship then', () => {
    const order = placed([line('preOrder')]);
    const availableOn = { 'WRI4-KIT': '2027-03-01' };
    const { order: waiting, seen } = run(order, { availableOn });
    expect(seen).toEqual(['open', 'processing']);
    expect(waiting.fulfilment.estimatedShipDate).toBe('2027-03-01');
    const onTheDay = context('2027-03-01T09:00:00.000Z', { availableOn });
    expect(nextFulfilmentStep(waiting, onTheDay)).toMatchObject({ to: 'awaitingShipping' });
  });

  it('looks again whenever a pre-ordered date still ahead is asked for, moved later or earlier', () => {
    const { order: waiting } = run(placed([line('preOrder')]), {
      availableOn: { 'WRI4-KIT': '2027-03-01' },
    });
    const advance = (order: Order, now: string, availableOn: Record<string, string>) =>
      decideOrder(
        {
          type: 'AdvanceFulfilment',
          data: { from: order.status },
          metadata: { commandId: `a-${now}`, now },
        },
        { order },
        context(now, { availableOn }),
      );
    // Moved earlier but still ahead (2027-02-10): recorded, so the process looks again then;
    // the estimate told the buyer does not move earlier.
    const earlier = advance(waiting, '2027-01-05T00:00:00.000Z', { 'WRI4-KIT': '2027-02-10' });
    expect(earlier).toMatchObject([
      { type: 'OrderFulfilmentDeferred', data: { until: '2027-02-10' } },
    ]);
    const after = earlier.reduce<OrderState>((state, event) => evolveOrder(state, event), {
      order: waiting,
    }).order!;
    expect(after.fulfilment.estimatedShipDate).toBe('2027-03-01');
    // Moved later: the estimate follows.
    const later = advance(after, '2027-02-10T00:00:00.000Z', { 'WRI4-KIT': '2027-04-01' });
    const moved = later.reduce<OrderState>((state, event) => evolveOrder(state, event), {
      order: after,
    }).order!;
    expect(moved.fulfilment.estimatedShipDate).toBe('2027-04-01');
  });

  it('releases a held order when its hold ends, with its access codes, unless a name is now listed', () => {
    const held = placed([line('scoring')], {
      status: 'onHold',
      hold: { reason: 'screening', until: later(48 * 3_600_000) },
      accessCodes: [],
    });
    expect(nextFulfilmentStep(held, context(later(47 * 3_600_000)))).toBeNull();
    const released = nextFulfilmentStep(held, context(later(48 * 3_600_000)));
    expect(released).toMatchObject({ from: 'onHold', to: 'created', reason: 'hold-released' });
    expect(released?.accessCodes).toEqual([{ code: 'WRI3-QG-1Y', accessCode: 'NEW-WRI3-QG-1Y-1' }]);
    const after = evolveOrder(
      { order: held },
      { type: 'OrderStatusChanged', v: 1, data: released! },
    );
    expect(after.order?.hold).toBeNull();
    expect(after.order?.accessCodes).toHaveLength(1);

    const listed = context(later(48 * 3_600_000), {
      screen: () => ({ result: 'match', name: 'Viktor Ralenko', source: 'sandbox' }),
    });
    expect(nextFulfilmentStep(held, listed)).toMatchObject({
      to: 'declined',
      reason: 'hold-declined',
    });
  });

  it('waits for an operator on a bank transfer, and ends a cancellation at the next step', () => {
    const billing = placed([line('kit')], { status: 'awaitingBilling' });
    expect(nextFulfilmentStep(billing, context(later(100 * STEP_MS)))).toBeNull();
    const cancelling = placed([line('kit')], { status: 'cancelling' });
    expect(nextFulfilmentStep(cancelling, context(later(STEP_MS)))).toMatchObject({
      to: 'cancelled',
      reason: 'cancelled',
    });
  });

  it('takes an operator’s early step at once, but still waits for a hold, a date, a payment or participants', () => {
    const availableOn = { 'WRI4-KIT': '2027-03-01' };
    const advance = (order: Order, now: string, early?: boolean) =>
      decideOrder(
        {
          type: 'AdvanceFulfilment',
          data: { from: order.status, ...(early === undefined ? {} : { early }) },
          metadata: { commandId: `a-${now}`, now },
        },
        { order },
        context(now, { availableOn }),
      );
    const kit = placed([line('kit')]);
    const soon = later(1_000);
    expect(advance(kit, soon)).toEqual([]);
    expect(advance(kit, soon, false)).toEqual([]);
    expect(advance(kit, soon, true)).toMatchObject([
      {
        type: 'OrderStatusChanged',
        data: { from: 'created', to: 'open', at: soon, orderNumber: '40000002' },
      },
    ]);
    const waiting: Order[] = [
      placed([line('kit')], {
        status: 'onHold',
        hold: { reason: 'screening', until: later(48 * 3_600_000) },
      }),
      placed([line('kit')], { status: 'awaitingBilling' }),
      run(placed([line('training', 2)])).order,
      run(placed([line('preOrder')]), { availableOn }).order,
      placed([line('kit')], { status: 'completed' }),
    ];
    for (const order of waiting) {
      const events = advance(order, later(100 * STEP_MS), true);
      expect(
        events.filter((e) => e.type === 'OrderStatusChanged'),
        order.status,
      ).toEqual([]);
    }
  });

  it('refunds the card charge of a cancelled, returned or declined order, once', () => {
    const card: Order['payment'] = {
      method: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      holderName: 'Dana Reyes',
      chargeId: 'ch_1',
    };
    expect(
      chargeToRefund(placed([line('kit')], { status: 'completed', payment: card })),
    ).toBeNull();
    const cancelled = placed([line('kit')], { status: 'cancelled', payment: card });
    expect(chargeToRefund(cancelled)).toBe('ch_1');
    const refunded = evolveOrder(
      { order: cancelled },
      { type: 'OrderRefunded', v: 1, data: { refundId: 'refund:ch_1', at: NOW } },
    ).order!;
    expect(chargeToRefund(refunded)).toBeNull();
    expect(
      decideOrder(
        {
          type: 'RecordOrderRefund',
          data: { refundId: 'refund:ch_1', at: NOW },
          metadata: { commandId: 'r', now: NOW },
        },
        { order: refunded },
      ),
    ).toEqual([]);
    expect(chargeToRefund(placed([line('kit')], { status: 'cancelled' }))).toBeNull();
    // Closed after it was cancelled, before the refund went: still refunded.
    const closed: Order = {
      ...cancelled,
      status: 'closed',
      fulfilment: {
        ...cancelled.fulfilment,
        history: [
          ...cancelled.fulfilment.history,
          { status: 'cancelled', at: NOW, reason: 'cancelled' },
          { status: 'closed', at: NOW, reason: 'moved' },
        ],
      },
    };
    expect(chargeToRefund(closed)).toBe('ch_1');
    const closedNeverEnded: Order = {
      ...closed,
      fulfilment: {
        ...closed.fulfilment,
        history: [
          { status: 'completed', at: NOW, reason: 'placed' },
          { status: 'closed', at: NOW, reason: 'moved' },
        ],
      },
    };
    expect(chargeToRefund(closedNeverEnded)).toBeNull();
  });
});

describe('status changes', () => {
  const change = (from: Order['status'], to: Order['status']): OrderCommand => ({
    type: 'ChangeOrderStatus',
    data: { from, to, at: NOW, reason: 'moved' },
    metadata: { commandId: 'op-1', now: NOW },
  });

  it('refuses a step the rules do not allow, and one from a status the order has left', () => {
    const order = placed([line('kit')]);
    expect(refusal(change('created', 'awaitingShipping'), order)).toBe(
      'An order that is created cannot become awaitingShipping.',
    );
    expect(refusal(change('open', 'processing'), order)).toBe(
      'This order is created now. Look at it again before changing it.',
    );
    expect(refusal(change('created', 'open'), order)).toBeNull();
  });

  it('has a rule for every status, and closed is the end', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_TRANSITIONS.closed).toEqual([]);
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const to of targets) expect(ORDER_STATUSES).toContain(to);
    }
  });

  it('counts business days over weekends', () => {
    // 2026-11-27 is a Friday.
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-23', 2)).toBe('2026-11-25');
  });
});
