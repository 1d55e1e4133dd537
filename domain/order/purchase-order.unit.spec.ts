import { describe, expect, it } from 'vitest';
import { fromMajor } from '../pricing/money';
import { poAvailability, type PoAvailabilityInput } from './purchase-order';

const base: PoAvailabilityInput = {
  accountType: 'ORGANIZATION',
  organizationHasOrdered: true,
  subtotal: fromMajor('500', 'USD'),
  locale: 'en-us',
  poThresholdEnabled: true,
  poThreshold: fromMajor('100', 'USD'),
  poForSpainEnabled: false,
};

describe('pay by purchase order (SPEC 4.8, 6)', () => {
  it('is available to an organization that has ordered before, above the threshold', () => {
    expect(poAvailability(base)).toEqual({ available: true });
  });

  it('is not available to a personal account', () => {
    expect(poAvailability({ ...base, accountType: 'PERSONAL' })).toEqual({
      available: false,
      reason: 'personal-account',
    });
  });

  it('becomes available only after a first order on behalf of the organization', () => {
    expect(poAvailability({ ...base, organizationHasOrdered: false })).toEqual({
      available: false,
      reason: 'no-first-order',
    });
  });

  it('is disabled below the threshold only when the PO threshold flag is on', () => {
    const small = { ...base, subtotal: fromMajor('99.99', 'USD') };
    expect(poAvailability(small)).toEqual({ available: false, reason: 'below-threshold' });
    expect(poAvailability({ ...small, poThresholdEnabled: false })).toEqual({ available: true });
    expect(poAvailability({ ...small, poThreshold: null })).toEqual({ available: true });
    expect(poAvailability({ ...base, subtotal: fromMajor('100', 'USD') })).toEqual({
      available: true,
    });
  });

  it('is offered in the Spanish store only with the PO for Spain flag', () => {
    const spain = {
      ...base,
      locale: 'es-es' as const,
      subtotal: fromMajor('500', 'EUR'),
      poThreshold: null,
    };
    expect(poAvailability(spain)).toEqual({ available: false, reason: 'not-offered-in-store' });
    expect(poAvailability({ ...spain, poForSpainEnabled: true })).toEqual({ available: true });
  });
});
