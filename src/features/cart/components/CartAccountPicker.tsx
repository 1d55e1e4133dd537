/**
 * The customer account the cart is priced for (SPEC 1, 4.7): a signed-in buyer with several
 * accounts chooses one here, and its University Alliance Program or organizational discount
 * applies to the cart. Only the server knows whose accounts they are, so a choice shows as
 * being checked (or waiting for the connection) until it answers; a refusal shows in the
 * spec's words.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { CartSummary } from '../../../../domain/cart/projections/summary';
import type { CustomerAccountSummary } from '../../../../domain/customer/address-book';
import { discountNotices } from '../../../../domain/pricing/discount-label';
import type { Message } from '../../../../domain/shared/message';
import { apiJson } from '../../../infra/api';
import { cartNotices$, claimedCommands } from '../../../infra/cart/cart-loader';
import type { CartStore } from '../../../infra/cart/cart-store';
import { online$ } from '../../../infra/connectivity';
import { currentUser$ } from '../../../infra/session';
import { useLoad } from '../../../infra/use-load';
import { useObservableValue } from '../../../infra/use-observable';

interface Pending {
  readonly accountId: string;
  readonly commandId: string;
}

export function CartAccountPicker({ summary, store }: { summary: CartSummary; store: CartStore }) {
  const { i18n, t } = useLingui();
  const user = useObservableValue(currentUser$);
  const online = useObservableValue(online$);
  const selectId = useId();
  const errorId = useId();
  const [error, setError] = useState<Message | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // The commands this picker sent: their refusals show here, not as global notices.
  const sent = useRef(new Set<string>());
  const [accounts] = useLoad(`accounts:${user?.id ?? ''}:${String(online)}`, () =>
    user && online
      ? apiJson<{ items: CustomerAccountSummary[] }>('/api/me/accounts').then((r) => r.items)
      : Promise.resolve(null),
  );

  useEffect(() => {
    const subscription = cartNotices$.subscribe((notice) => {
      if (!sent.current.has(notice.commandId)) return;
      setError(notice.message);
      setPending((current) => (current?.commandId === notice.commandId ? null : current));
    });
    return () => {
      subscription.unsubscribe();
    };
  }, []);

  if (!user) return null;
  const items = accounts.status === 'done' ? accounts.value : null;
  const current = summary.account;
  const waiting = pending !== null && pending.accountId !== current?.id ? pending : null;
  const canChoose = items !== null && (items.length > 1 || (items.length === 1 && !current));
  const notices = discountNotices(summary.accountDiscountStatuses);
  if (!canChoose && !current && !waiting) return null;

  return (
    <section className="cart-account" aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`}>
        <Trans>Account</Trans>
      </h2>
      {canChoose ? (
        <div className="field">
          <label htmlFor={selectId}>
            <Trans>Prices for account</Trans>
          </label>
          <select
            id={selectId}
            value={waiting?.accountId ?? current?.id ?? ''}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const accountId = event.target.value;
              if (!accountId) return;
              const { commandId } = store.chooseAccount(accountId);
              claimedCommands.add(commandId);
              sent.current.add(commandId);
              setPending({ accountId, commandId });
              setError(null);
            }}
          >
            {current ? null : (
              <option value="" disabled>
                {t`Choose an account`}
              </option>
            )}
            {items.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name} ({account.accountNumber})
              </option>
            ))}
          </select>
        </div>
      ) : current ? (
        <p data-testid="cart-account">
          {current.name} ({current.number})
        </p>
      ) : null}
      {waiting ? (
        <p role="status">
          {online ? (
            <Trans>Checking the account…</Trans>
          ) : (
            <Trans>The account will be checked when you are back online.</Trans>
          )}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {i18n._(error)}
        </p>
      ) : null}
      {notices.map((notice) => (
        <p key={notice.id} className="cart-page__note" role="note">
          {i18n._(notice)}
        </p>
      ))}
    </section>
  );
}
