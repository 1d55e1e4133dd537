/**
 * Quick Order (SPEC 2.5, 5, 9): 25 rows, empty at first, of product code and quantity. The
 * code is looked up in the store's index as it is typed (name, minimum and maximum shown);
 * Enter moves on (code, then quantity, then the next row); a paste of many codes and
 * quantities, or a CSV file (code, quantity), fills the rows. "Add to cart" checks every row
 * in the spec's words and puts the valid ones in the cart in one go. The draft is kept on
 * the device, so it survives a reload or a lost connection.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import { Link } from 'react-router';
import type { CatalogIndexItem } from '../../../../domain/catalog/catalog';
import {
  isMultiValuePaste,
  sizeProblem,
  type PastedLine,
} from '../../../../domain/quick-order/paste';
import type { QuickOrderRow, QuickOrderState } from '../../../../domain/quick-order/quick-order';
import { DomainError } from '../../../../domain/shared/domain-error';
import { withValues } from '../../../../domain/shared/message';
import { QUICK_ORDER_MAX_ROWS } from '../../../../domain/validation/quick-order';
import { V } from '../../../../domain/validation/messages';
import { cartProductOf } from '../../../infra/cart/cart-stream';
import type { QuickOrderStore } from '../../../infra/cart/quick-order-store';
import { loadIndex } from '../../../infra/catalog-index';
import { useCartStore } from '../../../shell/use-cart-store';
import { useStorefront } from '../../../shell/use-storefront';
import '../quick-order.css';

export function QuickOrderPage() {
  const { t } = useLingui();
  const storefront = useStorefront();
  const store = useCartStore();
  const [index, setIndex] = useState<ReadonlyMap<string, CatalogIndexItem> | null>(null);
  const [indexFailed, setIndexFailed] = useState(false);
  const [draft, setDraft] = useState<QuickOrderStore | null>(null);

  // The store's index: what codes exist, with their limits (kept by the worker for offline).
  useEffect(() => {
    let current = true;
    loadIndex(storefront.locale).then(
      (loaded) => {
        if (!current) return;
        setIndex(new Map(loaded.items.map((item) => [item.code, item])));
      },
      (error: unknown) => {
        console.warn('The catalog index could not be loaded.', error);
        if (current) setIndexFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [storefront.locale]);

  // The cart store learns the products, then opens this store's draft.
  useEffect(() => {
    if (!store || !index) return;
    let current = true;
    void store.remember(storefront.storeId, [...index.values()].map(cartProductOf));
    const opened = store.quickOrder();
    void opened.ready.then(() => {
      if (current) setDraft(opened);
    });
    return () => {
      current = false;
    };
  }, [store, index, storefront.storeId]);

  return (
    <div className="page quick-order">
      <title>{t`Quick Order | Assessments Store`}</title>
      <h1>
        <Trans>Quick Order</Trans>
      </h1>
      <p>
        <Trans>
          Enter up to 25 product codes with their quantities, paste them from a spreadsheet, or
          import a CSV file of code and quantity.
        </Trans>
      </p>
      {indexFailed ? (
        <p role="alert">
          <Trans>The product list could not be loaded. Please try again.</Trans>
        </p>
      ) : !draft || !index || !store ? (
        <p role="status" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <QuickOrderForm
          draft={draft}
          index={index}
          onSubmit={() => store.submitQuickOrder()}
          locale={storefront.locale}
        />
      )}
    </div>
  );
}

function useDraftState(draft: QuickOrderStore): QuickOrderState {
  const [state, setState] = useState(draft.state$.getValue());
  useEffect(() => {
    const subscription = draft.state$.subscribe(setState);
    return () => {
      subscription.unsubscribe();
    };
  }, [draft]);
  return state;
}

function QuickOrderForm({
  draft,
  index,
  onSubmit,
  locale,
}: {
  draft: QuickOrderStore;
  index: ReadonlyMap<string, CatalogIndexItem>;
  onSubmit: () => { added: number; saved: Promise<void> };
  locale: string;
}) {
  const { i18n } = useLingui();
  const state = useDraftState(draft);
  const listId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<{ added: number } | null>(null);
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const codes = useMemo(() => [...index.keys()].sort(), [index]);

  const focus = (rowIndex: number, field: 'code' | 'quantity') => {
    const target = form.current?.querySelector<HTMLInputElement>(
      `[data-row="${String(rowIndex)}"][data-field="${field}"]`,
    );
    target?.focus();
  };

  /** Fills rows from `from` on with pasted or imported lines; too many lines are refused. */
  const fill = (lines: readonly PastedLine[], from: number) => {
    const rows = draft.state$.getValue().rows.slice(from);
    for (const [i, line] of lines.slice(0, rows.length).entries()) {
      const row = rows[i];
      if (!row) break;
      draft.editRow(row.id, { code: line.code, quantity: line.quantity });
    }
    setProblem(
      lines.length > rows.length
        ? withValues(V.quickOrderTooManyRows, { max: QUICK_ORDER_MAX_ROWS })
        : null,
    );
    setOutcome(null);
  };

  /**
   * Reads a paste or a file's text into rows from `from` on (the first empty row when
   * absent). The reader (papaparse) loads only now, the first time there is something to read.
   */
  const read = (source: 'file' | 'paste', text: Promise<string>, from?: number) => {
    Promise.all([text, import('../../../../domain/quick-order/read-lines')]).then(
      ([content, { readQuickOrderLines }]) => {
        const result = readQuickOrderLines(content, source);
        if (!result.ok) {
          setProblem(result.problem);
          setOutcome(null);
          return;
        }
        const rows = draft.state$.getValue().rows;
        const firstEmpty = rows.findIndex((r) => r.code === '' && r.quantity === '');
        fill(result.lines, from ?? (firstEmpty < 0 ? rows.length : firstEmpty));
      },
      (error: unknown) => {
        console.warn('Quick order lines could not be read.', error);
        setProblem(
          source === 'file'
            ? msg`The file could not be read. Please try again.`
            : msg`The pasted text could not be read. Please try again.`,
        );
        setOutcome(null);
      },
    );
  };

  const edit = (row: QuickOrderRow, data: { code?: string; quantity?: string }) => {
    draft.editRow(row.id, data);
    setOutcome(null);
  };

  return (
    <form
      ref={form}
      className="quick-order__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = onSubmit();
        setOutcome({ added: result.added });
        setProblem(null);
      }}
    >
      <datalist id={listId}>
        {codes.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <div className="quick-order__tools">
        <label className="button-secondary quick-order__import">
          <Trans>Import a CSV file</Trans>
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              // A file too large is refused before it is read into memory.
              const tooLarge = sizeProblem(file.size, 'file');
              if (tooLarge) {
                setProblem(tooLarge);
                setOutcome(null);
                return;
              }
              read('file', file.text());
            }}
          />
        </label>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            draft.reset();
            setOutcome(null);
            setProblem(null);
          }}
        >
          <Trans>Clear all rows</Trans>
        </button>
      </div>
      {state.listProblem || problem ? (
        <p className="field__error" role="alert">
          {i18n._(problem ?? state.listProblem ?? V.quickOrderTooManyRows)}
        </p>
      ) : null}
      <ol className="quick-order__rows">
        {state.rows.map((row, rowIndex) => (
          <QuickOrderRowView
            key={row.id}
            row={row}
            rowIndex={rowIndex}
            product={index.get(row.code.trim().toUpperCase())}
            listId={listId}
            onEdit={(data) => {
              edit(row, data);
            }}
            onRemove={() => {
              draft.removeRow(row.id);
            }}
            onEnter={(field) => {
              if (field === 'code') focus(rowIndex, 'quantity');
              else focus(rowIndex + 1, 'code');
            }}
            onPaste={(event) => {
              const text = event.clipboardData.getData('text');
              if (!isMultiValuePaste(text)) return;
              event.preventDefault();
              read('paste', Promise.resolve(text), rowIndex);
            }}
          />
        ))}
      </ol>
      {state.rows.length < QUICK_ORDER_MAX_ROWS ? (
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            try {
              draft.addRow();
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              setProblem(error.detail);
            }
          }}
        >
          <Trans>Add a row</Trans>
        </button>
      ) : null}
      <div className="quick-order__actions">
        <button type="submit" className="button-link">
          <Trans>Add to cart</Trans>
        </button>
        {outcome ? (
          <p role="status">
            {outcome.added > 0 ? (
              <>
                <Plural
                  value={outcome.added}
                  one="# product was added to your cart."
                  other="# products were added to your cart."
                />{' '}
                <Link to={`/${locale}/cart`}>
                  <Trans>View cart</Trans>
                </Link>
              </>
            ) : (
              <Trans>No product was added. Please check the rows marked below.</Trans>
            )}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function QuickOrderRowView({
  row,
  rowIndex,
  product,
  listId,
  onEdit,
  onRemove,
  onEnter,
  onPaste,
}: {
  row: QuickOrderRow;
  rowIndex: number;
  product: CatalogIndexItem | undefined;
  listId: string;
  onEdit: (data: { code?: string; quantity?: string }) => void;
  onRemove: () => void;
  onEnter: (field: 'code' | 'quantity') => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
}) {
  const { t, i18n } = useLingui();
  const codeId = useId();
  const quantityId = useId();
  const errorId = useId();
  const number = rowIndex + 1;
  const error = row.error;
  const min = product?.minOrderQuantity;
  const max = product?.maxOrderQuantity;
  return (
    <li className="quick-order__row" data-testid={`quick-order-row-${String(number)}`}>
      <div className="quick-order__field">
        <label htmlFor={codeId}>{t`Product code, row ${number}`}</label>
        <input
          id={codeId}
          data-row={rowIndex}
          data-field="code"
          list={listId}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={row.code}
          aria-invalid={error?.field === 'code'}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            onEdit({ code: event.target.value.toUpperCase() });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onEnter('code');
            }
          }}
          onPaste={onPaste}
        />
      </div>
      <div className="quick-order__field quick-order__field--quantity">
        <label htmlFor={quantityId}>{t`Quantity, row ${number}`}</label>
        <input
          id={quantityId}
          data-row={rowIndex}
          data-field="quantity"
          inputMode="numeric"
          value={row.quantity}
          aria-invalid={error?.field === 'quantity'}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            onEdit({ quantity: event.target.value });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onEnter('quantity');
            }
          }}
          onPaste={onPaste}
        />
      </div>
      <div className="quick-order__product">
        {product ? (
          <>
            <span>{product.name}</span>
            {min || max ? (
              <span className="quick-order__limits">
                {min ? <Trans>Minimum {min}</Trans> : null}{' '}
                {max ? <Trans>Maximum {max}</Trans> : null}
              </span>
            ) : null}
          </>
        ) : null}
      </div>
      <button
        type="button"
        className="button-secondary quick-order__remove"
        aria-label={t`Remove row ${number}`}
        onClick={onRemove}
      >
        ×
      </button>
      {error ? (
        <p id={errorId} className="field__error quick-order__error" role="alert">
          {i18n._(error.message)}
        </p>
      ) : null}
    </li>
  );
}
