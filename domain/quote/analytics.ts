/**
 * A quote for the data layer (GA4's `generate_lead`; decision 051): a quote the store created
 * is a lead worth its total, in its currency.
 */
import { toMajor } from '../analytics/ecommerce';
import type { Quote } from './quote';

export interface GenerateLeadEvent {
  readonly event: 'generate_lead';
  readonly currency: string;
  readonly value: number;
  readonly lead_source: 'quote';
  readonly quote_number: string;
}

export function generateLeadEvent(
  quote: Pick<Quote, 'currency' | 'number' | 'totals'>,
): GenerateLeadEvent {
  return {
    event: 'generate_lead',
    currency: quote.currency,
    value: toMajor(quote.totals.totalMinor, quote.currency),
    lead_source: 'quote',
    quote_number: quote.number,
  };
}
