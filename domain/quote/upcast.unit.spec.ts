/**
 * Stored quote events: every type is read at its current version, and the guard: a fixture
 * of each type in QUOTE_EVENT_VERSIONS, so a new type or version cannot be added without its
 * upcaster being tried here.
 */
import { describe, expect, it } from 'vitest';
import {
  QUOTE_EVENT_VERSIONS,
  upcastQuoteEvent,
  type QuoteEvent,
  type QuoteEventType,
} from './quote';
import { events, NOW } from './test-fixtures';

const STORED: { readonly [K in QuoteEventType]: Extract<QuoteEvent, { type: K }> } = {
  QuoteRequested: events.requested() as Extract<QuoteEvent, { type: 'QuoteRequested' }>,
  QuoteCreated: events.created() as Extract<QuoteEvent, { type: 'QuoteCreated' }>,
  QuoteCancelled: { type: 'QuoteCancelled', v: 1, data: { at: NOW } },
  QuoteEmailed: { type: 'QuoteEmailed', v: 1, data: { sendId: 'c', to: ['a@b.example'], at: NOW } },
  QuoteExpired: { type: 'QuoteExpired', v: 1, data: { on: '2026-12-23' } },
  QuoteOrdered: { type: 'QuoteOrdered', v: 1, data: { orderId: 'o-1', at: NOW } },
};

describe('stored quote events', () => {
  it('has a fixture of every type at its current version', () => {
    expect(Object.keys(STORED).sort()).toEqual(Object.keys(QUOTE_EVENT_VERSIONS).sort());
    for (const [type, event] of Object.entries(STORED)) {
      expect(event.v).toBe(QUOTE_EVENT_VERSIONS[type as QuoteEventType]);
    }
  });

  it('reads each as it was written', () => {
    for (const event of Object.values(STORED)) {
      expect(upcastQuoteEvent(JSON.parse(JSON.stringify(event)) as QuoteEvent)).toEqual(event);
    }
  });

  it('refuses a version it does not know', () => {
    expect(() => upcastQuoteEvent({ type: 'QuoteCreated', v: 9, data: {} })).toThrow(/No upcaster/);
    expect(() => upcastQuoteEvent({ type: 'QuoteMade', v: 1, data: {} })).toThrow(/No upcaster/);
  });
});
