/**
 * What follows a quote being created (decision 051): the store's schedule holds its expiry
 * step for the day after its last day, so every quote past its date moves to expired that
 * day, each by itself, without a sweep of all quotes. The step decides again on the day
 * (`ExpireQuote`): a quote ordered or cancelled meanwhile is left as it is.
 */
import { defineProcessManager } from '../kinds';
import { addDays } from '../shared/calendar';
import { streamIdOf } from '../sync/stream-kind';

/** The instant a quote's expiry step is due: the first moment after its last day (UTC). */
export function expiryDueAt(expiresOn: string): string {
  return `${addDays(expiresOn, 1)}T00:00:00.000Z`;
}

export const expireQuoteAfterLastDay = defineProcessManager({
  name: 'quote-created-expires-after-last-day',
  kinds: ['quote'],
  react: (event) => {
    if (event.type !== 'QuoteCreated') return [];
    const quote = event.data.quote;
    const due = expiryDueAt(quote.expiresOn);
    return [
      {
        kind: 'quote',
        streamId: streamIdOf({ name: 'quote' }, quote.quoteId),
        owner: { kind: 'user', id: quote.buyer.userId },
        storeId: quote.storeId,
        command: { type: 'ExpireQuote', data: { today: due.slice(0, 10) } },
        notBefore: due,
      },
    ];
  },
});

/** An order placed from a quote: the quote records it, and links to it (decision 051). */
export const recordQuoteOrdered = defineProcessManager({
  name: 'order-placed-records-quote',
  kinds: ['order'],
  react: (event) => {
    if (event.type !== 'OrderPlaced') return [];
    const order = event.data.order;
    // A declined order (sanctions screening) took nothing: the quote can still be ordered.
    if (!order.quoteId || order.status === 'declined') return [];
    return [
      {
        kind: 'quote',
        streamId: streamIdOf({ name: 'quote' }, order.quoteId),
        owner: { kind: 'user', id: order.buyer.userId },
        storeId: order.storeId,
        command: { type: 'RecordQuoteOrdered', data: { orderId: order.orderId } },
      },
    ];
  },
});
