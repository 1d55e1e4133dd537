/** Saved carts, given / when / then (SPEC 2.5, 5). */
import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../shared/decider-spec';
import { replay } from '../shared/decider';
import {
  SAVED_CARTS_MAX,
  savedCartList,
  savedCartsDecider,
  type SavedCartCommand,
  type SavedCartEvent,
} from './saved-carts';

const spec = deciderSpecification(savedCartsDecider, undefined, {
  equal: (a, e) => {
    expect(a).toEqual(e);
  },
  fail: (m) => {
    throw new Error(m);
  },
});
const lines = [{ code: 'KIT', name: 'Reading Kit', programName: 'Reading', quantity: 2 }];
const save = (
  savedCartId: string,
  name: string,
  now = '2026-11-22T10:00:00Z',
  description?: string,
): SavedCartCommand => ({
  type: 'SaveCart',
  data: { savedCartId, name, lines, ...(description === undefined ? {} : { description }) },
  metadata: { commandId: savedCartId, now },
});
const saved = (id: string, name: string, savedAt = '2026-11-22T10:00:00Z'): SavedCartEvent => ({
  type: 'CartSaved',
  v: 1,
  data: { cart: { id, name, description: null, lines, savedAt } },
});

describe('saved carts', () => {
  it('saves the cart under a tidy name with its description', () => {
    spec
      .given([])
      .when(save('s1', '  Spring   order ', '2026-11-22T10:00:00Z', ' Room 4 '))
      .then([
        {
          type: 'CartSaved',
          v: 1,
          data: {
            cart: {
              id: 's1',
              name: 'Spring order',
              description: 'Room 4',
              lines,
              savedAt: '2026-11-22T10:00:00Z',
            },
          },
        },
      ]);
  });

  it.each([
    ['', 'saved-cart.name-required', 'This field is required.'],
    ['Kits & forms', 'saved-cart.name-alphanumeric', 'Cart name can only be alpha numeric'],
    ['x'.repeat(51), 'saved-cart.name-too-long', 'Enter no more than 50 characters.'],
    ['spring ORDER', 'saved-cart.name-taken', 'You already have a saved cart named spring ORDER.'],
  ])('refuses the name %j', (name, code, text) => {
    spec
      .given([saved('s0', 'Spring order')])
      .when(save('s1', name))
      .thenThrows(code, (error) => {
        expect(error.message).toBe(text);
      });
  });

  it('refuses an empty cart, a long description and more than the limit', () => {
    spec
      .given([])
      .when({
        type: 'SaveCart',
        data: { savedCartId: 's1', name: 'Empty', lines: [] },
        metadata: { commandId: 'x', now: 'n' },
      })
      .thenThrows('saved-cart.empty');
    spec
      .given([])
      .when(save('s1', 'Long', 'n', 'x'.repeat(256)))
      .thenThrows('saved-cart.description-too-long');
    const many = Array.from({ length: SAVED_CARTS_MAX }, (_, i) =>
      saved(`s${String(i)}`, `Cart ${String(i)}`),
    );
    spec.given(many).when(save('new', 'One more')).thenThrows('saved-cart.too-many');
  });

  it('saves once for the same id', () => {
    spec
      .given([saved('s1', 'Spring order')])
      .when(save('s1', 'Spring order'))
      .then([]);
  });

  it('restores a saved cart into the current cart, and refuses one that is gone', () => {
    spec
      .given([saved('s1', 'Spring order')])
      .when({
        type: 'RestoreSavedCart',
        data: { savedCartId: 's1', intoCartId: 'c1' },
        metadata: { commandId: 'r', now: '2026-11-23T00:00:00Z' },
      })
      .then([
        {
          type: 'SavedCartRestored',
          v: 1,
          data: { savedCartId: 's1', intoCartId: 'c1', lines, restoredAt: '2026-11-23T00:00:00Z' },
        },
      ]);
    spec
      .given([])
      .when({
        type: 'RestoreSavedCart',
        data: { savedCartId: 's1', intoCartId: 'c1' },
        metadata: { commandId: 'r', now: 'n' },
      })
      .thenThrows('saved-cart.missing', (error) => {
        expect(error.message).toBe('This saved cart no longer exists.');
      });
  });

  it('deletes once and lists the newest first', () => {
    const del: SavedCartCommand = {
      type: 'DeleteSavedCart',
      data: { savedCartId: 's1' },
      metadata: { commandId: 'd', now: 'n' },
    };
    spec
      .given([saved('s1', 'A')])
      .when(del)
      .then([{ type: 'SavedCartDeleted', v: 1, data: { savedCartId: 's1' } }]);
    spec.given([]).when(del).then([]);
    const state = replay(savedCartsDecider, [
      saved('a', 'Old', '2026-01-01T00:00:00Z'),
      saved('b', 'New', '2026-06-01T00:00:00Z'),
    ]);
    expect(savedCartList(state).map((c) => c.name)).toEqual(['New', 'Old']);
  });
});
