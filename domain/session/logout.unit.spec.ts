import { describe, expect, it } from 'vitest';
import { logoutRedirect } from './logout';

describe('where sign-out goes (SPEC 4.3)', () => {
  it('sends pages that need sign-in to the sign-in page', () => {
    expect(logoutRedirect('/en-gb/my-account/addresses')).toEqual({
      kind: 'login',
      path: '/en-gb/login',
    });
    expect(logoutRedirect('/fr-ca/checkout/payment')).toEqual({
      kind: 'login',
      path: '/fr-ca/login',
    });
  });

  it('sends invoice pages home', () => {
    expect(logoutRedirect('/en-us/invoices/INV-1/payment')).toEqual({
      kind: 'home',
      path: '/en-us/',
    });
  });

  it('leaves other pages where they are', () => {
    expect(logoutRedirect('/en-us/search.html')).toEqual({ kind: 'stay' });
    expect(logoutRedirect('/nl-nl/')).toEqual({ kind: 'stay' });
  });
});
