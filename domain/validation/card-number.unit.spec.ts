/**
 * Card numbers where none belongs (decision 045): the detector finds a card number as people
 * type one, and leaves phone numbers, dates and references alone; every free-text field of
 * every stream kind's commands and of the request schemas refuses one in the domain's words,
 * while a phone number, the only field whose digits are the point, is left alone; and a card
 * number is never taken for the gateway's token.
 */
import { describe, expect, it } from 'vitest';
import { cartCommandSchema, savedCartCommandSchema } from '../sync/schemas';
import { checkoutCommandSchema } from '../checkout/command-schema';
import {
  addQualifiedUserRequestSchema,
  claimAccountRequestSchema,
  qglobalRequestSchema,
} from '../checkout/requests';
import { addressBookEntrySchema } from '../customer/address-book';
import { searchQuerySchema } from '../catalog/schemas';
import { autosuggestQuerySchema } from '../commerce/commerce-api';
import { orderHistoryQuerySchema } from '../order/history';
import { cardTokenSchema, isCardToken } from '../payment/card';
import { containsCardNumber } from './card-number';
import { contactSchema } from './contact';
import { registrationSchema } from './identity';
import { orderNumberSearchSchema, poSearchSchema } from './order-search';
import { savedCartSchema } from './cart';
import { trainingParticipantSchema } from './training';
import { V } from './messages';

const VISA = '4111111111111111';

describe('a card number in text', () => {
  it.each([
    ['in one piece', VISA],
    ['in groups of four with spaces', '4111 1111 1111 1111'],
    ['in groups of four with hyphens', '4111-1111-1111-1111'],
    ['inside other text', 'Deliver to the back door, card 4242424242424242 thanks'],
    ['between letters', 'x4000000000000002x'],
    ['followed by more digits', 'PO 4111 1111 1111 1111 2024'],
    ['after other digits', 'Room 12 4111 1111 1111 1111'],
    ['as American Express prints it', '3782 822463 10005'],
    ['as Diners Club prints it', '3056 930902 5904'],
    ['of 12 digits', '123456789015'],
    ['of 19 digits', '6759 6498 2643 8453 011'],
    ['in full-width digits', '４１１１ １１１１ １１１１ １１１１'],
    ['with no-break spaces', '4111\u00a01111\u00a01111\u00a01111'],
  ])('is found %s', (_, text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it.each([
    ['whose check digit is wrong', '4111 1111 1111 1112'],
    ['of 11 digits', '12345678903'],
    ['of 20 digits', '12345678901234567894'],
    ['grouped as a phone number', '+44 20 7946 0956'],
    ['grouped in threes', '123 456 789 012 347'],
    ['in a date and time', '2026-11-23 10:00'],
    ['in a purchase order number', 'PO-2026-118'],
    ['in a street', '48 Willow Street'],
    ['in a product code', 'WRI3-FORMS-25'],
    ['with two spaces between groups', '4111  1111  1111  1111'],
  ])('is not found %s', (_, text) => {
    expect(containsCardNumber(text)).toBe(false);
  });
});

/** The message ids a schema gives `input`, by field path. */
function messages(schema: { safeParse: (v: unknown) => unknown }, input: unknown) {
  const result = schema.safeParse(input) as
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const REFUSED = V.cardNumberNotAllowed.id;
const metadata = { commandId: 'c0ffee00-1111-4222-8333-444455556666', now: '2026-11-23T10:00:00Z' };
const command = (type: string, data: unknown) => ({ type, data, metadata });

const ADDRESS = {
  firstName: 'Dana',
  lastName: 'Reyes',
  organization: 'Lakeshore Clinic',
  line1: '48 Willow Street',
  line2: 'Suite 4',
  line3: 'Back door',
  town: 'Middleton',
  region: 'WI',
  postalCode: '53562',
  country: 'US',
  phone: '+16085550100',
};
const CONTACT = {
  firstName: 'Sam',
  lastName: 'Okafor',
  email: 'accounts@riverside.example',
  phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
};
const PARTICIPANT = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@school.example',
  firstPreferredDate: '2027-01-04',
  secondPreferredDate: '2027-01-11',
};

/** A schema, a valid input, and the paths of its free-text fields (dotted). */
const FREE_TEXT: readonly [string, { safeParse: (v: unknown) => unknown }, unknown, string[]][] = [
  [
    'a shipping address',
    checkoutCommandSchema,
    command('ChooseShippingAddress', { address: ADDRESS, saveToAddressBook: false }),
    [
      'firstName',
      'lastName',
      'organization',
      'line1',
      'line2',
      'line3',
      'town',
      'region',
      'postalCode',
    ].map((f) => `data.address.${f}`),
  ],
  [
    'a purchase order',
    checkoutCommandSchema,
    command('ChoosePayment', {
      method: 'purchase-order',
      poNumber: 'PO-2026-118',
      invoiceContact: CONTACT,
    }),
    ['data.poNumber', 'data.invoiceContact.firstName', 'data.invoiceContact.lastName'],
  ],
  [
    'a new card’s holder',
    checkoutCommandSchema,
    command('ChoosePayment', {
      method: 'card',
      source: 'new',
      token: 'sandbox_tok_abcdefghij',
      card: { brand: 'visa', last4: '4242', expMonth: 8, expYear: 2033 },
      firstName: 'Dana',
      lastName: 'Reyes',
      saveCard: false,
    }),
    ['data.firstName', 'data.lastName'],
  ],
  [
    'a platform account',
    checkoutCommandSchema,
    command('ChooseQglobalAccount', { mode: 'existing', accountNumber: 'QG-482100' }),
    ['data.accountNumber'],
  ],
  [
    'training participants at checkout',
    checkoutCommandSchema,
    command('GiveTrainingParticipants', { code: 'TRN-1', participants: [PARTICIPANT] }),
    ['data.code', 'data.participants.0.firstName', 'data.participants.0.lastName'],
  ],
  [
    'a cart line',
    cartCommandSchema,
    command('AddItem', { code: 'WRI3-KIT', quantity: 1 }),
    ['data.code'],
  ],
  [
    'a promotion code',
    cartCommandSchema,
    command('ApplyPromotion', { code: 'SCHOOL10' }),
    ['data.code'],
  ],
  [
    'a saved cart',
    savedCartCommandSchema,
    command('SaveCart', {
      savedCartId: 'c0ffee00-1111-4222-8333-444455556666',
      name: 'Spring order',
      description: 'For the clinic',
      lines: [{ code: 'WRI3-KIT', name: 'Kit', programName: 'Westbrook', quantity: 1 }],
    }),
    ['data.name', 'data.description', 'data.lines.0.name', 'data.lines.0.programName'],
  ],
  [
    'an address book entry',
    addressBookEntrySchema,
    {
      firstName: 'Dana',
      lastName: 'Reyes',
      organization: 'Lakeshore Clinic',
      address: {
        country: 'US',
        region: 'WI',
        town: 'Middleton',
        line1: '48 Willow Street',
        postalCode: '53562',
      },
      phone: { country: 'US', number: '+16085550100' },
    },
    ['organization', 'address.town', 'address.line1'],
  ],
  ['a contact', contactSchema, { ...CONTACT, phone: { country: 'GB', number: '01134960123' } }, []],
  [
    'a saved cart’s form',
    savedCartSchema,
    { name: 'Spring', description: 'Notes' },
    ['description'],
  ],
  [
    'a training participant’s form',
    trainingParticipantSchema({ today: '2026-11-23' }),
    PARTICIPANT,
    [],
  ],
  [
    'Account not listed',
    claimAccountRequestSchema,
    { accountNumber: '4821', termsAccepted: true },
    [],
  ],
  ['a Q-global number', qglobalRequestSchema, { accountNumber: 'QG-482100' }, ['accountNumber']],
  ['a qualified user', addQualifiedUserRequestSchema, { email: 'a@b.example' }, []],
  ['an order number lookup', orderNumberSearchSchema, { orderNumber: 'W1234567890' }, []],
  ['a PO lookup', poSearchSchema, { poNumber: 'PO-1', organizationNumber: '4821' }, ['poNumber']],
  ['the order history’s search', orderHistoryQuerySchema, { locale: 'en-us', q: 'PO-1' }, ['q']],
  ['a catalog search', searchQuerySchema, { locale: 'en-us', q: 'reading' }, ['q']],
  [
    'an address to complete',
    autosuggestQuerySchema,
    { addressType: 'SHIPPING', term: '48 Willow', lang: 'en' },
    ['term'],
  ],
];

function withValue(input: unknown, path: string, value: string): unknown {
  const copy = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1) ?? ''] = value;
  return copy;
}

describe('every free-text field a buyer fills', () => {
  it.each(FREE_TEXT)('of %s takes its valid input', (_, schema, input) => {
    expect(messages(schema, input)).toEqual({});
  });

  it.each(FREE_TEXT.filter(([, , , fields]) => fields.length > 0))(
    'of %s refuses a card number in its own words',
    (_, schema, input, fields) => {
      for (const field of fields) {
        for (const card of ['4111 1111 1111 1111', `PO ${VISA}`]) {
          expect(messages(schema, withValue(input, field, card))[field], field).toBe(REFUSED);
        }
      }
    },
  );

  it('refuses one that fits a field’s format: an account or order number', () => {
    // 12 and 13 digits: a temporary account number's length, an order number's.
    expect(
      messages(claimAccountRequestSchema, { accountNumber: '123456789015', termsAccepted: true }),
    ).toEqual({
      accountNumber: REFUSED,
    });
    expect(messages(orderNumberSearchSchema, { orderNumber: '4222222222222' })).toEqual({
      orderNumber: REFUSED,
    });
    // A name's format has no digits at all.
    expect(Object.values(messages(contactSchema, { ...CONTACT, firstName: VISA }))).not.toEqual([]);
  });

  it('refuses one pasted into an email field by its format, and takes an address with digits', () => {
    const registration = {
      firstName: 'Dana',
      lastName: 'Reyes',
      password: 'Demo-Clinician-2026',
      country: 'US',
    };
    for (const pasted of [VISA, '4111 1111 1111 1111']) {
      expect(messages(registrationSchema, { ...registration, email: pasted }).email).toBe(
        'identity.invalid-email',
      );
      expect(messages(addQualifiedUserRequestSchema, { email: pasted }).email).toBe(
        V.invalidEmail.id,
      );
    }
    // Someone's own address, digits and all (a generated one with a 13-digit time in it).
    const own = 'new.buyer.1764260782123@demo.example';
    expect(containsCardNumber(own)).toBe(true);
    expect(messages(registrationSchema, { ...registration, email: own })).toEqual({});
    expect(messages(addQualifiedUserRequestSchema, { email: own })).toEqual({});
    const participant = { ...PARTICIPANT, email: own };
    expect(messages(trainingParticipantSchema({ today: '2026-11-23' }), participant)).toEqual({});
  });

  it('leaves a phone number alone, whatever its digits', () => {
    // 442079460956 passes the Luhn check: a phone field is for digits.
    const phone = { ...CONTACT.phone, e164: '+442079460956' };
    expect(
      messages(
        checkoutCommandSchema,
        command('ChoosePayment', {
          method: 'purchase-order',
          poNumber: 'PO-1',
          invoiceContact: { ...CONTACT, phone },
        }),
      ),
    ).toEqual({});
    const address = { ...ADDRESS, phone: '+442079460956' };
    expect(
      messages(
        checkoutCommandSchema,
        command('ChooseShippingAddress', { address, saveToAddressBook: false }),
      ),
    ).toEqual({});
  });
});

describe('the gateway’s token', () => {
  it('is its kind’s prefix and an id, with no card number in it', () => {
    for (const token of [
      'sandbox_tok_abcdefghijABCDEFGHIJabcdefghijAB',
      'sandbox_pm_6f1c2a7e-93b4-4f55-9a1e-0c6d8b2f4e11',
      'tok_1N3T00LkdIwHu7ixt44h1F8k',
      'pm_1NabcdefGHIJ',
    ]) {
      expect(isCardToken(token), token).toBe(true);
    }
    for (const token of [
      VISA,
      '4111 1111 1111 1111',
      'sandbox_tok_4111111111111111',
      'sandbox_tok_4111-1111-1111-1111',
      'abcdefghijklmnop',
      'sandbox_tok_short',
      'Sandbox_tok_abcdefghij',
      `sandbox_tok_${'a'.repeat(161)}`,
    ]) {
      expect(isCardToken(token), token).toBe(false);
    }
  });

  it('refuses a card number in its place with the card message, anything else as invalid', () => {
    expect(messages(cardTokenSchema, VISA)).toEqual({ '': REFUSED });
    expect(messages(cardTokenSchema, 'no-token')).toEqual({ '': V.invalid.id });
    expect(
      messages(
        checkoutCommandSchema,
        command('ChoosePayment', {
          method: 'card',
          source: 'new',
          token: VISA,
          card: { brand: 'visa', last4: '1111', expMonth: 8, expYear: 2033 },
          firstName: 'Dana',
          lastName: 'Reyes',
          saveCard: true,
        }),
      ),
    ).toEqual({ 'data.token': REFUSED });
  });
});
