import { describe, expect, it } from 'vitest';
import { errorsOf } from '../validation/test-helpers';
import { flagContext, flagContextFor } from './context';
import { flagContextSchema } from './context-schema';
import { FLAG_DEFAULTS, FLAG_KEYS, isFlagKey, resolveFlags } from './flags';

describe('feature flags (SPEC 9)', () => {
  it('has every flag of the spec, all off except the quote PDF download upgrade', () => {
    expect(FLAG_KEYS).toHaveLength(21);
    expect(FLAG_KEYS.filter((k) => FLAG_DEFAULTS[k])).toEqual(['quote-pdf-download-upgrade']);
  });

  it('takes evaluated values over the defaults and ignores anything else', () => {
    const flags = resolveFlags({
      vat: true,
      'quote-pdf-download-upgrade': false,
      nope: true,
      sso: 'yes',
    });
    expect(flags.vat).toBe(true);
    expect(flags['quote-pdf-download-upgrade']).toBe(false);
    expect(flags.sso).toBe(false);
    expect('nope' in flags).toBe(false);
    expect(isFlagKey('nope')).toBe(false);
  });
});

describe('feature-flag context (SPEC 3, 5)', () => {
  const where = {
    siteUid: 'usassessments',
    storeUid: 'usassessments',
    locale: 'en-us',
    country: 'US',
  };

  it('uses the user id as key, or anonymous for a visitor', () => {
    expect(flagContext({ userId: 'u-42', ...where })).toEqual({
      kind: 'user',
      key: 'u-42',
      anonymous: false,
      ...where,
    });
    expect(flagContext({ userId: null, ...where })).toMatchObject({
      key: 'anonymous',
      anonymous: true,
    });
  });

  it('must have a key or be anonymous', () => {
    expect(errorsOf(flagContextSchema, flagContext({ userId: 'u-42', ...where }))).toEqual([]);
    expect(
      errorsOf(flagContextSchema, { kind: 'user', key: '', anonymous: false, ...where }),
    ).toEqual(['key: A feature-flag context needs a user key or must be anonymous.']);
  });
});

describe('the flag context of a page (decision 058)', () => {
  const ukStore = { storeId: 'ukassessments', locale: 'en-gb', defaultCountry: 'GB' };

  it("carries a signed-in user's id and registration country with the storefront", () => {
    expect(flagContextFor({ id: 'u-7', registrationCountry: 'ie' }, ukStore, 'FR')).toEqual({
      kind: 'user',
      key: 'u-7',
      anonymous: false,
      siteUid: 'ukassessments',
      storeUid: 'ukassessments',
      locale: 'en-gb',
      country: 'IE',
    });
  });

  it("is anonymous for a visitor, in the country the proxy named or the storefront's", () => {
    expect(flagContextFor(null, ukStore, 'FR')).toMatchObject({
      key: 'anonymous',
      anonymous: true,
      country: 'FR',
      siteUid: 'ukassessments',
    });
    expect(flagContextFor(null, ukStore, null).country).toBe('GB');
  });

  it("falls back to the visitor's country for a user without a registration country", () => {
    expect(flagContextFor({ id: 'u-7', registrationCountry: null }, ukStore, 'FR')).toMatchObject({
      key: 'u-7',
      anonymous: false,
      country: 'FR',
    });
    expect(flagContextFor({ id: 'u-7', registrationCountry: ' ' }, ukStore, null).country).toBe(
      'GB',
    );
  });
});
