/**
 * Quotes (SPEC 2.7; decision 051): the buyer's quotes in this store, newest first, with their
 * number, the dates they were created and expire, their status, account and total. Quotes
 * requested offline show as requested until the store numbers them; offline, the list kept
 * on this device is shown and says so.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { QUOTE_MESSAGES, QUOTE_STATUS_LABELS } from '../../../../domain/quote/messages';
import type { QuoteStatus } from '../../../../domain/quote/quote';
import type { ListedQuote } from '../../../infra/quotes/quote-store';
import { useStorefront } from '../../../shell/use-storefront';
import { quoteDetailsPath } from '../../../shell/quote/quote-paths';
import type { QuotesRouteData } from '../quotes-loader';
import { quoteFormat } from '../../../shell/quote/quote-format';
import '../quotes.css';

export function QuotesPage() {
  const { t, i18n } = useLingui();
  const { quotes, fresh, problem } = useLoaderData<QuotesRouteData>();
  const revalidator = useRevalidator();
  const headingId = useId();
  return (
    <div className="page quotes">
      <title>{t`Quotes | Assessments Store`}</title>
      <h1 id={headingId}>
        <Trans>Quotes</Trans>
      </h1>
      <p className="quotes__intro">
        <Trans>
          Quotes hold their prices until they expire. Create one from your cart, send it to your
          purchasing office, and order it from here.
        </Trans>
      </p>
      {!fresh && !problem ? (
        <p className="quotes__note" role="status" data-testid="quotes-offline">
          <Trans>You are offline: these are the quotes kept on this device.</Trans>
        </p>
      ) : null}
      {problem ? (
        <div className="quotes__problem" role="alert">
          <p>{i18n._(problem)}</p>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              void revalidator.revalidate();
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : quotes.length === 0 ? (
        <p data-testid="quotes-empty">
          <Trans>You have no quotes on this store yet. Create one from your cart.</Trans>
        </p>
      ) : (
        <QuotesTable quotes={quotes} labelledBy={headingId} />
      )}
      {quotes.some((q) => q.pending) ? (
        <p className="quotes__note">{i18n._(QUOTE_MESSAGES.requestedOffline)}</p>
      ) : null}
    </div>
  );
}

export function QuoteStatusLabel({ status }: { status: QuoteStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`quote-status quote-status--${status}`} data-testid="quote-status">
      {i18n._(QUOTE_STATUS_LABELS[status])}
    </span>
  );
}

function QuotesTable({
  quotes,
  labelledBy,
}: {
  quotes: readonly ListedQuote[];
  labelledBy: string;
}) {
  const storefront = useStorefront();
  return (
    <table className="quotes__table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Quote</Trans>
          </th>
          <th scope="col">
            <Trans>Created</Trans>
          </th>
          <th scope="col">
            <Trans>Expires</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <Trans>Account</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Total</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((listed) => {
          const quote = listed.view?.quote;
          const link = quoteDetailsPath(storefront, listed.quoteId);
          if (!quote || !listed.view) {
            const requestedAt = listed.pending?.request?.requestedAt ?? '';
            const format = quoteFormat(storefront, storefront.currency);
            return (
              <tr key={listed.quoteId} data-testid="quote-row">
                <th scope="row">
                  <Link to={link}>
                    <Trans>Not numbered yet</Trans>
                  </Link>
                </th>
                <td>{requestedAt ? format.date(requestedAt) : ''}</td>
                <td />
                <td>
                  <QuoteStatusLabel status="requested" />
                </td>
                <td />
                <td className="num" />
              </tr>
            );
          }
          const format = quoteFormat(storefront, quote.currency);
          return (
            <tr key={listed.quoteId} data-testid="quote-row">
              <th scope="row">
                <Link to={link}>{quote.number}</Link>
              </th>
              <td>{format.date(quote.createdAt)}</td>
              <td>{format.date(quote.expiresOn)}</td>
              <td>
                <QuoteStatusLabel status={listed.view.displayStatus} />
              </td>
              <td>
                {quote.account.name} ({quote.account.number})
              </td>
              <td className="num">{format.amount(quote.totals.totalMinor)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
