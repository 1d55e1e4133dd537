import { describe, expect, it } from 'vitest';
import type { AddressVerdict } from '../../../../domain/address-verification/verification';
import type { CheckoutAddress } from '../../../../domain/checkout/state';
import type { AddressSuggestion } from '../../../../domain/commerce/commerce-api';
import {
  needsConfirmation,
  verificationCandidates,
  verificationRequestOf,
} from './AddressVerificationDialog';

const TYPED: CheckoutAddress = {
  firstName: 'Sam',
  lastName: 'Okafor',
  line1: '22 riverside',
  town: 'Leeds',
  region: 'LDS',
  postalCode: 'ls1 4ap',
  country: 'GB',
  phone: '+441134960123',
};

const SAVED: AddressSuggestion = {
  id: 'saved-1',
  label: '22 Riverside Walk, Leeds, LDS, LS1 4AP, GB',
  address: {
    line1: '22 Riverside Walk',
    line2: null,
    town: 'Leeds',
    region: 'LDS',
    postalCode: 'LS1 4AP',
    country: 'GB',
  },
};

const RECASED: AddressVerdict = {
  service: 'built-in',
  status: 'suggestions',
  deliverability: null,
  suggestions: [
    {
      address: {
        country: 'GB',
        region: 'LDS',
        town: 'Leeds',
        line1: '22 Riverside',
        postalCode: 'LS1 4AP',
      },
      changed: ['line1', 'postalCode'],
    },
  ],
};

describe("checkout's verification candidates", () => {
  it("offers the service's suggestion first, with the typed person and phone, then saved ones", () => {
    const candidates = verificationCandidates(TYPED, [SAVED], RECASED);
    expect(candidates.map((c) => c.address.line1)).toEqual(['22 Riverside', '22 Riverside Walk']);
    expect(candidates[0]?.address).toEqual({
      ...TYPED,
      line1: '22 Riverside',
      postalCode: 'LS1 4AP',
    });
  });

  it('drops the saved ones when one is the typed address, but keeps the service’s own', () => {
    const same: AddressSuggestion = {
      ...SAVED,
      address: { ...SAVED.address, line1: '22 RIVERSIDE', postalCode: 'LS1 4AP' },
    };
    expect(verificationCandidates(TYPED, [same, SAVED], null)).toEqual([]);
    expect(verificationCandidates(TYPED, [same, SAVED], RECASED).map((c) => c.id)).toEqual([
      'verified-0',
    ]);
  });

  it('asks the buyer when there is a candidate or the service could not confirm the address', () => {
    const unconfirmed: AddressVerdict = { ...RECASED, status: 'unconfirmed', suggestions: [] };
    expect(needsConfirmation([], unconfirmed)).toBe(true);
    expect(needsConfirmation([], { ...unconfirmed, status: 'verified' })).toBe(false);
    expect(needsConfirmation([], null)).toBe(false);
  });

  it('asks the service about the address part only', () => {
    expect(verificationRequestOf(TYPED, 'en-gb')).toEqual({
      locale: 'en-gb',
      address: {
        country: 'GB',
        region: 'LDS',
        town: 'Leeds',
        line1: '22 riverside',
        line2: undefined,
        line3: undefined,
        postalCode: 'ls1 4ap',
      },
    });
  });
});
