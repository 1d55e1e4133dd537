import { describe, expect, it } from 'vitest';
import { errorsOf } from '../validation/test-helpers';
import { flagContext } from './context';
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
