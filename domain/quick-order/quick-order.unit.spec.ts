/** Quick order, given / when / then (SPEC 5, 9). */
import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../shared/decider-spec';
import { replay } from '../shared/decider';
import type { QuickOrderProduct } from '../validation/quick-order';
import {
  initialQuickOrderState,
  quickOrderDecider,
  type QuickOrderCommand,
  type QuickOrderEvent,
} from './quick-order';

const CATALOG: Readonly<Record<string, QuickOrderProduct>> = {
  KIT: {
    code: 'KIT',
    soldOnline: true,
    orderableOnline: true,
    minOrderQuantity: null,
    maxOrderQuantity: 20,
  },
  BOOKLET: {
    code: 'BOOKLET',
    soldOnline: true,
    orderableOnline: true,
    minOrderQuantity: 25,
    maxOrderQuantity: 500,
  },
  MANUAL: {
    code: 'MANUAL',
    soldOnline: false,
    orderableOnline: true,
    minOrderQuantity: null,
    maxOrderQuantity: null,
  },
};
const context = { product: (code: string) => CATALOG[code] };
const spec = deciderSpecification(quickOrderDecider, context, {
  equal: (a, e) => {
    expect(a).toEqual(e);
  },
  fail: (m) => {
    throw new Error(m);
  },
});
const meta = { commandId: 'q', now: '2026-11-22T10:00:00Z' };
const cmd = <T extends QuickOrderCommand['type']>(
  type: T,
  data: Extract<QuickOrderCommand, { type: T }>['data'],
) => ({ type, data, metadata: meta }) as QuickOrderCommand;
const edit = (rowId: string, code: string, quantity: string): QuickOrderEvent => ({
  type: 'QuickOrderRowEdited',
  v: 1,
  data: { rowId, code, quantity },
});

describe('quick order', () => {
  it('starts with 25 empty rows (SPEC 9)', () => {
    const { rows } = initialQuickOrderState();
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.code === '' && r.quantity === '' && r.error === null)).toBe(true);
  });

  it('adds a row back after one was removed, up to 25, and refuses the 26th', () => {
    const removed: QuickOrderEvent = {
      type: 'QuickOrderRowRemoved',
      v: 1,
      data: { rowId: 'row-4' },
    };
    spec
      .given([removed])
      .when(cmd('AddQuickOrderRow', { rowId: 'r25' }))
      .then([{ type: 'QuickOrderRowAdded', v: 1, data: { rowId: 'r25' } }]);
    spec
      .given([removed, { type: 'QuickOrderRowAdded', v: 1, data: { rowId: 'r25' } }])
      .when(cmd('AddQuickOrderRow', { rowId: 'r26' }))
      .thenThrows('quick-order.too-many-rows', (error) => {
        expect(error.message).toBe('You can order up to 25 products at a time.');
      });
  });

  it('edits a row, and ignores an edit that changes nothing or a row that is gone', () => {
    spec
      .given([])
      .when(cmd('EditQuickOrderRow', { rowId: 'row-1', code: 'kit' }))
      .then([{ type: 'QuickOrderRowEdited', v: 1, data: { rowId: 'row-1', code: 'kit' } }]);
    spec
      .given([edit('row-1', 'KIT', '1')])
      .when(cmd('EditQuickOrderRow', { rowId: 'row-1', code: 'KIT' }))
      .then([]);
    spec
      .given([])
      .when(cmd('EditQuickOrderRow', { rowId: 'gone', code: 'KIT' }))
      .then([]);
  });

  it('removes a row once', () => {
    spec
      .given([])
      .when(cmd('RemoveQuickOrderRow', { rowId: 'row-2' }))
      .then([{ type: 'QuickOrderRowRemoved', v: 1, data: { rowId: 'row-2' } }]);
    spec
      .given([{ type: 'QuickOrderRowRemoved', v: 1, data: { rowId: 'row-2' } }])
      .when(cmd('RemoveQuickOrderRow', { rowId: 'row-2' }))
      .then([]);
  });

  it('validates every row in the spec’s words', () => {
    const events = quickOrderDecider.decide(
      cmd('ValidateQuickOrder', {}),
      replay(quickOrderDecider, [
        edit('row-1', 'MANUAL', '1'),
        edit('row-2', 'BOOKLET', '5'),
        edit('row-3', 'NOPE', '1'),
      ]),
      context,
    );
    const state = replay(quickOrderDecider, [
      edit('row-1', 'MANUAL', '1'),
      edit('row-2', 'BOOKLET', '5'),
      edit('row-3', 'NOPE', '1'),
      ...events,
    ]);
    expect(state.rows.slice(0, 3).map((r) => r.error?.message.message)).toEqual([
      'Product {code} is not sold online.',
      'The minimum order quantity for this product is {min}.',
      'Product code {code} was not found.',
    ]);
    expect(state.rows.slice(0, 3).map((r) => r.error?.message.values)).toEqual([
      { code: 'MANUAL' },
      { min: 25 },
      { code: 'NOPE' },
    ]);
  });

  it('submits the valid rows in one go and keeps the others with their message', () => {
    const given = [
      edit('row-1', 'kit', '2'),
      edit('row-2', 'MANUAL', '1'),
      edit('row-3', 'BOOKLET', '30'),
    ];
    const events = quickOrderDecider.decide(
      cmd('SubmitQuickOrder', {}),
      replay(quickOrderDecider, given),
      context,
    );
    expect(events.at(-1)).toEqual({
      type: 'QuickOrderSubmitted',
      v: 1,
      data: {
        rowIds: ['row-1', 'row-3'],
        items: [
          { code: 'KIT', quantity: 2 },
          { code: 'BOOKLET', quantity: 30 },
        ],
      },
    });
    const state = replay(quickOrderDecider, [...given, ...events]);
    expect(state.rows.slice(0, 3).map((r) => [r.code, r.quantity, r.error?.field ?? null])).toEqual(
      [
        ['', '', null],
        ['MANUAL', '1', 'code'],
        ['', '', null],
      ],
    );
  });

  it('submits nothing when no row is valid, and resets to 25 empty rows', () => {
    const given = [edit('row-1', 'MANUAL', '1')];
    const events = quickOrderDecider.decide(
      cmd('SubmitQuickOrder', {}),
      replay(quickOrderDecider, given),
      context,
    );
    expect(events.map((e) => e.type)).toEqual(['QuickOrderValidated']);
    spec
      .given(given)
      .when(cmd('ResetQuickOrder', {}))
      .then([{ type: 'QuickOrderReset', v: 1, data: {} }]);
    expect(
      replay(quickOrderDecider, [...given, { type: 'QuickOrderReset', v: 1, data: {} }]),
    ).toEqual(initialQuickOrderState());
  });
});
