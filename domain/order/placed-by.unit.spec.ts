/**
 * 'Placed by' (SPEC 3; decision 063): an order or a quote made by customer service says so in
 * one wording, 'Placed by: Customer service (Alex Morgan)', in the order confirmation mail,
 * the invoice's document, the quote's document and mail; what the buyer made says nothing.
 */
import { describe, expect, it } from 'vitest';
import { invoiceDocument } from '../invoice/document';
import { invoiceDecider, invoiceView } from '../invoice/invoice';
import { events as invoiceEvents, issued } from '../invoice/test-fixtures';
import { renderOrderConfirmation, type Translate } from '../mail/order-confirmation';
import { renderQuoteMail } from '../mail/quote-mail';
import { sampleOrder } from '../mail/sample-order';
import { quoteDocument } from '../quote/document';
import {
  initialQuoteState,
  quoteDecider,
  upcastQuoteEvent,
  type QuoteEvent,
  type QuoteState,
} from '../quote/quote';
import {
  command,
  events as quoteEvents,
  LAKESHORE,
  QUOTE,
  QUOTE_ID,
  CARTS,
} from '../quote/test-fixtures';
import { replay } from '../shared/decider';
import { formatMessage } from '../shared/message';
import type { PlacedBy } from './order';
import { PLACED_BY_MESSAGES, placedByAgent } from './placed-by';

const english: Translate = (descriptor, values) =>
  formatMessage({ ...descriptor, values: values ?? {} });

const AGENT: PlacedBy = { kind: 'agent', id: 'user-alex-morgan', name: 'Alex Morgan' };
const BUYER: PlacedBy = { kind: 'user', id: 'user-dana-reyes', name: 'Dana Reyes' };
const SAYS = 'Placed by: Customer service (Alex Morgan)';

describe("'Placed by'", () => {
  it('names customer service and the agent, and nothing for the buyer', () => {
    const agent = placedByAgent(AGENT);
    expect(agent && formatMessage(agent)).toBe('Customer service (Alex Morgan)');
    expect(placedByAgent(BUYER)).toBeNull();
    expect(placedByAgent(undefined)).toBeNull();
  });

  it('is in both parts of the confirmation mail of an order placed by customer service', () => {
    const mail = renderOrderConfirmation(sampleOrder({ placedBy: AGENT }), english);
    expect(mail.text).toContain(SAYS);
    expect(mail.html).toContain('Placed by');
    expect(mail.html).toContain('Customer service (Alex Morgan)');
    const own = renderOrderConfirmation(sampleOrder({ placedBy: BUYER }), english);
    expect(own.text).not.toContain('Placed by');
    expect(own.html).not.toContain('Customer service');
  });

  it('is in the mail in the buyer’s language', () => {
    const french: Record<string, string> = {
      [PLACED_BY_MESSAGES.label.id]: 'Passée par',
      [PLACED_BY_MESSAGES.agent.id]: 'Service à la clientèle ({name})',
    };
    const translate: Translate = (descriptor, values) =>
      formatMessage({
        ...descriptor,
        message: french[descriptor.id] ?? descriptor.message,
        values: values ?? {},
      });
    const mail = renderOrderConfirmation(sampleOrder({ placedBy: AGENT }), translate);
    expect(mail.text).toContain('Passée par: Service à la clientèle (Alex Morgan)');
  });

  it('is among the facts of the invoice of an order placed by customer service', () => {
    const factsOf = (placedBy: PlacedBy) => {
      const history = [invoiceEvents.issued(issued({ placedBy }).invoice)];
      const view = invoiceView(replay(invoiceDecider, history), history.length);
      if (!view.invoice) throw new Error('not issued');
      return invoiceDocument({ ...view, invoice: view.invoice }, english, 'en-us').facts;
    };
    expect(factsOf(AGENT)).toContainEqual({
      label: 'Placed by',
      value: 'Customer service (Alex Morgan)',
    });
    expect(factsOf(BUYER).map((f) => f.label)).not.toContain('Placed by');
  });
});

describe('a quote made by customer service', () => {
  const request = command('RequestQuote', {
    quoteId: QUOTE_ID,
    cartId: CARTS.kit.cartId,
    accountId: LAKESHORE.id,
  });
  const byAgent = { ...QUOTE, placedBy: AGENT };

  it('records who made it in its creation event, as the store priced it', () => {
    const decided = quoteDecider.decide(request, initialQuoteState(), {
      kind: 'priced',
      quote: byAgent,
    });
    expect(decided).toContainEqual({ type: 'QuoteCreated', v: 1, data: { quote: byAgent } });
    const state: QuoteState = decided.reduce(quoteDecider.evolve, initialQuoteState());
    expect(state.quote?.placedBy).toEqual(AGENT);
  });

  it('reads a quote created before it was recorded as the buyer’s: no Placed by', () => {
    const stored = JSON.parse(JSON.stringify(quoteEvents.created(QUOTE))) as QuoteEvent;
    const state = replay(quoteDecider, [quoteEvents.requested(), upcastQuoteEvent(stored)]);
    expect(state.quote?.placedBy).toBeUndefined();
    if (!state.quote) throw new Error('not created');
    const facts = quoteDocument({ quote: state.quote }, english, { exclVat: false }).facts;
    expect(facts.map((f) => f.label)).not.toContain('Placed by');
  });

  it('says so in its document (the PDF) and its mail', () => {
    const facts = quoteDocument({ quote: byAgent }, english, { exclVat: false }).facts;
    expect(facts).toContainEqual({ label: 'Placed by', value: 'Customer service (Alex Morgan)' });
    const state = replay(quoteDecider, [quoteEvents.requested(), quoteEvents.created(byAgent)]);
    const mail = renderQuoteMail(state, english);
    expect(mail.text).toContain(SAYS);
    expect(mail.html).toContain('Customer service (Alex Morgan)');
  });
});
