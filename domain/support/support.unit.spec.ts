import { describe, expect, it } from 'vitest';
import {
  agentServes,
  customerRegion,
  customerSearchQuery,
  parseRegions,
  startAgentSessionInput,
} from './support';

describe('the regions customer service serves', () => {
  it('puts a customer in the region of their registration country’s storefront', () => {
    expect(customerRegion('US')).toBe('US');
    expect(customerRegion('ca')).toBe('CA');
    expect(customerRegion('GB')).toBe('EU');
    expect(customerRegion('NL')).toBe('EU');
    expect(customerRegion('JP')).toBe('AP');
    expect(customerRegion('NZ')).toBe('AP');
    // A country without a storefront is served where the store sends its visitors.
    expect(customerRegion('BR')).toBe('US');
    expect(customerRegion(null)).toBe('US');
  });

  it('lets an agent open only customers of their regions', () => {
    expect(agentServes(['EU'], 'GB')).toBe(true);
    expect(agentServes(['EU'], 'US')).toBe(false);
    expect(agentServes(['US', 'CA'], 'CA')).toBe(true);
    expect(agentServes([], 'US')).toBe(false);
  });

  it('reads the regions an operator types', () => {
    expect(parseRegions('all')).toEqual(['US', 'CA', 'EU', 'AP']);
    expect(parseRegions('eu, us')).toEqual(['US', 'EU']);
    expect(parseRegions('US,XX')).toBeUndefined();
    expect(parseRegions('')).toBeUndefined();
  });
});

describe('the support calls’ input', () => {
  it('wants a search of 2 to 100 characters', () => {
    expect(customerSearchQuery.safeParse({ q: ' d ' }).success).toBe(false);
    expect(customerSearchQuery.safeParse({ q: 'da' }).success).toBe(true);
    expect(customerSearchQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(customerSearchQuery.safeParse({}).success).toBe(false);
  });

  it('wants ids for the buyer and the account', () => {
    const id = '3f0c2a64-8d51-4e77-9a0b-5b8c1d2e3f40';
    expect(startAgentSessionInput.safeParse({ buyerId: id, accountId: id }).success).toBe(true);
    expect(startAgentSessionInput.safeParse({ buyerId: 'x', accountId: id }).success).toBe(false);
    expect(startAgentSessionInput.safeParse({ buyerId: id }).success).toBe(false);
  });
});
