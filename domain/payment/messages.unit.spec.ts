import { describe, expect, it } from 'vitest';
import { CARD_FIELD_ERRORS, CARD_FIELDS } from './card';
import { CARD_FIELD_ERROR_MESSAGES, CARD_FIELD_LABELS, PAYMENT_MESSAGES } from './messages';

describe('payment messages', () => {
  it('quotes the SPEC 8 payment declines word for word', () => {
    expect(PAYMENT_MESSAGES.declined.message).toBe(
      'Please check your payment details are correct or provide a different payment method.',
    );
    expect(PAYMENT_MESSAGES.savedCardDeclined.message).toBe(
      'Please check your saved card payment details are correct or provide a different payment method.',
    );
    expect(PAYMENT_MESSAGES.required.message).toBe('This field is required.');
  });

  it('has a label for every card field and words for every reason', () => {
    expect(Object.keys(CARD_FIELD_LABELS).sort()).toEqual([...CARD_FIELDS].sort());
    expect(Object.keys(CARD_FIELD_ERROR_MESSAGES).sort()).toEqual([...CARD_FIELD_ERRORS].sort());
  });

  it('gives each message its own id, the new ones under payment.', () => {
    const descriptors = Object.values(PAYMENT_MESSAGES);
    const ids = descriptors.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of descriptors) expect(d.message, d.id).not.toBe('');
    expect(PAYMENT_MESSAGES.cardNumber.id).toBe('payment.card-number');
    expect(PAYMENT_MESSAGES.expiryInvalid.id).toBe('payment.expiry-invalid');
  });
});
