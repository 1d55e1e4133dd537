import { describe, expect, it } from 'vitest';
import { isUpc, upcCheckDigit, upcOf } from './upc';

describe('UPC-A codes', () => {
  it('computes the check digit of a known code', () => {
    // A well-known UPC-A: 036000291452.
    expect(upcCheckDigit('03600029145')).toBe(2);
    expect(isUpc('036000291452')).toBe(true);
    expect(isUpc('036000291453')).toBe(false);
    expect(isUpc('03600029145')).toBe(false);
  });

  it('makes a valid code from a company prefix and an item number', () => {
    const code = upcOf('084370', 42);
    expect(code).toMatch(/^08437000042\d$/);
    expect(isUpc(code)).toBe(true);
  });
});
