import { describe, expect, it } from 'vitest';
import {
  frameToPageMessageSchema,
  hostedFieldsConfigSchema,
  pageToFrameMessageSchema,
} from './hosted-fields';

const card = {
  token: 'sandbox_tok_abcdefghij',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
};

describe('hosted fields messages', () => {
  it('reads what the frame sends', () => {
    for (const message of [
      { type: 'ready' },
      { type: 'resize', height: 312 },
      { type: 'change', complete: false, empty: true, brand: 'unknown' },
      { type: 'submit' },
      { type: 'tokenized', requestId: 'r-1', card },
      { type: 'invalid', requestId: 'r-1', errors: { number: 'numberInvalid' } },
      { type: 'failed', requestId: 'r-1' },
    ]) {
      expect(frameToPageMessageSchema.safeParse(message).success, message.type).toBe(true);
    }
  });

  it('refuses a message carrying more than a token and a summary', () => {
    expect(
      frameToPageMessageSchema.safeParse({
        type: 'tokenized',
        requestId: 'r-1',
        card: { ...card, number: '4242424242424242' },
      }).success,
    ).toBe(false);
    expect(
      frameToPageMessageSchema.safeParse({ type: 'tokenized', requestId: 'r-1', card, cvc: '1' })
        .success,
    ).toBe(false);
    expect(
      frameToPageMessageSchema.safeParse({
        type: 'invalid',
        requestId: 'r-1',
        errors: { number: '4242424242424242' },
      }).success,
    ).toBe(false);
    expect(frameToPageMessageSchema.safeParse('ready').success).toBe(false);
  });

  it('reads what the page sends', () => {
    const texts = {
      locale: 'fr',
      title: 'Carte',
      labels: { number: 'a', expMonth: 'b', expYear: 'c', securityCode: 'd' },
      hints: { securityCode: 'e' },
      messages: {
        required: 'f',
        numberInvalid: 'g',
        expiryInvalid: 'h',
        expired: 'i',
        securityCodeInvalid: 'j',
      },
    };
    expect(pageToFrameMessageSchema.safeParse({ type: 'init', texts }).success).toBe(true);
    expect(pageToFrameMessageSchema.safeParse({ type: 'tokenize', requestId: 'x' }).success).toBe(
      true,
    );
    expect(pageToFrameMessageSchema.safeParse({ type: 'focus', field: 'cvv' }).success).toBe(false);
  });

  it('reads a gateway configuration', () => {
    expect(
      hostedFieldsConfigSchema.parse({ gateway: 'sandbox', frameUrl: '/payment-sandbox/fields' }),
    ).toEqual({ gateway: 'sandbox', frameUrl: '/payment-sandbox/fields' });
    expect(hostedFieldsConfigSchema.safeParse({ gateway: 'Sandbox!', frameUrl: '/' }).success).toBe(
      false,
    );
  });
});
