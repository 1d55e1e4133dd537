/**
 * The cart's lines and what goes with them (SPEC 2.5, 5): the account it is priced for, the
 * promotion codes, each line's quantity and price, the totals, the aimsweb rules, saving the
 * cart and the way to checkout. Loaded with the cart store rather than with the page: the
 * cart page's first view (its skeleton, then the cart loading or empty) does not need it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { normalizeCode } from '../../../../domain/cart/decide';
import type { CartLineView, CartSummary } from '../../../../domain/cart/projections/summary';
import { DISCOUNT_LABELS, discountLabel } from '../../../../domain/pricing/discount-label';
import { formatMoney, money } from '../../../../domain/pricing/money';
import { DomainError } from '../../../../domain/shared/domain-error';
import type { Message } from '../../../../domain/shared/message';
import { aimswebProblems } from '../../../../domain/validation/checkout';
import { V } from '../../../../domain/validation/messages';
import { cartNotices$, claimedCommands } from '../../../infra/cart/cart-loader';
import type { CartStore } from '../../../infra/cart/cart-store';
import { online$ } from '../../../infra/connectivity';
import { flags$ } from '../../../infra/flags';
import { currentUser$ } from '../../../infra/session';
import { useObservableValue } from '../../../infra/use-observable';
import { languageTag } from '../../../shell/storefront-label';
import { VatNote } from '../../../shell/VatNote';
import { useStorefront } from '../../../shell/use-storefront';
import { CartAccountPicker } from './CartAccountPicker';
import { SaveCartDialog } from './SaveCartDialog';

export function CartContents({ summary, store }: { summary: CartSummary; store: CartStore }) {
  const storefront = useStorefront();
  const format = (minor: number) =>
    formatMoney(money(minor, summary.currency ?? storefront.currency), languageTag(storefront));
  return (
    <>
      <QuotedCart summary={summary} store={store} />
      <CartAccountPicker summary={summary} store={store} />
      <Promotions summary={summary} store={store} format={format} />
      <ul className="cart-lines">
        {summary.lines.map((line) => (
          <CartLineRow key={line.code} line={line} store={store} format={format} />
        ))}
      </ul>
      <CartTotals summary={summary} format={format} />
      <AimswebNote summary={summary} />
      <SaveCart store={store} />
      <CreateQuote summary={summary} />
      <Link to={`/${storefront.locale}/checkout`} className="button-link cart-page__checkout">
        <Trans>Checkout</Trans>
      </Link>
    </>
  );
}

/**
 * Subtotal, discounts and total. The account's discount carries the SPEC 4.7 label (UAP
 * when the store runs the programme, organizational with the `org-level-discount` flag,
 * otherwise the general one); promotion codes take the general label.
 */
function CartTotals({
  summary,
  format,
}: {
  summary: CartSummary;
  format: (minor: number) => string;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const flags = useObservableValue(flags$);
  const account = summary.accountDiscount;
  const label = account
    ? discountLabel({
        uapStatus: account.programme === 'UAP' ? account.status : null,
        orgDiscountStatus: account.programme === 'OLD' ? account.status : null,
        uapEnabled: storefront.uapProgram,
        orgLevelDiscountEnabled: flags['org-level-discount'],
      })
    : 'general';
  // With the general label for both, one line says it all.
  const accountMinor = label === 'general' ? 0 : (account?.discountMinor ?? 0);
  const otherMinor = summary.discountsMinor - accountMinor;
  return (
    <dl className="cart-totals">
      <dt>
        <Trans>Subtotal</Trans>
      </dt>
      <dd data-testid="cart-subtotal">{format(summary.subtotalMinor)}</dd>
      {accountMinor > 0 ? (
        <>
          <dt>{i18n._(DISCOUNT_LABELS[label])}</dt>
          <dd data-testid="cart-account-discount">-{format(accountMinor)}</dd>
        </>
      ) : null}
      {otherMinor > 0 ? (
        <>
          <dt>{i18n._(DISCOUNT_LABELS.general)}</dt>
          <dd data-testid="cart-discount">-{format(otherMinor)}</dd>
        </>
      ) : null}
      <dt>
        <Trans>Total</Trans>
      </dt>
      <dd data-testid="cart-total">
        {format(summary.totalMinor)}
        <VatNote />
      </dd>
    </dl>
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
      store.changeQuantity(line.code, Number(text));
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
        {line.totalDiscounts.value > 0 ? (
          <>
            <span className="cart-line__was">
              <span className="visually-hidden">
                <Trans>Before discounts:</Trans>{' '}
              </span>
              <s>{format(line.totalPrice.value)}</s>
            </span>
            <span data-testid={`cart-line-total-${line.code}`}>
              {format(line.totalPrice.value - line.totalDiscounts.value)}
            </span>
          </>
        ) : (
          <span data-testid={`cart-line-total-${line.code}`}>{format(line.totalPrice.value)}</span>
        )}
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
          run(() => store.removeItem(line.code));
        }}
      >
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}

/**
 * SPEC 5: carts with aimsweb products must reach the minimum to check out, and aimswebPlus
 * is for organizational accounts only.
 */
function AimswebNote({ summary }: { summary: CartSummary }) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  if (!summary.currency) return null;
  const problems = aimswebProblems({
    hasAimswebItems: summary.lines.some((l) => l.aimsweb),
    aimswebAmount: money(
      summary.lines.filter((l) => l.aimsweb).reduce((n, l) => n + l.totalPrice.value, 0),
      summary.currency,
    ),
    // Until an account is chosen, only the minimum applies (the organization-only rule of
    // aimswebPlus is checked against the account the cart is priced for).
    accountType: summary.account?.type ?? 'ORGANIZATION',
    displayLocale: languageTag(storefront),
  });
  return problems.map((problem) => (
    <p key={problem.id} className="cart-page__note" role="note">
      {i18n._(problem)}
    </p>
  ));
}

/**
 * Promotion codes (SPEC 5): applied codes with what each takes off, and a field to add one.
 * Only the server decides a code; its answer shows here, or waits for the connection.
 */
function Promotions({
  summary,
  store,
  format,
}: {
  summary: CartSummary;
  store: CartStore;
  format: (minor: number) => string;
}) {
  const { i18n } = useLingui();
  const online = useObservableValue(online$);
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [pending, setPending] = useState<readonly { code: string; commandId: string }[]>([]);
  // The codes this form sent: their refusals show beside the field.
  const sent = useRef(new Set<string>());

  useEffect(() => {
    const subscription = cartNotices$.subscribe((notice) => {
      if (!sent.current.has(notice.commandId)) return;
      setError(notice.message);
      setPending((current) => current.filter((p) => p.commandId !== notice.commandId));
    });
    return () => {
      subscription.unsubscribe();
    };
  }, []);

  const waiting = pending.filter((p) => !summary.promotions.some((x) => x.code === p.code));
  return (
    <section className="cart-promotions" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>
        <Trans>Promotion codes</Trans>
      </h2>
      {summary.promotions.length > 0 ? (
        <ul>
          {summary.promotions.map((promotion) => (
            <li key={promotion.code} data-testid={`promotion-${promotion.code}`}>
              <span>
                {promotion.name} ({promotion.code})
              </span>{' '}
              <span>-{format(promotion.discountMinor)}</span>{' '}
              <button
                type="button"
                className="button-secondary"
                onClick={() => {
                  store.removePromotion(promotion.code);
                }}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {waiting.map((p) => (
        <p key={p.commandId} role="status">
          {online ? (
            <Trans>Checking the code {p.code}…</Trans>
          ) : (
            <Trans>The code {p.code} will be checked when you are back online.</Trans>
          )}
        </p>
      ))}
      <form
        className="cart-promotions__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const typed = code.trim();
          if (typed === '') {
            setError(V.promotionInvalid);
            return;
          }
          try {
            const { commandId } = store.applyPromotion(typed);
            claimedCommands.add(commandId);
            sent.current.add(commandId);
            setPending((current) => [...current, { code: normalizeCode(typed), commandId }]);
            setError(null);
            setCode('');
          } catch (caught) {
            if (!(caught instanceof DomainError)) throw caught;
            setError(caught.detail);
          }
        }}
      >
        <label htmlFor={inputId}>
          <Trans>Promotion code</Trans>
        </label>
        <input
          id={inputId}
          name="promotion-code"
          autoComplete="off"
          value={code}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
          }}
        />
        <button type="submit" className="button-secondary">
          <Trans>Apply</Trans>
        </button>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {i18n._(error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** Save cart (SPEC 2.5): for a signed-in user, who keeps saved carts on their account. */
function SaveCart({ store }: { store: CartStore }) {
  const user = useObservableValue(currentUser$);
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <button
        type="button"
        className="button-secondary cart-page__save"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trans>Save cart</Trans>
      </button>
      {open ? (
        <SaveCartDialog
          store={store}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

const CreateQuoteDialog = lazy(() =>
  import('../../../shell/quote/CreateQuoteDialog').then(({ CreateQuoteDialog }) => ({
    default: CreateQuoteDialog,
  })),
);

/** Create quote (SPEC 2.5): for a signed-in buyer; the quote's code loads when asked for. */
function CreateQuote({ summary }: { summary: CartSummary }) {
  const user = useObservableValue(currentUser$);
  const [open, setOpen] = useState(false);
  if (!user || !summary.cartId || summary.lines.length === 0 || summary.quote) return null;
  return (
    <>
      <button
        type="button"
        className="button-secondary cart-page__quote"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trans>Create quote</Trans>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CreateQuoteDialog
            cartId={summary.cartId}
            accountId={summary.account?.id ?? null}
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A cart ordering a quote (decision 051): its prices are the quote's until its last day. */
function QuotedCart({ summary, store }: { summary: CartSummary; store: CartStore }) {
  const storefront = useStorefront();
  const quote = summary.quote;
  if (!quote) return null;
  const number = quote.number;
  const until = new Intl.DateTimeFormat(languageTag(storefront), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${quote.expiresOn}T12:00:00Z`));
  return (
    <div className="notification cart-page__quote-note" role="status" data-testid="quoted-cart">
      <p>
        <Trans>
          This cart orders quote {number} at its quoted prices, until {until}.
        </Trans>
      </p>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          store.removeQuote();
        }}
      >
        <Trans>Remove the quote from the cart</Trans>
      </button>
    </div>
  );
}
