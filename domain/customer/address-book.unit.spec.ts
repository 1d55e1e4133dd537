import { describe, expect, it } from 'vitest';
import { validate } from '../validation/issues';
import { addressBookEntrySchema } from './address-book';

const valid = {
  firstName: 'Sam',
  lastName: 'Okafor',
  organization: 'Riverside Child Development Clinic',
  phone: { country: 'GB', number: '0113 496 0123' },
  address: {
    country: 'GB',
    region: 'LDS',
    town: 'Leeds',
    line1: '22 Riverside Walk',
    postalCode: 'LS1 4AP',
  },
};

describe('address book entry', () => {
  it('accepts a complete entry and normalises the phone', () => {
    const result = validate(addressBookEntrySchema, valid);
    expect(result.ok && result.value.phone.e164).toBe('+441134960123');
    expect(result.ok && result.value.defaultShipping).toBe(false);
  });

  it('reports the street naming the organization together with a bad phone', () => {
    const result = validate(addressBookEntrySchema, {
      ...valid,
      phone: { country: 'GB', number: '1' },
      address: { ...valid.address, line1: 'Riverside Child Development Clinic, 22 Walk' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path).sort()).toEqual(['address.line1', 'phone.number']);
  });
});
