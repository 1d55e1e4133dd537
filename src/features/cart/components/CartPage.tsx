/**
 * 'Your Shopping Cart' (SPEC 2.5): the lines with their quantities and prices, what the store
 * changed (lowered quantities, products it could not add), the subtotal, and how many
 * changes are waiting for the connection. Every change works offline.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { viewCartEvent } from '../../../../domain/analytics/ecommerce';
import { CART_MESSAGES } from '../../../../domain/cart/messages';
import type { CartLineView, CartSummary } from '../../../../domain/cart/projections/summary';
import { formatMoney, money } from '../../../../domain/pricing/money';
import { DomainError } from '../../../../domain/shared/domain-error';
import type { Message } from '../../../../domain/shared/message';
import { V } from '../../../../domain/validation/messages';
import { pushEvent } from '../../../infra/analytics';
import { cartQueued$, cartSummary$ } from '../../../infra/cart/cart-loader';
import type { CartStore } from '../../../infra/cart/cart-store';
import { useObservableValue } from '../../../infra/use-observable';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { useCartStore } from '../../../shell/use-cart-store';
import '../cart.css';

export function CartPage() {
  const store = useCartStore();
  const summary = useObservableValue(cartSummary$);
  const queued = useObservableValue(cartQueued$);
  const storefront = useStorefront();
  // SPEC 3: the cart viewed, for the data layer, once per visit when it has loaded.
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current || !store || !summary) return;
    viewed.current = true;
    const promotions = store.active$.getValue()?.stream.state$.getValue().promotions ?? [];
    pushEvent({ ...viewCartEvent(summary, promotions) });
  }, [store, summary]);
  const format = (minor: number) =>
    formatMoney(money(minor, summary?.currency ?? storefront.currency), languageTag(storefront));

  return (
    <div className="page cart-page">
      <h1>
        <Trans>Your Shopping Cart</Trans>
      </h1>
      {queued > 0 ? (
        <p className="cart-page__queued" role="status">
          <Plural
            value={queued}
            one="# change is waiting to be sent."
            other="# changes are waiting to be sent."
          />
        </p>
      ) : null}
      {!store || !summary ? (
        <p role="status" aria-busy="true">
          <Trans>Loading your cart…</Trans>
        </p>
      ) : (
        <>
          <StoreChanges summary={summary} store={store} />
          {summary.lines.length === 0 ? (
            <p>
              <Trans>Your cart is empty.</Trans>{' '}
              <Link to={`/${storefront.locale}/search.html`}>
                <Trans>Find products</Trans>
              </Link>
            </p>
          ) : (
            <>
              <ul className="cart-lines">
                {summary.lines.map((line) => (
                  <CartLineRow key={line.code} line={line} store={store} format={format} />
                ))}
              </ul>
              <dl className="cart-totals">
                <dt>
                  <Trans>Subtotal</Trans>
                </dt>
                <dd data-testid="cart-subtotal">{format(summary.subtotalMinor)}</dd>
                {summary.discountsMinor > 0 ? (
                  <>
                    <dt>
                      <Trans>Discounts</Trans>
                    </dt>
                    <dd>-{format(summary.discountsMinor)}</dd>
                  </>
                ) : null}
                <dt>
                  <Trans>Total</Trans>
                </dt>
                <dd>{format(summary.totalMinor)}</dd>
              </dl>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** What the store changed or could not do, in the spec's words, until dismissed. */
function StoreChanges({ summary, store }: { summary: CartSummary; store: CartStore }) {
  const { i18n } = useLingui();
  if (summary.reductions.length === 0 && summary.notAdded.length === 0) return null;
  const nameOf = (code: string) => summary.lines.find((l) => l.code === code)?.name ?? code;
  return (
    <div className="cart-changes" role="alert">
      <p>{i18n._(CART_MESSAGES.itemsNeedUpdate)}</p>
      <ul>
        {summary.reductions.map((r) => (
          <li key={`r-${r.code}`}>
            {i18n._(CART_MESSAGES.insufficientStock.id, {
              product: nameOf(r.code),
              oldQuantity: r.oldQuantity,
              newQuantity: r.newQuantity,
            })}
          </li>
        ))}
        {summary.notAdded.map((item, index) => (
          <li key={`n-${item.code}-${String(index)}`}>
            {i18n._(item.reason.messageId, item.reason.values)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          store.dispatch({ type: 'DismissNotices', data: {} });
        }}
      >
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}

function CartLineRow({
  line,
  store,
  format,
}: {
  line: CartLineView;
  store: CartStore;
  format: (minor: number) => string;
}) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<Message | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const unitPrice = format(line.unitPriceMinor);

  const run = (apply: () => void) => {
    try {
      apply();
      setError(null);
    } catch (caught) {
      if (!(caught instanceof DomainError)) throw caught;
      setError(caught.detail);
    }
  };
  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    if (text === '') {
      setError(V.quantityEmpty);
      return;
    }
    run(() => {
      store.dispatch({ type: 'ChangeQuantity', data: { code: line.code, quantity: Number(text) } });
      setDraft(null);
    });
  };

  return (
    <li className="cart-line" data-testid={`cart-line-${line.code}`}>
      <div className="cart-line__product">
        <Link to={`/${storefront.locale}/p/${line.code}`}>{line.name}</Link>
        <span className="cart-line__meta">
          {line.programName} · {line.code}
        </span>
      </div>
      <div className="cart-line__quantity">
        <label htmlFor={inputId}>
          <Trans>Quantity</Trans>
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={line.minOrderQuantity ?? 1}
          max={line.maxOrderQuantity ?? undefined}
          value={draft ?? String(line.quantity)}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {i18n._(error)}
          </p>
        ) : null}
      </div>
      <div className="cart-line__price">
        <span>{format(line.totalPrice.value)}</span>
        {line.quantity > 1 ? (
          <span className="cart-line__unit">
            <Trans>{unitPrice} each</Trans>
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="button-secondary"
        aria-label={t`Remove ${line.name}`}
        onClick={() => {
          run(() => store.dispatch({ type: 'RemoveItem', data: { code: line.code } }));
        }}
      >
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}
