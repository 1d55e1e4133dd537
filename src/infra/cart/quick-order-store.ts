/**
 * The quick order draft of one store on this device (SPEC 2.5, 5, 9): up to 25 rows, empty
 * at first. Each command is decided at once, its state shown in the same task, and the draft
 * kept in the browser's database, so a reload or a restart finds the rows as they were.
 * Nothing of it goes to the server: submitting hands the valid rows to the cart in one
 * command (AddItems), which is synced like any cart change.
 */
import { BehaviorSubject } from 'rxjs';
import {
  decideQuickOrder,
  evolveQuickOrder,
  initialQuickOrderState,
  type QuickOrderCommand,
  type QuickOrderContext,
  type QuickOrderState,
} from '../../../domain/quick-order/quick-order';
import type { DistributiveOmit } from '../../../domain/shared/types';
import type { LocalDb } from '../sync/local-db';

export type QuickOrderRequest = DistributiveOmit<QuickOrderCommand, 'metadata'>;

const draftKey = (storeId: string) => `quick-order:${storeId}`;

/**
 * The version of the stored draft's shape. A draft kept in another shape (by another version
 * of the store) is not read as this one: the draft starts empty instead of breaking.
 */
export const QUICK_ORDER_DRAFT_SHAPE = 1;

interface StoredDraft {
  readonly shape: number;
  readonly state: QuickOrderState;
}

function draftOf(value: unknown): QuickOrderState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if ('shape' in value) {
    const stored = value as StoredDraft;
    return stored.shape === QUICK_ORDER_DRAFT_SHAPE ? stored.state : undefined;
  }
  // Drafts kept before shapes were recorded are of the first shape.
  return QUICK_ORDER_DRAFT_SHAPE === 1 ? (value as QuickOrderState) : undefined;
}

export class QuickOrderStore {
  readonly state$ = new BehaviorSubject<QuickOrderState>(initialQuickOrderState());
  readonly ready: Promise<void>;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: LocalDb,
    readonly storeId: string,
    private readonly context: QuickOrderContext,
  ) {
    this.ready = this.db.meta.get(draftKey(storeId)).then((stored) => {
      const draft = draftOf(stored?.value);
      if (draft) this.state$.next(draft);
    });
  }

  /** A new empty row (SPEC 9: 25 rows at most; throws the rule's DomainError). */
  addRow(rowId: string = crypto.randomUUID()): { saved: Promise<void> } {
    return { saved: this.dispatch({ type: 'AddQuickOrderRow', data: { rowId } }).saved };
  }

  /** What the person typed in a row (its code, its quantity, or both). */
  editRow(rowId: string, fields: { code?: string; quantity?: string }): { saved: Promise<void> } {
    return {
      saved: this.dispatch({ type: 'EditQuickOrderRow', data: { rowId, ...fields } }).saved,
    };
  }

  removeRow(rowId: string): { saved: Promise<void> } {
    return { saved: this.dispatch({ type: 'RemoveQuickOrderRow', data: { rowId } }).saved };
  }

  /** Empties the draft. */
  reset(): { saved: Promise<void> } {
    return { saved: this.dispatch({ type: 'ResetQuickOrder', data: {} }).saved };
  }

  /** Checks every row; returns the valid ones handed over (the cart store adds them). */
  submit(): { submitted: readonly { code: string; quantity: number }[]; saved: Promise<void> } {
    return this.dispatch({ type: 'SubmitQuickOrder', data: {} });
  }

  /**
   * Decides a command and shows its effect before returning; throws the DomainError of a
   * command that breaks a rule. Returns the rows a submit handed over (to add to the cart).
   */
  private dispatch(request: QuickOrderRequest): {
    submitted: readonly { code: string; quantity: number }[];
    saved: Promise<void>;
  } {
    const command: QuickOrderCommand = {
      ...request,
      metadata: { commandId: crypto.randomUUID(), now: new Date().toISOString() },
    };
    const events = decideQuickOrder(command, this.state$.getValue(), this.context);
    if (events.length === 0) return { submitted: [], saved: this.saving };
    const next = events.reduce(evolveQuickOrder, this.state$.getValue());
    this.state$.next(next);
    // Writes in order: the last state is the one kept.
    this.saving = this.saving.then(() =>
      this.db.meta
        .put({
          key: draftKey(this.storeId),
          value: { shape: QUICK_ORDER_DRAFT_SHAPE, state: next } satisfies StoredDraft,
        })
        .then(() => undefined),
    );
    const submitted = events.flatMap((e) => (e.type === 'QuickOrderSubmitted' ? e.data.items : []));
    return { submitted, saved: this.saving };
  }
}
