import { describe, expect, it } from 'vitest';
import { generateLeadEvent } from './analytics';
import { QUOTE } from './test-fixtures';

describe("a quote's generate_lead event", () => {
  it('is worth the quote total in its currency, in major units', () => {
    expect(generateLeadEvent(QUOTE)).toEqual({
      event: 'generate_lead',
      currency: 'USD',
      value: QUOTE.totals.totalMinor / 100,
      lead_source: 'quote',
      quote_number: QUOTE.number,
    });
    expect(
      generateLeadEvent({
        ...QUOTE,
        currency: 'JPY',
        totals: { ...QUOTE.totals, totalMinor: 52000 },
      }).value,
    ).toBe(52000);
  });
});
