import { describe, expect, it } from 'vitest';
import { classifyRoute, requiresSignIn } from './routes';

describe('route patterns (SPEC 2.1)', () => {
  it.each([
    ['/invoices/INV-1', 'invoices', false],
    ['/en-us/invoices', 'invoices', false],
    ['/invoices/INV-1/payment', 'invoice-payment', false],
    ['/invoices/INV-1/payment/confirmation', 'invoice-payment-confirmation', false],
    ['/store/usassessments/en', 'store', false],
    ['/store/anything', 'store', false],
    ['/my-account/addresses', 'my-account', true],
    ['/en-us/addresses', 'my-account', true],
    ['/en-us/addresses/add-address', 'my-account', true],
    ['/en-gb/profile-details', 'my-account', true],
    ['/fr-ca/preferences', 'my-account', true],
    ['/en-us/payment-cards', 'my-account', true],
    ['/en-us/accounts', 'my-account', true],
    ['/en-us/qualifications/add-degree', 'my-account', true],
    ['/en-gb/my-account/saved-carts', 'my-account', true],
    ['/my-account/support/login', 'my-account-support-login', false],
    ['/my-account/acme/support/login', 'my-account-support-login', false],
    ['/en-us/my-account/support/login', 'my-account-support-login', false],
    ['/en-us/my-account/support', 'my-account-support', false],
    ['/en-us/my-account/support/', 'my-account-support', false],
    ['/fr-ca/my-account/acme/support', 'my-account-support', false],
    ['/store/usassessments/en/my-account/support', 'my-account-support', false],
    ['/en-us/my-account/supported-devices', 'my-account', true],
    ['/en-us/my-account/acme/other/support', 'my-account', true],
    ['/en-us/order-status', 'order-status', false],
    ['/store/usassessments/en/order-status', 'order-status', false],
    ['/en-au/p/WISC-KIT', 'product', false],
    ['/p/WISC-KIT', 'product', false],
    ['/cart', 'cart', false],
    ['/nl-nl/cart/merge', 'cart', false],
    ['/en-us/checkout/shipping', 'checkout', true],
    ['/exp-checkout/payment', 'checkout', true],
    ['/fr-ca/register', 'register', false],
    ['/en-us/search.html', 'search', false],
    ['/en/login', 'login', false],
    ['/fr-ca/login', 'login', false],
  ] as const)('%s is %s (sign-in required: %s)', (path, name, signIn) => {
    expect(classifyRoute(path)).toEqual({ name, requiresSignIn: signIn });
    expect(requiresSignIn(`${path}?x=1`)).toBe(signIn);
  });

  it('does not recognise other pages', () => {
    expect(classifyRoute('/en-us/')).toBeNull();
    expect(classifyRoute('/en-us/about')).toBeNull();
  });
});
