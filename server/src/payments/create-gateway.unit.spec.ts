import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { createPaymentGateway, paymentConfigFrom, PaymentConfigError } from './create-gateway';

/** The sandbox only keeps its database; these tests never reach it. */
const db = {} as Db;

describe('payment gateway configuration', () => {
  it('uses the sandbox when nothing is configured', () => {
    const config = paymentConfigFrom({});
    expect(config).toEqual({ gateway: 'sandbox', secretKey: undefined, publishableKey: undefined });
    const gateway = createPaymentGateway(config, db);
    expect(gateway.id).toBe('sandbox');
    expect(gateway.clientConfig()).toEqual({
      gateway: 'sandbox',
      frameUrl: '/payment-sandbox/fields',
    });
    expect(paymentConfigFrom({ PAYMENT_GATEWAY: ' ' }).gateway).toBe('sandbox');
  });

  it('names the keys a real gateway is missing', () => {
    expect(() => paymentConfigFrom({ PAYMENT_GATEWAY: 'stripe' })).toThrow(
      'PAYMENT_GATEWAY=stripe needs PAYMENT_GATEWAY_SECRET_KEY and PAYMENT_GATEWAY_PUBLISHABLE_KEY',
    );
    expect(() =>
      paymentConfigFrom({ PAYMENT_GATEWAY: 'Adyen', PAYMENT_GATEWAY_SECRET_KEY: 'sk' }),
    ).toThrow('PAYMENT_GATEWAY=adyen needs PAYMENT_GATEWAY_PUBLISHABLE_KEY');
  });

  it('refuses a gateway it does not know', () => {
    expect(() => paymentConfigFrom({ PAYMENT_GATEWAY: 'paypal' })).toThrow(
      'PAYMENT_GATEWAY must be one of sandbox, stripe, adyen',
    );
  });

  it('stops at start for a gateway this build has no adapter for, naming what is missing', () => {
    const config = paymentConfigFrom({
      PAYMENT_GATEWAY: 'stripe',
      PAYMENT_GATEWAY_SECRET_KEY: 'sk_test_x',
      PAYMENT_GATEWAY_PUBLISHABLE_KEY: 'pk_test_x',
    });
    expect(config.gateway).toBe('stripe');
    expect(() => createPaymentGateway(config, db)).toThrow(PaymentConfigError);
    expect(() => createPaymentGateway(config, db)).toThrow(/no stripe adapter/);
  });

  it('never puts a key in its messages', () => {
    try {
      paymentConfigFrom({ PAYMENT_GATEWAY: 'nope', PAYMENT_GATEWAY_SECRET_KEY: 'sk_live_secret' });
    } catch (error) {
      expect((error as Error).message).not.toContain('sk_live_secret');
    }
  });
});
