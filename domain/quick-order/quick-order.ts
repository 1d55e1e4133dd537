/**
 * Quick order (SPEC 2.5, 5, 9): up to 25 rows of product code and quantity, empty at first;
 * rows are added, edited and removed; "validate" checks every row against the catalog
 * (unknown code, duplicate, not sold online, not orderable via the website, minimum and
 * maximum quantities); "submit" validates and hands the valid rows to the cart in one
 * command, keeping the rows that failed with their messages. The draft lives on the device.
 */
import { DomainError } from '../shared/domain-error';
import type { CommandMetadata, Decider } from '../shared/decider';
import { withValues, type Message } from '../shared/message';
import { V } from '../validation/messages';
import {
  QUICK_ORDER_INITIAL_ROWS,
  QUICK_ORDER_MAX_ROWS,
  validateQuickOrder,
  type QuickOrderProduct,
} from '../validation/quick-order';

export interface QuickOrderRow {
  readonly id: string;
  readonly code: string;
  /** As typed: the form keeps what the person wrote until it is checked. */
  readonly quantity: string;
  readonly error: { readonly field: 'code' | 'quantity'; readonly message: Message } | null;
}

export interface QuickOrderState {
  readonly rows: readonly QuickOrderRow[];
  readonly listProblem: Message | null;
  /** Rows handed to the cart by the last submit. */
  readonly lastSubmitted: readonly { readonly code: string; readonly quantity: number }[];
}

export type QuickOrderCommand = (
  | { readonly type: 'AddQuickOrderRow'; readonly data: { readonly rowId: string } }
  | {
      readonly type: 'EditQuickOrderRow';
      readonly data: { readonly rowId: string; readonly code?: string; readonly quantity?: string };
    }
  | { readonly type: 'RemoveQuickOrderRow'; readonly data: { readonly rowId: string } }
  | { readonly type: 'ValidateQuickOrder'; readonly data: Record<string, never> }
  | { readonly type: 'SubmitQuickOrder'; readonly data: Record<string, never> }
  | { readonly type: 'ResetQuickOrder'; readonly data: Record<string, never> }
) & { readonly metadata: CommandMetadata };

export type QuickOrderEvent =
  | {
      readonly type: 'QuickOrderRowAdded';
      readonly v: 1;
      readonly data: { readonly rowId: string };
    }
  | {
      readonly type: 'QuickOrderRowEdited';
      readonly v: 1;
      readonly data: { readonly rowId: string; readonly code?: string; readonly quantity?: string };
    }
  | {
      readonly type: 'QuickOrderRowRemoved';
      readonly v: 1;
      readonly data: { readonly rowId: string };
    }
  | {
      readonly type: 'QuickOrderValidated';
      readonly v: 1;
      readonly data: {
        readonly listProblem: Message | null;
        readonly errors: readonly {
          readonly rowId: string;
          readonly field: 'code' | 'quantity';
          readonly message: Message;
        }[];
      };
    }
  | {
      readonly type: 'QuickOrderSubmitted';
      readonly v: 1;
      readonly data: {
        readonly rowIds: readonly string[];
        readonly items: readonly { readonly code: string; readonly quantity: number }[];
      };
    }
  | { readonly type: 'QuickOrderReset'; readonly v: 1; readonly data: Record<string, never> };

export interface QuickOrderContext {
  product(code: string): QuickOrderProduct | undefined;
}

const emptyRow = (id: string): QuickOrderRow => ({ id, code: '', quantity: '', error: null });

/** SPEC 9: quick order rows default to empty. */
export function initialQuickOrderState(): QuickOrderState {
  return {
    rows: Array.from({ length: QUICK_ORDER_INITIAL_ROWS }, (_, i) =>
      emptyRow(`row-${String(i + 1)}`),
    ),
    listProblem: null,
    lastSubmitted: [],
  };
}

function validation(state: QuickOrderState, context: QuickOrderContext) {
  const result = validateQuickOrder(
    state.rows.map((row) => ({ code: row.code, quantity: row.quantity })),
    (code) => context.product(code),
  );
  const errors = result.rows.flatMap((r) => {
    const row = state.rows[r.row];
    return !r.ok && row ? [{ rowId: row.id, field: r.field, message: r.message }] : [];
  });
  const validRowIds = result.listProblem
    ? []
    : result.rows.flatMap((r) => {
        const row = state.rows[r.row];
        return r.ok && row ? [row.id] : [];
      });
  return { result, errors, validRowIds };
}

export function decideQuickOrder(
  command: QuickOrderCommand,
  state: QuickOrderState,
  context: QuickOrderContext,
): QuickOrderEvent[] {
  switch (command.type) {
    case 'AddQuickOrderRow':
      if (state.rows.some((r) => r.id === command.data.rowId)) return [];
      if (state.rows.length >= QUICK_ORDER_MAX_ROWS) {
        throw new DomainError(
          'quick-order.too-many-rows',
          withValues(V.quickOrderTooManyRows, { max: QUICK_ORDER_MAX_ROWS }),
        );
      }
      return [{ type: 'QuickOrderRowAdded', v: 1, data: { rowId: command.data.rowId } }];
    case 'EditQuickOrderRow': {
      const row = state.rows.find((r) => r.id === command.data.rowId);
      if (!row) return [];
      const { code, quantity } = command.data;
      if (
        (code === undefined || code === row.code) &&
        (quantity === undefined || quantity === row.quantity)
      ) {
        return [];
      }
      return [{ type: 'QuickOrderRowEdited', v: 1, data: { ...command.data } }];
    }
    case 'RemoveQuickOrderRow':
      return state.rows.some((r) => r.id === command.data.rowId)
        ? [{ type: 'QuickOrderRowRemoved', v: 1, data: { rowId: command.data.rowId } }]
        : [];
    case 'ValidateQuickOrder': {
      const { result, errors } = validation(state, context);
      return [
        { type: 'QuickOrderValidated', v: 1, data: { listProblem: result.listProblem, errors } },
      ];
    }
    case 'SubmitQuickOrder': {
      const { result, errors, validRowIds } = validation(state, context);
      const validated: QuickOrderEvent = {
        type: 'QuickOrderValidated',
        v: 1,
        data: { listProblem: result.listProblem, errors },
      };
      if (result.valid.length === 0) return [validated];
      return [
        validated,
        { type: 'QuickOrderSubmitted', v: 1, data: { rowIds: validRowIds, items: result.valid } },
      ];
    }
    case 'ResetQuickOrder':
      return [{ type: 'QuickOrderReset', v: 1, data: {} }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown quick order command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveQuickOrder(state: QuickOrderState, event: QuickOrderEvent): QuickOrderState {
  switch (event.type) {
    case 'QuickOrderRowAdded':
      return { ...state, rows: [...state.rows, emptyRow(event.data.rowId)] };
    case 'QuickOrderRowEdited':
      return {
        ...state,
        rows: state.rows.map((row) =>
          row.id === event.data.rowId
            ? {
                ...row,
                code: event.data.code ?? row.code,
                quantity: event.data.quantity ?? row.quantity,
                error: null,
              }
            : row,
        ),
      };
    case 'QuickOrderRowRemoved': {
      const rows = state.rows.filter((row) => row.id !== event.data.rowId);
      return { ...state, rows };
    }
    case 'QuickOrderValidated': {
      const byRow = new Map(event.data.errors.map((e) => [e.rowId, e]));
      return {
        ...state,
        listProblem: event.data.listProblem,
        rows: state.rows.map((row) => {
          const error = byRow.get(row.id);
          return { ...row, error: error ? { field: error.field, message: error.message } : null };
        }),
      };
    }
    case 'QuickOrderSubmitted': {
      const submitted = new Set(event.data.rowIds);
      // Submitted rows become empty again; rows that failed stay with their message.
      return {
        ...state,
        rows: state.rows.map((row) => (submitted.has(row.id) ? emptyRow(row.id) : row)),
        lastSubmitted: event.data.items,
      };
    }
    case 'QuickOrderReset':
      return initialQuickOrderState();
    default:
      return state;
  }
}

export const quickOrderDecider: Decider<
  QuickOrderCommand,
  QuickOrderEvent,
  QuickOrderState,
  QuickOrderContext
> = { decide: decideQuickOrder, evolve: evolveQuickOrder, initialState: initialQuickOrderState };
