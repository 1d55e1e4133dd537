/**
 * The order status lookup and the order history's filters (SPEC 2.6, 2.7, 5, 8): what a lookup
 * shows (never a name, address or payment), which order a number names, which of the three
 * messages a miss gets, and how the history's query is read.
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
import { V } from '../validation/messages';
import { matchesHistoryQuery, orderHistoryQuerySchema, orderSummary } from './history';
import { hasOrderNumber, lookupMiss, orderStatusView, poNumberOf } from './lookup';
import { placedOrder, type Order } from './order';
import { decidePlaceOrder } from './place-order';

function order(change: Partial<Order> = {}): Order {
  const cart = checkoutCart([line('kit', 2), line('scoring')]);
  const placed = decidePlaceOrder({
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
  return { ...placedOrder(placed), ...change };
}

describe('the status lookup', () => {
  it('shows progress, items and tracking, and nothing of the buyer, the addresses or the payment', () => {
    const o = order();
    const view = orderStatusView(o);
    expect(view).toMatchObject({
      webReference: 'W1000000421',
      status: 'created',
      orderNumber: null,
    });
    expect(view.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['WRI3-KIT', 2],
      ['WRI3-QG-1Y', 1],
    ]);
    const text = JSON.stringify(view);
    for (const secret of [
      o.buyer.lastName,
      o.buyer.email,
      o.billingAddress.line1,
      o.account.number,
      poNumberOf(o) ?? 'no PO',
      'AC-WRI3',
      'unitPriceMinor',
      'totalMinor',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('knows an order by its Web reference # or its Order #, in any case', () => {
    const o = order({ fulfilment: { ...order().fulfilment, orderNumber: '40000015' } });
    expect(hasOrderNumber(o, ' w1000000421 ')).toBe(true);
    expect(hasOrderNumber(o, '40000015')).toBe(true);
    expect(hasOrderNumber(o, 'W1000000437')).toBe(false);
  });

  it('answers each miss in the spec’s words', () => {
    expect(lookupMiss({ locale: 'en-gb', orderNumber: 'W1234567' }, false)).toBe(V.orderNotFound);
    const po = { locale: 'en-gb' as const, poNumber: 'PO-1', organizationNumber: '4821' };
    expect(lookupMiss(po, false)).toBe(V.purchaseOrderNotFound);
    expect(lookupMiss(po, true)).toBe(V.noOrdersFound);
    expect(V.orderNotFound.message).toBe('unable to locate this website order');
    expect(V.purchaseOrderNotFound.message).toBe("can't find this Purchase Order");
    expect(V.noOrdersFound.message).toBe("We didn't find any orders using the provided input");
  });
});

describe('the order history', () => {
  it('reads its query, refusing what is not a date, a status or a page', () => {
    expect(orderHistoryQuerySchema.parse({ locale: 'en-us' })).toEqual({
      locale: 'en-us',
      page: 1,
    });
    expect(
      orderHistoryQuerySchema.parse({ locale: 'en-us', page: '3', status: 'onHold', q: ' PO-1 ' }),
    ).toMatchObject({ page: 3, status: 'onHold', q: 'PO-1' });
    for (const bad of [
      { page: '0' },
      { page: 'x' },
      { status: 'shipped' },
      { from: '2026-13-01x' },
      { from: '2026-11-30', to: '2026-11-01' },
      { q: 'x'.repeat(51) },
      { q: 'a\u0000b' },
    ]) {
      expect(
        orderHistoryQuerySchema.safeParse({ locale: 'en-us', ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it('filters by status, day and number, as the store’s query does', () => {
    const o = order();
    const day = NOW.slice(0, 10);
    expect(matchesHistoryQuery(o, {})).toBe(true);
    expect(matchesHistoryQuery(o, { status: 'created', from: day, to: day })).toBe(true);
    expect(matchesHistoryQuery(o, { status: 'completed' })).toBe(false);
    expect(matchesHistoryQuery(o, { from: '2099-01-01' })).toBe(false);
    expect(matchesHistoryQuery(o, { q: '00004' })).toBe(true);
    expect(matchesHistoryQuery(o, { q: 'nothing' })).toBe(false);
  });

  it('sums up an order for its line: number, status, total, who placed it', () => {
    const summary = orderSummary(order());
    expect(summary).toMatchObject({
      webReference: 'W1000000421',
      status: 'created',
      placedBy: { kind: 'user', name: 'Dana Reyes' },
      items: 3,
    });
    expect(summary.totalMinor).toBe(order().totals.totalMinor);
  });
});
