/**
 * Every message SPEC 5 and SPEC 8 quote is in the catalogs word for word as English source
 * text, and translated into French, Dutch and Spanish. ('AEM error' is not: SPEC 8 has it
 * logged, never shown, and logs are not translated.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPoCatalog } from '../server/src/i18n/po-catalog';

const SPEC_MESSAGES = [
  // SPEC 5
  'Quantity field cannot be empty.',
  'Please provide a positive number to update the quantity of an item.',
  'Cart name can only be alpha numeric',
  'This field is required.',
  'Please enter purchase order number',
  // SPEC 8
  'Timeout',
  'Authentication or consent required',
  'Authorization timed out',
  'Failed to fetch',
  'State mismatch',
  'Failed to acquire authorization code',
  'Access token not found in response',
  'Unable to exchange authorization for tokens',
  'Expected 200, received {status}',
  'Failed to get user info',
  'Failed to end session',
  'Failed to revoke token',
  'Failed to log out',
  'Login failed',
  'An error occurred.',
  'Some items in your cart need to be updated...',
  'This order has been modified in another tab or window. The checkout process has been restarted',
  'Errors were found with the address you provided',
  'We are sorry but your quote could not be completed...',
  'Error submitting quote.',
  'Please check your payment details are correct or provide a different payment method.',
  'Error during place order.',
  'Your order has been declined. You have not been charged for this order.',
  'Please check your saved card payment details are correct or provide a different payment method.',
  'Please enter account number',
  'This account is not found',
  'Please agree to Terms & conditions',
  'User not found in this organization',
  'unable to locate this website order',
  "can't find this Purchase Order",
  "We didn't find any orders using the provided input",
];

const read = (language: string) =>
  readPoCatalog(readFileSync(new URL(`./${language}/messages.po`, import.meta.url), 'utf8'));

describe('spec messages in the catalogs', () => {
  const english = read('en');
  /** English source text → catalog id (the msgid, itself the text for generated ids). */
  const idOf = new Map([...english].map(([id, text]) => [text || id, id]));

  it.each(SPEC_MESSAGES)('has %j as English source text', (text) => {
    expect(idOf.has(text)).toBe(true);
  });

  it.each(['fr', 'nl', 'es'])('translates every one of them into %s', (language) => {
    const catalog = read(language);
    for (const text of SPEC_MESSAGES) {
      const id = idOf.get(text) ?? '';
      expect(catalog.get(id), `${language}: ${text}`).toBeTruthy();
    }
  });
});
