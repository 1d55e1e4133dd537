/**
 * The server's context for the quote decider (decision 051): for a quote's first request, the
 * quote priced from the cart as the store holds it and numbered, once. A request already
 * decided (a retry, another tab) is answered from the stream and draws no number; a
 * request the store cannot price is refused in the spec's words ('Error submitting quote.').
 */
import {
  refuseQuote,
  type QuoteCommand,
  type QuoteContext,
  type QuoteState,
} from '../../../domain/quote/quote';
import { parseStreamId } from '../../../domain/sync/stream-kind';
import { DomainError } from '../../../domain/shared/domain-error';
import type { ContextProvider } from '../event-store/event-store';
import { priceCartQuote, type QuotePricingDeps } from './quote-pricing';
import { issueQuoteNumber } from './quote-repository';

export function quoteContextProvider(
  deps: Omit<QuotePricingDeps, 'db'> & { readonly now?: () => Date },
): ContextProvider {
  return async ({ db, state, commands, actor, placedBy, locale, row }): Promise<QuoteContext> => {
    const quote = state as QuoteState;
    const request = (commands as readonly QuoteCommand[]).find((c) => c.type === 'RequestQuote');
    if (!request || request.type !== 'RequestQuote' || quote.status !== null) return undefined;
    if (actor.kind !== 'user' || !locale || row.ownerId !== actor.id) return undefined;
    // A quote is its stream: a request naming another quote's id is refused.
    if (parseStreamId(row.streamId).id !== request.data.quoteId) {
      const refused = refuseQuote('quote.not-found');
      return { kind: 'refused', code: refused.code, message: refused.detail };
    }
    try {
      const priced = await priceCartQuote(
        { ...deps, db },
        {
          quoteId: request.data.quoteId,
          userId: actor.id,
          cartId: request.data.cartId,
          accountId: request.data.accountId,
          locale,
          now: deps.now?.() ?? new Date(),
        },
      );
      return {
        kind: 'priced',
        // 'Placed by' (decision 063): the buyer, or customer service acting for them.
        quote: { ...priced, number: await issueQuoteNumber(db), ...(placedBy ? { placedBy } : {}) },
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { kind: 'refused', code: error.code, message: error.detail };
    }
  };
}
