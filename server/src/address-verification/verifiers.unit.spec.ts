import { describe, expect, it } from 'vitest';
import { addressSchema, type Address } from '../../../domain/validation/address';
import { formatPostalCode, recase, regionOfPostalCode } from './address-text';
import { AddressDoctorVerifier } from './address-doctor/address-doctor-verifier';
import type { AddressDoctorClient } from './address-doctor/address-doctor-api';
import { AddressDoctorSandbox } from './address-doctor/sandbox';
import { standardiseStreet } from './address-doctor/street-standards';
import { BuiltInVerifier } from './built-in-verifier';
import { AddressVerifierError, verifierFor } from './verifier';

/** An address as the endpoint hands it on: checked and trimmed by SPEC 5's schema. */
const address = (input: Record<string, string>): Address =>
  addressSchema({ line3Enabled: true }).parse(input);

const builtIn = new BuiltInVerifier();
const addressDoctor = new AddressDoctorVerifier(new AddressDoctorSandbox());

describe('address text', () => {
  it('writes a line typed in lower or upper case in title case, and keeps mixed case', () => {
    expect(recase('200 wellington street')).toBe('200 Wellington Street');
    expect(recase('1600 PENNSYLVANIA AVENUE NW')).toBe('1600 Pennsylvania Avenue NW');
    expect(recase("12b o'brien road")).toBe("12B O'Brien Road");
    expect(recase('21st street')).toBe('21st Street');
    expect(recase('calle de alcalá')).toBe('Calle de Alcalá');
    expect(recase('avenue of the americas')).toBe('Avenue of the Americas');
    expect(recase('mcdonald road')).toBe('McDonald Road');
    expect(recase('12 van Gogh street')).toBe('12 van Gogh street');
  });

  it("writes postal codes in their country's form", () => {
    expect(formatPostalCode('CA', 'k1a0a9')).toBe('K1A 0A9');
    expect(formatPostalCode('CA', 'k1a 0a9')).toBe('K1A 0A9');
    expect(formatPostalCode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(formatPostalCode('GB', 'ls1 4ap')).toBe('LS1 4AP');
    expect(formatPostalCode('NL', '1012ab')).toBe('1012 AB');
    expect(formatPostalCode('JP', '1000001')).toBe('100-0001');
    expect(formatPostalCode('US', ' 53703 ')).toBe('53703');
  });

  it('takes the region from the postal code where the data allows', () => {
    expect(regionOfPostalCode('US', '53703')).toBe('WI');
    expect(regionOfPostalCode('US', '20500')).toBe('DC');
    expect(regionOfPostalCode('US', '00000')).toBeNull();
    expect(regionOfPostalCode('CA', 'K1A 0A9')).toBe('ON');
    expect(regionOfPostalCode('CA', 'H2X 1Y4')).toBe('QC');
    expect(regionOfPostalCode('CA', 'X0A 0H0')).toBe('NU');
    expect(regionOfPostalCode('CA', 'X1A 2L9')).toBe('NT');
    expect(regionOfPostalCode('CA', 'D1A 1A1')).toBeNull();
    expect(regionOfPostalCode('AU', '2600')).toBe('ACT');
    expect(regionOfPostalCode('AU', '2000')).toBe('NSW');
    expect(regionOfPostalCode('AU', '0800')).toBe('NT');
    expect(regionOfPostalCode('ES', '28001')).toBe('M');
    expect(regionOfPostalCode('ES', '08001')).toBe('B');
    expect(regionOfPostalCode('ES', '52001')).toBe('ML');
    expect(regionOfPostalCode('GB', 'LS1 4AP')).toBeUndefined();
  });
});

describe('the built-in verifier', () => {
  it('verifies an address that is right as typed', async () => {
    const typed = address({
      country: 'US',
      region: 'WI',
      town: 'Madison',
      line1: '77 Harbor Lane',
      postalCode: '53703',
    });
    expect(await builtIn.verify(typed)).toEqual({
      service: 'built-in',
      status: 'verified',
      suggestions: [],
      deliverability: null,
    });
  });

  it('suggests the capitalisation, the postal code and the region of the postal code', async () => {
    const typed = address({
      country: 'CA',
      region: 'QC',
      town: 'ottawa',
      line1: '200  wellington street',
      line2: 'suite 100',
      postalCode: 'k1a 0a9',
    });
    const verdict = await builtIn.verify(typed);
    expect(verdict.status).toBe('suggestions');
    expect(verdict.suggestions).toEqual([
      {
        address: {
          country: 'CA',
          region: 'ON',
          town: 'Ottawa',
          line1: '200 Wellington Street',
          line2: 'Suite 100',
          line3: undefined,
          postalCode: 'K1A 0A9',
        },
        changed: ['line1', 'line2', 'town', 'region', 'postalCode'],
      },
    ]);
  });

  it('keeps a region it cannot check, and fills one it can', async () => {
    const leeds = address({
      country: 'GB',
      region: 'LDS',
      town: 'Leeds',
      line1: '22 Riverside',
      postalCode: 'LS1 4AP',
    });
    expect((await builtIn.verify(leeds)).status).toBe('verified');
    const sydney = address({
      country: 'AU',
      region: 'VIC',
      town: 'Sydney',
      line1: '1 Macquarie Street',
      postalCode: '2000',
    });
    const verdict = await builtIn.verify(sydney);
    expect(verdict.suggestions[0]?.address.region).toBe('NSW');
    expect(verdict.suggestions[0]?.changed).toEqual(['region']);
  });

  it('does not confirm a postal code that belongs to no region, nor a P.O. box', async () => {
    const unknown = address({
      country: 'US',
      region: 'WI',
      town: 'Madison',
      line1: '1 Main Street',
      postalCode: '00000',
    });
    expect(await builtIn.verify(unknown)).toMatchObject({
      status: 'unconfirmed',
      suggestions: [],
    });
    // The schema refuses P.O. boxes at the edge; the verifier does not confirm one either.
    const poBox: Address = {
      country: 'US',
      region: 'WI',
      town: 'Madison',
      line1: 'P.O. Box 12',
      line2: undefined,
      line3: undefined,
      postalCode: '53703',
    };
    expect((await builtIn.verify(poBox)).status).toBe('unconfirmed');
  });
});

describe('street standards', () => {
  it('abbreviates street types, directions and units in North America and Australasia', () => {
    expect(standardiseStreet('US', '1600 Pennsylvania Avenue Northwest')).toBe(
      '1600 Pennsylvania Ave NW',
    );
    expect(standardiseStreet('US', '100 North Main Street')).toBe('100 N Main St');
    expect(standardiseStreet('US', '10 North Street')).toBe('10 North St');
    expect(standardiseStreet('US', 'Suite 200')).toBe('Ste 200');
    expect(standardiseStreet('US', '5 Oak Drive Apartment 4')).toBe('5 Oak Dr Apt 4');
    expect(standardiseStreet('CA', '200 Wellington Street')).toBe('200 Wellington St');
    expect(standardiseStreet('CA', '9 Elm Court')).toBe('9 Elm Crt');
    expect(standardiseStreet('AU', '4 Beach Parade')).toBe('4 Beach Pde');
  });

  it('writes street types out in the United Kingdom, and leaves other countries alone', () => {
    expect(standardiseStreet('GB', '10 Downing St')).toBe('10 Downing Street');
    expect(standardiseStreet('GB', '4 Kirkstall Rd')).toBe('4 Kirkstall Road');
    expect(standardiseStreet('NL', 'Damrak 1')).toBe('Damrak 1');
  });
});

describe('the AddressDoctor verifier with its sandbox', () => {
  it('standardises the street and says the address is deliverable', async () => {
    const typed = address({
      country: 'US',
      region: 'DC',
      town: 'washington',
      line1: '1600 pennsylvania avenue northwest',
      postalCode: '20500',
    });
    const verdict = await addressDoctor.verify(typed);
    expect(verdict).toEqual({
      service: 'address-doctor',
      status: 'suggestions',
      deliverability: 'deliverable',
      suggestions: [
        {
          address: {
            country: 'US',
            region: 'DC',
            town: 'Washington',
            line1: '1600 Pennsylvania Ave NW',
            line2: undefined,
            line3: undefined,
            postalCode: '20500',
          },
          changed: ['line1', 'town'],
        },
      ],
    });
    // The built-in verifier recases only.
    expect((await builtIn.verify(typed)).suggestions[0]?.address.line1).toBe(
      '1600 Pennsylvania Avenue Northwest',
    );
  });

  it('verifies an address already in its standard', async () => {
    const typed = address({
      country: 'US',
      region: 'WI',
      town: 'Madison',
      line1: '77 Harbor Ln',
      postalCode: '53703',
    });
    expect(await addressDoctor.verify(typed)).toEqual({
      service: 'address-doctor',
      status: 'verified',
      suggestions: [],
      deliverability: 'deliverable',
    });
  });

  it('does not confirm premises without a house number, nor an unknown postal code', async () => {
    const noNumber = address({
      country: 'GB',
      region: 'LDS',
      town: 'Leeds',
      line1: 'Riverside Court',
      postalCode: 'LS1 4AP',
    });
    expect(await addressDoctor.verify(noNumber)).toMatchObject({
      status: 'unconfirmed',
      deliverability: 'premises-unconfirmed',
      suggestions: [],
    });
    const unknown = address({
      country: 'CA',
      region: 'ON',
      town: 'Ottawa',
      line1: '1 Main Street',
      postalCode: 'D1A 1A1',
    });
    const verdict = await addressDoctor.verify(unknown);
    expect(verdict.deliverability).toBe('undeliverable');
    expect(verdict.suggestions[0]?.address.line1).toBe('1 Main St');
  });

  it('tidies the text of a country it has no reference data for, without confirming it', async () => {
    const typed = address({
      country: 'NL',
      region: 'NH',
      town: 'amsterdam',
      line1: 'damrak 1',
      postalCode: '1012lg',
    });
    expect(await addressDoctor.verify(typed)).toMatchObject({
      status: 'suggestions',
      deliverability: 'premises-unconfirmed',
      suggestions: [{ address: { line1: 'Damrak 1', town: 'Amsterdam', postalCode: '1012 LG' } }],
    });
  });

  it('fails when the service answers no result', async () => {
    const silent: AddressDoctorClient = { process: () => Promise.resolve({ Results: [] }) };
    const verifier = new AddressDoctorVerifier(silent);
    await expect(
      verifier.verify(
        address({
          country: 'US',
          region: 'WI',
          town: 'Madison',
          line1: '1 Main St',
          postalCode: '53703',
        }),
      ),
    ).rejects.toBeInstanceOf(AddressVerifierError);
  });
});

describe('choosing the verifier', () => {
  it('takes AddressDoctor with the address-doctor flag on, the built-in one otherwise', () => {
    const verifiers = { builtIn, addressDoctor };
    expect(verifierFor(verifiers, { 'address-doctor': true }).id).toBe('address-doctor');
    expect(verifierFor(verifiers, { 'address-doctor': false }).id).toBe('built-in');
  });
});
