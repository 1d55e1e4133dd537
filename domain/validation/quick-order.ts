/**
 * Quick order rows (SPEC 5, 9): up to 25 products at once, each row checked against the
 * catalog: unknown code, duplicate, not sold online, not orderable via the website, and the
 * product's minimum and maximum order quantities.
 */
import { withValues, type Message } from '../shared/message';
import { quantitySchema } from './cart';
import { toValidationIssues } from './issues';
import { V } from './messages';

export const QUICK_ORDER_MAX_ROWS = 25;
/** The most a CSV file or a paste may weigh for quick order to read it (1 MB). */
export const QUICK_ORDER_MAX_BYTES = 1024 * 1024;
/** Rows the form shows at first: all 25, each empty (SPEC 9: quick order rows default to empty). */
export const QUICK_ORDER_INITIAL_ROWS = QUICK_ORDER_MAX_ROWS;

export interface QuickOrderRowInput {
  readonly code: string;
  readonly quantity: string | number;
}

/** What the catalog says about a product code, for quick order. */
export interface QuickOrderProduct {
  readonly code: string;
  readonly soldOnline: boolean;
  readonly orderableOnline: boolean;
  readonly minOrderQuantity: number | null;
  readonly maxOrderQuantity: number | null;
}

export type QuickOrderRowResult =
  | { readonly row: number; readonly ok: true; readonly code: string; readonly quantity: number }
  | {
      readonly row: number;
      readonly ok: false;
      readonly field: 'code' | 'quantity';
      readonly message: Message;
    };

export interface QuickOrderValidation {
  /** A message for the whole list (too many rows), if any. */
  readonly listProblem: Message | null;
  /** One result per filled row; empty rows are skipped. */
  readonly rows: readonly QuickOrderRowResult[];
  readonly valid: readonly { readonly code: string; readonly quantity: number }[];
}

export function normalizeProductCode(code: string): string {
  return code.trim().toUpperCase();
}

export function validateQuickOrder(
  rows: readonly QuickOrderRowInput[],
  lookup: (code: string) => QuickOrderProduct | undefined,
): QuickOrderValidation {
  const filled = rows
    .map((input, row) => ({
      row,
      code: normalizeProductCode(input.code),
      quantity: input.quantity,
    }))
    .filter((r) => r.code !== '' || String(r.quantity).trim() !== '');
  const listProblem =
    filled.length > QUICK_ORDER_MAX_ROWS
      ? withValues(V.quickOrderTooManyRows, { max: QUICK_ORDER_MAX_ROWS })
      : null;

  const seen = new Set<string>();
  const results: QuickOrderRowResult[] = filled.map(({ row, code, quantity }) => {
    const fail = (field: 'code' | 'quantity', message: Message): QuickOrderRowResult => ({
      row,
      ok: false,
      field,
      message,
    });
    if (code === '') return fail('code', withValues(V.required, {}));
    if (seen.has(code)) return fail('code', withValues(V.quickOrderDuplicate, { code }));
    seen.add(code);
    const product = lookup(code);
    if (!product) return fail('code', withValues(V.quickOrderUnknownCode, { code }));
    if (!product.soldOnline) return fail('code', withValues(V.quickOrderNotSoldOnline, { code }));
    if (!product.orderableOnline) {
      return fail('code', withValues(V.quickOrderNotOrderableOnline, { code }));
    }
    const parsed = quantitySchema.safeParse(quantity);
    if (!parsed.success) {
      const [issue] = toValidationIssues(parsed.error);
      return fail('quantity', issue?.message ?? withValues(V.quantityNotPositive, {}));
    }
    const min = product.minOrderQuantity;
    const max = product.maxOrderQuantity;
    if (min !== null && parsed.data < min) {
      return fail('quantity', withValues(V.quantityBelowMinimum, { min }));
    }
    if (max !== null && parsed.data > max) {
      return fail('quantity', withValues(V.quantityAboveMaximum, { max }));
    }
    return { row, ok: true, code, quantity: parsed.data };
  });

  return {
    listProblem,
    rows: results,
    valid: listProblem
      ? []
      : results.flatMap((r) => (r.ok ? [{ code: r.code, quantity: r.quantity }] : [])),
  };
}
