import { describe, expect, it } from 'vitest';
import { LOCALES } from '../storefront/storefronts';
import { loadedCopyApplies, pickCheckoutCopy } from './checkout-copy';

describe('checkout copy (SPEC 1, 7.1)', () => {
  it('uses loaded copy only where it is in the page language', () => {
    expect(LOCALES.filter(loadedCopyApplies)).toEqual([
      'en-us',
      'en-ca',
      'en-gb',
      'en-au',
      'en-nz',
      'ja-jp',
      'zh-sg',
    ]);
  });

  it('keeps known keys with text and drops the rest', () => {
    expect(
      pickCheckoutCopy({ payment: 'Payment details', unknown: 'x', itemsInCart: '  ' }),
    ).toEqual({
      payment: 'Payment details',
    });
  });
});
