/**
 * The quote as a stream kind (decision 018, 051): a stream per quote, for signed-in buyers,
 * at /api/quote-streams. A browser requests, cancels and emails a quote (offline too); only
 * the store expires it or records its order. Its `quotes` read model is the quote pages'
 * list; its mails (the quote sent by email) are written with their events.
 */
import { KIB } from '../sync/command-size';
import { defineStreamKind, type OutboxMessage } from '../sync/stream-kind';
import { quoteCommandSchema } from './command-schema';
import { QUOTE_MESSAGES } from './messages';
import {
  quoteDecider,
  upcastQuoteEvent,
  type QuoteCommand,
  type QuoteContext,
  type QuoteEvent,
  type QuoteState,
} from './quote';

/** The quote document of the `quotes` read model: the quote's whole state once numbered. */
export const QUOTES_READ_MODEL = 'quotes';

/** The quote mail's template (domain/mail/quote-mail.ts renders it, the PDF attached). */
export const QUOTE_MAIL_TEMPLATE = 'quote';

/** The mails of a quote sent by email: one per address, once per request. */
export function quoteMails(event: QuoteEvent, state: QuoteState): readonly OutboxMessage[] {
  if (event.type !== 'QuoteEmailed' || !state.quote) return [];
  const quote = state.quote;
  return event.data.to.map((to, i) => ({
    id: `${QUOTE_MAIL_TEMPLATE}:${quote.quoteId}:${event.data.sendId}:${String(i)}`,
    template: QUOTE_MAIL_TEMPLATE,
    to,
    locale: quote.locale,
    data: state,
    // Sent because the buyer asked for it, to the addresses they gave.
    preference: null,
  }));
}

export const quoteStreamKind = defineStreamKind<QuoteState, QuoteCommand, QuoteEvent, QuoteContext>(
  {
    name: 'quote',
    address: { per: 'stream', path: '/api/quote-streams' },
    owners: 'users',
    perStore: true,
    initialState: quoteDecider.initialState,
    decide: quoteDecider.decide,
    evolve: quoteDecider.evolve,
    upcast: upcastQuoteEvent,
    commandSchema: quoteCommandSchema,
    // A request names a cart; the store prices it from what it holds.
    limits: { commandBytes: 4 * KIB, pushBytes: 64 * KIB },
    serverOnly: (command) =>
      command.type === 'ExpireQuote' || command.type === 'RecordQuoteOrdered',
    refused: QUOTE_MESSAGES.submitError,
    snapshotShape: 1,
    readModels: [
      { name: QUOTES_READ_MODEL, shape: 1, project: (state) => (state.quote ? state : null) },
    ],
    outbox: (event, state) => quoteMails(event, state),
  },
);
