/**
 * Properties of the cart's event stream (fast-check): replaying any sequence of events gives
 * the fold of evolve, whatever the split; and a snapshot plus the tail equals a full replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { fold, replay } from '../shared/decider';
import type { CartCommand } from './commands';
import { cartDecider } from './decide';
import type { CartEvent } from './events';
import { cartContext, NOW, PRODUCTS } from './test-fixtures';

const codes = PRODUCTS.map((p) => p.code);

/** Any command a user could issue, including ones that will be rejected. */
const arbitraryCartCommand: fc.Arbitrary<CartCommand> = fc
  .oneof(
    fc.record({
      type: fc.constant('AddItem' as const),
      data: fc.record({
        code: fc.constantFrom(...codes),
        quantity: fc.integer({ min: -1, max: 30 }),
      }),
    }),
    fc.record({
      type: fc.constant('ChangeQuantity' as const),
      data: fc.record({
        code: fc.constantFrom(...codes),
        quantity: fc.integer({ min: 0, max: 30 }),
      }),
    }),
    fc.record({
      type: fc.constant('RemoveItem' as const),
      data: fc.record({ code: fc.constantFrom(...codes) }),
    }),
    fc.record({
      type: fc.constant('ApplyPromotion' as const),
      data: fc.record({ code: fc.constantFrom('SCHOOL10', 'KITS20', 'BIG', 'ENDED', 'NOPE') }),
    }),
    fc.record({
      type: fc.constant('RemovePromotion' as const),
      data: fc.record({ code: fc.constantFrom('SCHOOL10', 'KITS20') }),
    }),
    fc.record({
      type: fc.constant('AddItems' as const),
      data: fc.record({
        source: fc.constant('quick-order' as const),
        items: fc.array(
          fc.record({ code: fc.constantFrom(...codes), quantity: fc.integer({ min: 1, max: 30 }) }),
          { maxLength: 5 },
        ),
      }),
    }),
    fc.record({ type: fc.constant('DismissNotices' as const), data: fc.constant({}) }),
    fc.record({
      type: fc.constant('ClearCart' as const),
      data: fc.constant({ reason: 'emptied' as const }),
    }),
  )
  .map((c) => ({ ...c, metadata: { commandId: 'c', now: NOW } }));

/** Runs commands, keeping the events of those that were accepted. */
function eventsOf(commands: readonly CartCommand[]): CartEvent[] {
  const context = cartContext();
  let state = cartDecider.initialState();
  const events: CartEvent[] = [];
  for (const command of commands) {
    try {
      const produced = cartDecider.decide(command, state, context);
      events.push(...produced);
      state = fold(cartDecider, state, produced);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return events;
}

describe('cart replay', () => {
  it('replaying a stream equals folding evolve over it, whatever the split', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCartCommand, { maxLength: 60 }), fc.nat(), (commands, at) => {
        const events = eventsOf(commands);
        const whole = replay(cartDecider, events);
        let manual = cartDecider.initialState();
        for (const event of events) manual = cartDecider.evolve(manual, event);
        expect(whole).toEqual(manual);
        const split = at % (events.length + 1);
        const snapshot = replay(cartDecider, events.slice(0, split));
        // A snapshot is stored as JSON: it must survive the round trip.
        const stored = JSON.parse(JSON.stringify(snapshot)) as typeof snapshot;
        expect(fold(cartDecider, stored, events.slice(split))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('an unknown event leaves the state as it is', () => {
    const events = eventsOf([
      {
        type: 'AddItem',
        data: { code: 'KIT', quantity: 1 },
        metadata: { commandId: 'a', now: NOW },
      },
    ]);
    const state = replay(cartDecider, events);
    expect(
      cartDecider.evolve(state, { type: 'Unknown', v: 1, data: {} } as unknown as CartEvent),
    ).toBe(state);
  });
});
