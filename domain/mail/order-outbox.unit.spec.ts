import { describe, expect, it } from 'vitest';
import {
  ORDER_EVENT_VERSIONS,
  orderStreamKind,
  type OrderEvent,
  type OrderState,
} from '../order/order';
import { outboxMessagesOf, type StreamHeader } from '../sync/stream-kind';
import { sampleOrder } from './sample-order';

const STREAM: StreamHeader = {
  streamId: 'order:cart-7f3a9c21-v3',
  ownerKind: 'user',
  ownerId: 'user-dana-reyes',
  storeId: 'usassessments',
};

describe('the order kind’s outbox', () => {
  it('sends one confirmation to the buyer, in the order’s locale, when the order is placed', () => {
    const order = sampleOrder({ locale: 'fr-ca' });
    const placed: OrderEvent = {
      type: 'OrderPlaced',
      v: ORDER_EVENT_VERSIONS.OrderPlaced,
      data: { order },
    };
    const messages = outboxMessagesOf(
      orderStreamKind,
      orderStreamKind.initialState(),
      [{ version: 1, event: placed }],
      STREAM,
    );
    expect(messages).toEqual([
      {
        version: 1,
        message: {
          id: 'order-confirmation:cart-7f3a9c21-v3',
          template: 'order-confirmation',
          to: 'dana.reyes@riverside-clinic.example',
          locale: 'fr-ca',
          data: order,
          // Held back for a buyer who turned order emails off (decision 060).
          preference: 'orderEmails',
        },
      },
    ]);
  });

  it('gives the same id for the same order, so a replay writes no second mail', () => {
    const placed: OrderEvent = {
      type: 'OrderPlaced',
      v: ORDER_EVENT_VERSIONS.OrderPlaced,
      data: { order: sampleOrder() },
    };
    const once = (state: OrderState) =>
      outboxMessagesOf(orderStreamKind, state, [{ version: 1, event: placed }], STREAM);
    expect(once({ order: null })[0]?.message.id).toBe(once({ order: null })[0]?.message.id);
  });

  it('sends nothing for no events, or for a kind without an outbox', () => {
    expect(outboxMessagesOf(orderStreamKind, { order: null }, [], STREAM)).toEqual([]);
    expect(
      outboxMessagesOf(
        { evolve: (s: number) => s + 1 },
        0,
        [{ version: 1, event: { type: 'Any' } }],
        STREAM,
      ),
    ).toEqual([]);
  });

  it('shows each event the state right after it', () => {
    const seen: number[] = [];
    outboxMessagesOf(
      {
        evolve: (s: number, e: { by: number }) => s + e.by,
        outbox: (_e, state) => {
          seen.push(state);
          return [];
        },
      },
      10,
      [
        { version: 4, event: { by: 1 } },
        { version: 5, event: { by: 2 } },
      ],
      STREAM,
    );
    expect(seen).toEqual([11, 13]);
  });
});
