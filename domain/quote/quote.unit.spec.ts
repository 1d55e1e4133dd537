/** The quote's decider, given / when / then: every state and every action (decision 051). */
import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../shared/decider-spec';
import {
  QUOTE_EMAILS_MAX,
  quoteActions,
  quoteDecider,
  quoteStatusOn,
  type QuoteContext,
  type QuoteEvent,
  type QuoteState,
} from './quote';
import { replay } from '../shared/decider';
import { command, events, LAKESHORE, NOW, QUOTE, QUOTE_ID, CARTS } from './test-fixtures';
import { QUOTE_MESSAGES } from './messages';
import { withValues } from '../shared/message';

function specWith(context: QuoteContext) {
  return deciderSpecification(quoteDecider, context, {
    equal: (actual, expected) => {
      expect(actual).toEqual(expected);
    },
    fail: (message) => {
      throw new Error(message);
    },
  });
}

/** The store's side: the quote priced and numbered. */
const server = specWith({ kind: 'priced', quote: QUOTE });
/** The browser's side: no pricing. */
const browser = specWith(undefined);

const request = command('RequestQuote', {
  quoteId: QUOTE_ID,
  cartId: CARTS.kit.cartId,
  accountId: LAKESHORE.id,
});

const stateAfter = (history: readonly QuoteEvent[]): QuoteState => replay(quoteDecider, history);
const created = [events.requested(), events.created()];
const AFTER_LAST_DAY = '2026-12-23T00:00:00.000Z';

describe('requesting a quote', () => {
  it('is requested in the browser, not numbered', () => {
    browser.given([]).when(request).then([events.requested()]);
  });

  it('is requested and created, numbered, by the store', () => {
    server.given([]).when(request).then(created);
  });

  it('is one quote when requested again (a retry, another tab)', () => {
    server.given(created).when(request).then([]);
    browser.given([events.requested()]).when(request).then([]);
  });

  it('gives the reason the store could not price it', () => {
    specWith({
      kind: 'refused',
      code: 'quote.cart-empty',
      message: withValues(QUOTE_MESSAGES.submitError, {}),
    })
      .given([])
      .when(request)
      .thenThrows('quote.cart-empty', (error) => {
        expect(error.detail.message).toBe('Error submitting quote.');
      });
  });
});

describe('cancelling a quote', () => {
  it('cancels a created quote, and a requested one', () => {
    const cancelled: QuoteEvent = { type: 'QuoteCancelled', v: 1, data: { at: NOW } };
    server.given(created).when(command('CancelQuote', {})).then([cancelled]);
    browser.given([events.requested()]).when(command('CancelQuote', {})).then([cancelled]);
  });

  it('is done once', () => {
    server
      .given([...created, { type: 'QuoteCancelled', v: 1, data: { at: NOW } }])
      .when(command('CancelQuote', {}))
      .then([]);
  });

  it('refuses an expired or ordered quote, in the spec words', () => {
    server
      .given(created)
      .when(command('CancelQuote', {}, AFTER_LAST_DAY))
      .thenThrows('quote.expired', (error) => {
        expect(error.detail.message).toBe('We are sorry but your quote could not be completed...');
      });
    server
      .given([...created, { type: 'QuoteOrdered', v: 1, data: { orderId: 'o-1', at: NOW } }])
      .when(command('CancelQuote', {}))
      .thenThrows('quote.not-cancellable');
  });
});

describe('expiring a quote', () => {
  it('expires a created quote after its last day, not on it', () => {
    server
      .given(created)
      .when(command('ExpireQuote', { today: QUOTE.expiresOn }))
      .then([]);
    server
      .given(created)
      .when(command('ExpireQuote', { today: '2026-12-23' }))
      .then([{ type: 'QuoteExpired', v: 1, data: { on: '2026-12-23' } }]);
  });

  it('leaves an ordered or cancelled quote as it is', () => {
    const step = command('ExpireQuote', { today: '2027-01-30' });
    server
      .given([...created, { type: 'QuoteOrdered', v: 1, data: { orderId: 'o-1', at: NOW } }])
      .when(step)
      .then([]);
    server
      .given([...created, { type: 'QuoteCancelled', v: 1, data: { at: NOW } }])
      .when(step)
      .then([]);
  });
});

describe('ordering a quote', () => {
  it('records the order placed from it, once', () => {
    const ordered: QuoteEvent = { type: 'QuoteOrdered', v: 1, data: { orderId: 'o-1', at: NOW } };
    server
      .given(created)
      .when(command('RecordQuoteOrdered', { orderId: 'o-1' }))
      .then([ordered]);
    server
      .given([...created, ordered])
      .when(command('RecordQuoteOrdered', { orderId: 'o-1' }))
      .then([]);
  });

  it('records an order placed before its expiry step ran, or while it was cancelled elsewhere', () => {
    const ordered: QuoteEvent = { type: 'QuoteOrdered', v: 1, data: { orderId: 'o-1', at: NOW } };
    server
      .given([...created, { type: 'QuoteExpired', v: 1, data: { on: '2026-12-23' } }])
      .when(command('RecordQuoteOrdered', { orderId: 'o-1' }))
      .then([ordered]);
    server
      .given([...created, { type: 'QuoteCancelled', v: 1, data: { at: NOW } }])
      .when(command('RecordQuoteOrdered', { orderId: 'o-1' }))
      .then([ordered]);
    browser
      .given([events.requested()])
      .when(command('RecordQuoteOrdered', { orderId: 'o-1' }))
      .thenThrows('quote.not-found');
  });
});

describe('emailing a quote', () => {
  it('goes to the buyer and to the address given, once each', () => {
    server
      .given(created)
      .when(command('EmailQuote', { to: 'purchasing@lakeshore.example' }))
      .then([
        {
          type: 'QuoteEmailed',
          v: 1,
          data: {
            sendId: 'cmd-1',
            to: [QUOTE.buyer.email, 'purchasing@lakeshore.example'],
            at: NOW,
          },
        },
      ]);
    server
      .given(created)
      .when(command('EmailQuote', { to: QUOTE.buyer.email }))
      .then([
        {
          type: 'QuoteEmailed',
          v: 1,
          data: { sendId: 'cmd-1', to: [QUOTE.buyer.email], at: NOW },
        },
      ]);
  });

  it('refuses a quote not numbered yet, a cancelled one, and an eleventh mail', () => {
    server
      .given([])
      .when(command('EmailQuote', { to: null }))
      .thenThrows('quote.not-found');
    browser
      .given([events.requested()])
      .when(command('EmailQuote', { to: null }))
      .thenThrows('quote.not-found');
    server
      .given([...created, { type: 'QuoteCancelled', v: 1, data: { at: NOW } }])
      .when(command('EmailQuote', { to: null }))
      .thenThrows('quote.not-orderable');
    const mailed: QuoteEvent = {
      type: 'QuoteEmailed',
      v: 1,
      data: { sendId: 'c', to: [QUOTE.buyer.email], at: NOW },
    };
    server
      .given([...created, ...Array.from({ length: QUOTE_EMAILS_MAX }, () => mailed)])
      .when(command('EmailQuote', { to: null }))
      .thenThrows('quote.emailed-enough');
  });
});

describe('what a buyer may do with a quote (sent with it by the store)', () => {
  const today = '2026-11-22';
  it('in every state', () => {
    expect(quoteActions(stateAfter([events.requested()]), today)).toEqual([]);
    expect(quoteActions(stateAfter(created), today)).toEqual([
      'order',
      'download',
      'email',
      'cancel',
    ]);
    expect(
      quoteActions(
        stateAfter([...created, { type: 'QuoteOrdered', v: 1, data: { orderId: 'o', at: NOW } }]),
        today,
      ),
    ).toEqual(['download', 'email']);
    expect(
      quoteActions(
        stateAfter([...created, { type: 'QuoteCancelled', v: 1, data: { at: NOW } }]),
        today,
      ),
    ).toEqual(['download', 'requote']);
    expect(
      quoteActions(
        stateAfter([...created, { type: 'QuoteExpired', v: 1, data: { on: '2026-12-23' } }]),
        '2026-12-23',
      ),
    ).toEqual(['download', 'email', 'requote']);
  });

  it('shows a created quote past its last day as expired before its step has run', () => {
    const state = stateAfter(created);
    expect(quoteStatusOn(state, QUOTE.expiresOn)).toBe('created');
    expect(quoteStatusOn(state, '2026-12-23')).toBe('expired');
    expect(quoteActions(state, '2026-12-23')).toEqual(['download', 'email', 'requote']);
  });
});
