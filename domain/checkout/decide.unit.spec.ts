/** The checkout's decider, given / when / then, for every command and every refusal. */
import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../shared/decider-spec';
import type { DomainError } from '../shared/domain-error';
import type { TrainingParticipant } from '../validation/training';
import type { CheckoutCommand } from './commands';
import type { CheckoutContext } from './context';
import { checkoutDecider } from './decide';
import type { CheckoutEvent } from './events';
import { shippingMethodsFor } from './shipping-methods';
import {
  billingAddressOf,
  initialCheckoutState,
  type CheckoutAddress,
  type ThirdPartyPayment,
} from './state';
import {
  BUYER,
  CARTS,
  CHECKOUT_ID,
  checkoutCart,
  checkoutContext,
  command,
  DANA,
  events,
  factsWith,
  factsWithAccount,
  GB_ADDRESS,
  INVOICE_CONTACT,
  LAKESHORE,
  line,
  OTHER_USER_ID,
  PERSONAL,
  PRIYA,
  PROFILE_QGLOBAL,
  PURCHASE_ORDER,
  RIVERSIDE,
  SAM,
  stateOf,
  STORE_ID,
  TOMAS,
  US_ADDRESS,
  cartRef,
  JORDAN,
  NEW_CARD,
  SAVED_CARD,
  PARTICIPANTS,
} from './test-fixtures';

function specWith(overrides: Partial<CheckoutContext> = {}) {
  return deciderSpecification(checkoutDecider, checkoutContext(overrides), {
    equal: (actual, expected) => {
      expect(actual).toEqual(expected);
    },
    fail: (message) => {
      throw new Error(message);
    },
  });
}

const spec = specWith();

/** The refusal's message: its id and its English text with its values. */
function saying(id: string, text: string) {
  return (error: DomainError) => {
    expect(error.detail.id).toBe(id);
    expect(error.message).toBe(text);
  };
}

const started = events.started(CARTS.kit);
const riverside = events.account(RIVERSIDE);

describe('StartCheckout', () => {
  it('starts a checkout for the signed-in buyer, in this store, from the cart as it is', () => {
    spec
      .given([])
      .when(command('StartCheckout', { cart: cartRef(CARTS.kit) }))
      .then([
        {
          type: 'CheckoutStarted',
          v: 1,
          data: {
            checkoutId: CHECKOUT_ID,
            storeId: STORE_ID,
            ownerId: BUYER.userId,
            cart: cartRef(CARTS.kit),
          },
        },
      ]);
  });

  it('starts when this side does not know the cart yet (offline, before the cart arrived)', () => {
    specWith({ cart: null })
      .given([])
      .when(command('StartCheckout', { cart: cartRef(CARTS.kit) }))
      .then([events.started(CARTS.kit)]);
  });

  it('changes nothing when started again from a cart with the same fingerprint', () => {
    spec
      .given([started, riverside])
      .when(command('StartCheckout', { cart: { ...cartRef(CARTS.kit), version: 9 } }))
      .then([]);
  });

  it('restarts when started again from a cart whose contents changed (SPEC 4.8)', () => {
    spec
      .given([started, riverside])
      .when(command('StartCheckout', { cart: cartRef(CARTS.mixed) }))
      .then([events.restarted(CARTS.mixed)]);
  });

  it('refuses to start from an empty cart', () => {
    specWith({ cart: CARTS.empty })
      .given([])
      .when(command('StartCheckout', { cart: cartRef(CARTS.empty) }))
      .thenThrows('checkout.cart-empty', saying('checkout.cart-empty', 'Your cart is empty.'));
  });
});

describe('RestartCheckout', () => {
  const everything = [
    started,
    riverside,
    events.qualifiedUser(SAM),
    events.qglobal(),
    events.aimsweb(),
    events.shippingAddress(US_ADDRESS, true),
    events.shippingMethod('expedited'),
    events.billing({ sameAsShipping: true }),
    events.payment(),
  ];

  it('restarts when the cart it started from changed', () => {
    spec
      .given(everything)
      .when(command('RestartCheckout', { cart: cartRef(CARTS.mixed) }))
      .then([
        {
          type: 'CheckoutRestarted',
          v: 1,
          data: { cart: cartRef(CARTS.mixed), reason: 'cart-changed' },
        },
      ]);
  });

  it('changes nothing when the cart still holds the same things', () => {
    spec
      .given(everything)
      .when(command('RestartCheckout', { cart: { ...cartRef(CARTS.kit), version: 12 } }))
      .then([]);
  });

  it('clears every choice but the customer account, and counts the restart', () => {
    const state = stateOf([...everything, events.restarted(CARTS.mixed)]);
    expect(state).toEqual({
      ...initialCheckoutState(),
      checkoutId: CHECKOUT_ID,
      storeId: STORE_ID,
      ownerId: BUYER.userId,
      cart: cartRef(CARTS.mixed),
      account: { id: RIVERSIDE.id, number: '4821', name: RIVERSIDE.name, type: 'ORGANIZATION' },
      restarts: 1,
    });
    expect(
      stateOf([...everything, events.restarted(CARTS.mixed), events.restarted(CARTS.kit)]).restarts,
    ).toBe(2);
  });
});

describe('ChooseCustomerAccount', () => {
  it('chooses one of the buyer’s accounts, keeping its id, number, name and type', () => {
    spec
      .given([started])
      .when(command('ChooseCustomerAccount', { accountId: RIVERSIDE.id }))
      .then([
        {
          type: 'CustomerAccountChosen',
          v: 1,
          data: {
            account: {
              id: 'acct-riverside',
              number: '4821',
              name: 'Riverside Child Development Clinic',
              type: 'ORGANIZATION',
            },
          },
        },
      ]);
  });

  it('refuses an account the buyer does not have', () => {
    spec
      .given([started])
      .when(command('ChooseCustomerAccount', { accountId: 'acct-elsewhere' }))
      .thenThrows(
        'checkout.account-not-found',
        saying('validation.account.not-found', 'This account is not found'),
      );
  });

  it('changes nothing when the same account is chosen again', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseCustomerAccount', { accountId: RIVERSIDE.id }))
      .then([]);
  });

  it('chooses another account', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseCustomerAccount', { accountId: PERSONAL.id }))
      .then([events.account(PERSONAL)]);
  });

  it('clears the qualified user, platform accounts and payment of the old account, not the addresses', () => {
    const state = stateOf([
      started,
      riverside,
      events.qualifiedUser(SAM),
      events.qglobal(),
      events.aimsweb(),
      events.shippingAddress(),
      events.shippingMethod(),
      events.billing(),
      events.payment(),
      events.account(LAKESHORE),
    ]);
    expect(state.account?.id).toBe(LAKESHORE.id);
    expect(state.qualifiedUser).toBeNull();
    expect(state.qglobal).toBeNull();
    expect(state.aimsweb).toBeNull();
    expect(state.payment).toBeNull();
    expect(state.shippingAddress).toEqual(US_ADDRESS);
    expect(state.shippingMethod).toBe('regular');
    expect(state.billing).toEqual({ sameAsShipping: true });
  });

  it('cannot be decided without the buyer’s facts', () => {
    specWith({ facts: null })
      .given([started])
      .when(command('ChooseCustomerAccount', { accountId: RIVERSIDE.id }))
      .thenThrows('checkout.facts-unavailable');
  });
});

describe('ChooseQualifiedUser', () => {
  const levelC = specWith({ cart: CARTS.levelC });
  const levelA = specWith({ cart: CARTS.levelA });

  it('needs a customer account first', () => {
    spec
      .given([started])
      .when(command('ChooseQualifiedUser', { userId: SAM.userId }))
      .thenThrows('checkout.choose-account-first');
  });

  it('chooses a user of the organization whose level covers the cart', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: SAM.userId }))
      .then([
        {
          type: 'QualifiedUserChosen',
          v: 1,
          data: {
            qualifiedUser: {
              userId: 'user-sam-okafor',
              firstName: 'Sam',
              lastName: 'Okafor',
              level: 'C',
            },
          },
        },
      ]);
  });

  it('refuses a user who is not in the organization', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: DANA.userId }))
      .thenThrows(
        'checkout.user-not-in-organization',
        saying(
          'validation.account.user-not-in-organization',
          'User not found in this organization',
        ),
      );
  });

  it('refuses a member with no qualification on record', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: JORDAN.userId }))
      .thenThrows('checkout.no-qualification');
  });

  it('chooses Tomás (level C) for a level C item', () => {
    levelC
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: TOMAS.userId }))
      .then([events.qualifiedUser(TOMAS)]);
  });

  it('refuses Priya (level A) for a level C item, naming both levels (SPEC 5)', () => {
    levelC
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: PRIYA.userId }))
      .thenThrows('checkout.level-not-covered', (error) => {
        expect(error.detail).toEqual({
          id: 'validation.qualification.too-low',
          message: expect.any(String) as unknown,
          values: { level: 'A', required: 'C' },
        });
        expect(error.message).toBe(
          "The qualified user's level (A) does not cover every item in your cart. Items need level C.",
        );
      });
  });

  it('refuses Priya (level A) for a level B kit', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: PRIYA.userId }))
      .thenThrows('checkout.level-not-covered', (error) => {
        expect(error.detail.values).toEqual({ level: 'A', required: 'B' });
      });
  });

  it('chooses Priya (level A) for level A items', () => {
    levelA
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: PRIYA.userId }))
      .then([events.qualifiedUser(PRIYA)]);
  });

  it('changes nothing when the same user is chosen again', () => {
    spec
      .given([started, riverside, events.qualifiedUser(SAM)])
      .when(command('ChooseQualifiedUser', { userId: SAM.userId }))
      .then([]);
  });

  it('chooses the same user again when their level changed since', () => {
    specWith({
      facts: factsWithAccount(RIVERSIDE.id, {
        qualifiedUsers: [{ ...SAM, level: 'B' }, PRIYA, TOMAS, JORDAN],
      }),
    })
      .given([started, riverside, events.qualifiedUser(SAM)])
      .when(command('ChooseQualifiedUser', { userId: SAM.userId }))
      .then([
        { type: 'QualifiedUserChosen', v: 1, data: { qualifiedUser: { ...SAM, level: 'B' } } },
      ]);
  });

  it('refuses when the chosen account is no longer the buyer’s', () => {
    specWith({ facts: factsWith({ accounts: [PERSONAL, LAKESHORE] }) })
      .given([started, riverside])
      .when(command('ChooseQualifiedUser', { userId: SAM.userId }))
      .thenThrows('checkout.account-not-found');
  });
});

describe('ChooseQglobalAccount', () => {
  const withUser = [started, riverside, events.qualifiedUser(SAM)];

  it('chooses a Q-global account listed for the customer account', () => {
    spec
      .given(withUser)
      .when(command('ChooseQglobalAccount', { mode: 'existing', accountNumber: 'QG-482100' }))
      .then([
        {
          type: 'QglobalAccountChosen',
          v: 1,
          data: { choice: { mode: 'existing', accountNumber: 'QG-482100' } },
        },
      ]);
  });

  it('takes the number as typed: spaces around it and lower case', () => {
    spec
      .given(withUser)
      .when(command('ChooseQglobalAccount', { mode: 'existing', accountNumber: ' qg-482100 ' }))
      .then([events.qglobal({ mode: 'existing', accountNumber: 'QG-482100' })]);
  });

  it('chooses a Q-global account on the buyer’s own profile', () => {
    spec
      .given(withUser)
      .when(command('ChooseQglobalAccount', { mode: 'existing', accountNumber: PROFILE_QGLOBAL }))
      .then([events.qglobal({ mode: 'existing', accountNumber: PROFILE_QGLOBAL })]);
  });

  it.each([
    ['an unknown account', 'QG-000000'],
    ['an account of another customer account', 'QG-731000'],
  ])('refuses %s', (_, accountNumber) => {
    spec
      .given(withUser)
      .when(command('ChooseQglobalAccount', { mode: 'existing', accountNumber }))
      .thenThrows(
        'checkout.qglobal-not-found',
        saying('checkout.qglobal-not-found', 'This Q-global account is not found'),
      );
  });

  it('makes a new account for the qualified user (SPEC 6)', () => {
    spec
      .given(withUser)
      .when(command('ChooseQglobalAccount', { mode: 'new' }))
      .then([events.qglobal({ mode: 'new' })]);
  });

  it('refuses a new account before a qualified user is chosen: they will own it', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseQglobalAccount', { mode: 'new' }))
      .thenThrows('checkout.choose-qualified-user-first');
  });

  it('needs a customer account first', () => {
    spec
      .given([started])
      .when(command('ChooseQglobalAccount', { mode: 'existing', accountNumber: 'QG-482100' }))
      .thenThrows('checkout.choose-account-first');
  });

  it('changes nothing when the same choice is made again', () => {
    spec
      .given([...withUser, events.qglobal()])
      .when(command('ChooseQglobalAccount', { mode: 'existing', accountNumber: 'qg-482100' }))
      .then([]);
    spec
      .given([...withUser, events.qglobal({ mode: 'new' })])
      .when(command('ChooseQglobalAccount', { mode: 'new' }))
      .then([]);
  });

  it('goes from a new account to an existing one', () => {
    spec
      .given([...withUser, events.qglobal({ mode: 'new' })])
      .when(command('ChooseQglobalAccount', { mode: 'existing', accountNumber: 'QG-482100' }))
      .then([events.qglobal()]);
  });
});

describe('ChooseAimswebAccount', () => {
  const aimsweb = specWith({ cart: CARTS.aimsweb });
  const withUser = [events.started(CARTS.aimsweb), riverside, events.qualifiedUser(SAM)];

  it('chooses the organization’s aimswebPlus account, its terms accepted', () => {
    aimsweb
      .given(withUser)
      .when(
        command('ChooseAimswebAccount', {
          mode: 'existing',
          accountNumber: 'aw-4821-01',
          termsAccepted: true,
        }),
      )
      .then([
        {
          type: 'AimswebAccountChosen',
          v: 1,
          data: { choice: { mode: 'existing', accountNumber: 'AW-4821-01' } },
        },
      ]);
  });

  it('chooses a new aimswebPlus account', () => {
    aimsweb
      .given(withUser)
      .when(command('ChooseAimswebAccount', { mode: 'new', termsAccepted: true }))
      .then([events.aimsweb({ mode: 'new' })]);
  });

  it('refuses when the terms are not accepted (SPEC 5)', () => {
    aimsweb
      .given(withUser)
      .when(command('ChooseAimswebAccount', { mode: 'new', termsAccepted: false }))
      .thenThrows(
        'checkout.terms-required',
        saying('validation.required', 'This field is required.'),
      );
  });

  it('refuses a personal account: aimswebPlus is for organizations only (SPEC 6)', () => {
    aimsweb
      .given([events.started(CARTS.aimsweb), events.account(PERSONAL)])
      .when(command('ChooseAimswebAccount', { mode: 'new', termsAccepted: true }))
      .thenThrows(
        'checkout.aimsweb-organization-only',
        saying(
          'validation.aimsweb.organization-only',
          'aimswebPlus can only be bought with an organizational account.',
        ),
      );
  });

  it('refuses a cart with under $300 of aimswebPlus products, whatever else it holds (SPEC 5)', () => {
    specWith({ cart: CARTS.aimswebUnderMinimum })
      .given([events.started(CARTS.aimswebUnderMinimum), riverside, events.qualifiedUser(SAM)])
      .when(command('ChooseAimswebAccount', { mode: 'new', termsAccepted: true }))
      .thenThrows(
        'checkout.aimsweb-minimum',
        saying(
          'validation.aimsweb.minimum',
          'Orders with aimswebPlus products must come to at least $300.00.',
        ),
      );
  });

  it('takes exactly $300 of aimswebPlus products', () => {
    const cart = checkoutCart([line('aimsweb', 30)]);
    specWith({ cart })
      .given([events.started(cart), riverside, events.qualifiedUser(SAM)])
      .when(command('ChooseAimswebAccount', { mode: 'new', termsAccepted: true }))
      .then([events.aimsweb({ mode: 'new' })]);
  });

  it('states the minimum in the store’s currency', () => {
    const cart = checkoutCart([line('aimsweb', 10)], { currency: 'GBP' });
    specWith({ cart, storeId: 'ukassessments', locale: 'en-gb' })
      .given([events.started(cart), riverside, events.qualifiedUser(SAM)])
      .when(command('ChooseAimswebAccount', { mode: 'new', termsAccepted: true }))
      .thenThrows('checkout.aimsweb-minimum', (error) => {
        expect(error.message).toBe(
          'Orders with aimswebPlus products must come to at least £300.00.',
        );
      });
  });

  it('refuses an existing account that is not the customer account’s', () => {
    aimsweb
      .given(withUser)
      .when(
        command('ChooseAimswebAccount', {
          mode: 'existing',
          accountNumber: 'AW-7310-01',
          termsAccepted: true,
        }),
      )
      .thenThrows(
        'checkout.account-not-found',
        saying('validation.account.not-found', 'This account is not found'),
      );
  });

  it('changes nothing when the same account is chosen again', () => {
    aimsweb
      .given([...withUser, events.aimsweb()])
      .when(
        command('ChooseAimswebAccount', {
          mode: 'existing',
          accountNumber: 'AW-4821-01',
          termsAccepted: true,
        }),
      )
      .then([]);
  });
});

describe('ChooseShippingAddress', () => {
  const given = [started, riverside];

  it('accepts a valid US address and stores it as the form outputs it', () => {
    spec
      .given(given)
      .when(command('ChooseShippingAddress', { address: US_ADDRESS, saveToAddressBook: true }))
      .then([events.shippingAddress(US_ADDRESS, true)]);
  });

  it('accepts a valid GB address', () => {
    spec
      .given(given)
      .when(command('ChooseShippingAddress', { address: GB_ADDRESS, saveToAddressBook: false }))
      .then([events.shippingAddress(GB_ADDRESS, false)]);
  });

  it('accepts a Canadian postal code with its space, and no phone', () => {
    const address: CheckoutAddress = {
      firstName: 'Sam',
      lastName: 'Okafor',
      line1: '111 Wellington Street',
      town: 'Ottawa',
      region: 'ON',
      postalCode: 'K1A 0B1',
      country: 'CA',
    };
    spec
      .given(given)
      .when(command('ChooseShippingAddress', { address, saveToAddressBook: false }))
      .then([events.shippingAddress(address, false)]);
  });

  it('trims what was typed and drops empty optional fields', () => {
    spec
      .given(given)
      .when(
        command('ChooseShippingAddress', {
          address: {
            ...US_ADDRESS,
            firstName: ' Sam ',
            line1: '1200 Riverside Drive  ',
            line2: '',
            organization: ' ',
            country: 'us',
          },
          saveToAddressBook: false,
        }),
      )
      .then([
        events.shippingAddress(
          {
            firstName: 'Sam',
            lastName: 'Okafor',
            line1: '1200 Riverside Drive',
            town: 'Springfield',
            region: 'IL',
            postalCode: '62704',
            country: 'US',
            phone: '+12175550143',
          },
          false,
        ),
      ]);
  });

  const long = (n: number) => 'a'.repeat(n);

  it.each<[string, Partial<CheckoutAddress>]>([
    ['no country', { country: '', phone: undefined }],
    ['an unknown country', { country: 'ZZ', phone: undefined }],
    ['no state for a US address', { region: undefined }],
    ['a state of another country', { region: 'ON' }],
    ['no city', { town: '' }],
    ['a city of 101 characters', { town: long(101) }],
    ['no street', { line1: '' }],
    ['a street of 241 characters', { line1: `1 ${long(239)}` }],
    ['an apartment of 241 characters', { line2: long(241) }],
    ['a character outside the allowed set in the street', { line1: '1200 Riverside Drive <3>' }],
    ['a letter outside a-z in the city', { town: 'Zürich' }],
    ['the person’s name in the street', { line1: '1200 Sam Okafor Drive' }],
    [
      'the organisation in the street',
      { line1: 'Riverside Child Development Clinic, 1200 Main St' },
    ],
    ['a P.O. Box in the street', { line1: 'P.O. Box 1234' }],
    ['a PO Box in the apartment line', { line2: 'PO Box 77' }],
    ['a post office box', { line1: 'Post Office Box 9' }],
    ['no postal code', { postalCode: '' }],
    ['a US postal code of four digits', { postalCode: '6270' }],
    ['a US ZIP+4 code', { postalCode: '62704-1234' }],
    [
      'a Canadian postal code without its space',
      { country: 'CA', region: 'ON', postalCode: 'K1A0B1', phone: undefined },
    ],
    ['a UK postcode without its inward code', { ...GB_ADDRESS, postalCode: 'SW1A' }],
    [
      'an Australian postcode of three digits',
      { country: 'AU', region: 'NSW', postalCode: '200', phone: undefined },
    ],
    ['no first name', { firstName: '' }],
    ['digits in the last name', { lastName: 'Okafor2' }],
    ['a first name of 61 characters', { firstName: long(61) }],
    ['a phone number that is no number at all', { phone: '+999123' }],
    ['a phone number too short', { phone: '+1217' }],
    ['a line3 while the line3 flag is off', { line3: 'Building 4' }],
  ])('refuses an address with %s (SPEC 5)', (_, change) => {
    spec
      .given(given)
      .when(
        command('ChooseShippingAddress', {
          address: { ...US_ADDRESS, ...change },
          saveToAddressBook: false,
        }),
      )
      .thenThrows(
        'checkout.address-invalid',
        saying('validation.address.errors', 'Errors were found with the address you provided'),
      );
  });

  it('keeps a line3 while the line3 flag is on (SPEC 9)', () => {
    const address = { ...US_ADDRESS, line3: 'Building 4' };
    specWith({ facts: factsWith({ flags: { line3: true } }) })
      .given(given)
      .when(command('ChooseShippingAddress', { address, saveToAddressBook: false }))
      .then([events.shippingAddress(address, false)]);
  });

  it('changes nothing when the same address is chosen again with the same answer', () => {
    spec
      .given([...given, events.shippingAddress(US_ADDRESS, true)])
      .when(command('ChooseShippingAddress', { address: US_ADDRESS, saveToAddressBook: true }))
      .then([]);
  });

  it('changes nothing when the stored address comes back with its fields in another order', () => {
    // PostgreSQL's jsonb keeps an object's keys in its own order, not the order written.
    const reordered = Object.fromEntries(
      Object.entries(US_ADDRESS).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1)),
    ) as unknown as CheckoutAddress;
    spec
      .given([...given, events.shippingAddress(reordered, true)])
      .when(command('ChooseShippingAddress', { address: US_ADDRESS, saveToAddressBook: true }))
      .then([]);
  });

  it('records the other answer to "save to the address book"', () => {
    spec
      .given([...given, events.shippingAddress(US_ADDRESS, true)])
      .when(command('ChooseShippingAddress', { address: US_ADDRESS, saveToAddressBook: false }))
      .then([events.shippingAddress(US_ADDRESS, false)]);
  });

  it('does not need a customer account', () => {
    spec
      .given([started])
      .when(command('ChooseShippingAddress', { address: GB_ADDRESS, saveToAddressBook: false }))
      .then([events.shippingAddress(GB_ADDRESS, false)]);
  });
});

describe('ChooseShippingMethod', () => {
  it('chooses a method of the store', () => {
    spec
      .given([started])
      .when(command('ChooseShippingMethod', { method: 'expedited' }))
      .then([{ type: 'ShippingMethodChosen', v: 1, data: { method: 'expedited' } }]);
  });

  it('refuses a method the store does not have', () => {
    spec
      .given([started])
      .when(command('ChooseShippingMethod', { method: 'overnight' as 'regular' }))
      .thenThrows(
        'checkout.shipping-method-unknown',
        saying('checkout.shipping-method-unknown', 'Choose a shipping method from the list.'),
      );
  });

  it('refuses every method in a store with no shipping prices', () => {
    specWith({ storeId: 'moonassessments' })
      .given([started])
      .when(command('ChooseShippingMethod', { method: 'regular' }))
      .thenThrows('checkout.shipping-method-unknown');
  });

  it('changes nothing when the same method is chosen again', () => {
    spec
      .given([started, events.shippingMethod('regular')])
      .when(command('ChooseShippingMethod', { method: 'regular' }))
      .then([]);
  });

  it('prices regular ground at $10.00 and expedited at $20.00 in the US store (SPEC 9)', () => {
    expect(shippingMethodsFor('usassessments')).toEqual([
      { id: 'regular', priceMinor: 1000, minDays: 10, maxDays: 15 },
      { id: 'expedited', priceMinor: 2000, minDays: 3, maxDays: 5 },
    ]);
  });

  it.each([
    ['caassessments', 1400, 2700],
    ['ukassessments', 800, 1600],
    ['auassessments', 1500, 3000],
    ['nzassessments', 1700, 3300],
    ['nlassessments', 900, 1800],
    ['esassessments', 900, 1800],
  ])('prices the methods of %s in its own currency', (storeId, regular, expedited) => {
    expect(shippingMethodsFor(storeId).map((m) => m.priceMinor)).toEqual([regular, expedited]);
  });
});

describe('ChooseBillingAddress', () => {
  const shipped = [started, riverside, events.shippingAddress(US_ADDRESS, false)];

  it('takes the delivery address as billing address', () => {
    spec
      .given(shipped)
      .when(command('ChooseBillingAddress', { sameAsShipping: true }))
      .then([{ type: 'BillingAddressChosen', v: 1, data: { billing: { sameAsShipping: true } } }]);
    expect(billingAddressOf(stateOf([...shipped, events.billing()]))).toEqual(US_ADDRESS);
  });

  it('refuses "same as shipping" before a delivery address is chosen (SPEC 5)', () => {
    spec
      .given([started, riverside])
      .when(command('ChooseBillingAddress', { sameAsShipping: true }))
      .thenThrows(
        'checkout.delivery-address-required',
        saying(
          'validation.checkout.delivery-address',
          'Please choose a delivery address to continue.',
        ),
      );
  });

  it('takes a billing address of its own', () => {
    spec
      .given(shipped)
      .when(command('ChooseBillingAddress', { sameAsShipping: false, address: GB_ADDRESS }))
      .then([events.billing({ sameAsShipping: false, address: GB_ADDRESS })]);
    expect(
      billingAddressOf(
        stateOf([...shipped, events.billing({ sameAsShipping: false, address: GB_ADDRESS })]),
      ),
    ).toEqual(GB_ADDRESS);
  });

  it('refuses a billing address that breaks an address rule', () => {
    spec
      .given(shipped)
      .when(
        command('ChooseBillingAddress', {
          sameAsShipping: false,
          address: { ...GB_ADDRESS, line1: 'PO Box 12' },
        }),
      )
      .thenThrows(
        'checkout.address-invalid',
        saying('validation.address.errors', 'Errors were found with the address you provided'),
      );
  });

  it('changes nothing when the same choice is made again', () => {
    spec
      .given([...shipped, events.billing()])
      .when(command('ChooseBillingAddress', { sameAsShipping: true }))
      .then([]);
    spec
      .given([...shipped, events.billing({ sameAsShipping: false, address: GB_ADDRESS })])
      .when(command('ChooseBillingAddress', { sameAsShipping: false, address: GB_ADDRESS }))
      .then([]);
  });
});

describe('ChoosePayment (purchase order)', () => {
  const ready = [started, riverside, events.qualifiedUser(SAM)];

  it('pays by purchase order under an organization that has ordered before', () => {
    spec
      .given(ready)
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .then([
        {
          type: 'PaymentChosen',
          v: 1,
          data: {
            payment: {
              method: 'purchase-order',
              poNumber: 'PO-2026-0457',
              invoiceContact: {
                firstName: 'Priya',
                lastName: 'Natarajan',
                email: 'accounts@riverside-clinic.example',
                phone: { countryIso: 'US', phoneCode: '1', e164: '+12175550188' },
              },
            },
          },
        },
      ]);
  });

  it('stores the invoice phone number in E.164 with its country’s code', () => {
    spec
      .given(ready)
      .when(
        command('ChoosePayment', {
          ...PURCHASE_ORDER,
          invoiceContact: {
            ...INVOICE_CONTACT,
            phone: { countryIso: 'gb', phoneCode: '', e164: '020 7946 0000' },
          },
        }),
      )
      .then([
        events.payment({
          ...PURCHASE_ORDER,
          invoiceContact: {
            ...INVOICE_CONTACT,
            phone: { countryIso: 'GB', phoneCode: '44', e164: '+442079460000' },
          },
        }),
      ]);
  });

  it('needs a customer account first', () => {
    spec
      .given([started])
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .thenThrows('checkout.choose-account-first');
  });

  it('refuses a personal account, which must switch to its organization (SPEC 6)', () => {
    spec
      .given([started, events.account(PERSONAL)])
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .thenThrows(
        'checkout.po-personal-account',
        saying(
          'order.po.personal-account',
          'Purchase orders can only be used with an organizational account. Switch to your organization’s account to pay by PO.',
        ),
      );
  });

  it('refuses an organization with no order placed on its behalf yet (SPEC 4.8)', () => {
    spec
      .given([started, events.account(LAKESHORE)])
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .thenThrows(
        'checkout.po-no-first-order',
        saying(
          'order.po.no-first-order',
          'Paying by purchase order becomes available after a first order on behalf of your organization.',
        ),
      );
  });

  it('refuses an order under the PO threshold while the threshold flag is on', () => {
    specWith({ cart: CARTS.training, facts: factsWith({ flags: { poThreshold: true } }) })
      .given(ready)
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .thenThrows(
        'checkout.po-below-threshold',
        saying(
          'order.po.below-threshold',
          'Paying by purchase order is not available for an order of this amount.',
        ),
      );
  });

  it('takes an order under the threshold while the threshold flag is off', () => {
    specWith({ cart: CARTS.training })
      .given(ready)
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .then([events.payment()]);
  });

  it('takes an order over the threshold while the threshold flag is on', () => {
    specWith({ facts: factsWith({ flags: { poThreshold: true } }) })
      .given(ready)
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .then([events.payment()]);
  });

  it('refuses purchase orders in the Spanish store unless the PO for Spain flag is on', () => {
    const cart = checkoutCart([line('kit', 2)], { currency: 'EUR' });
    const spanish = { cart, storeId: 'esassessments', locale: 'es-es' } as const;
    specWith(spanish)
      .given(ready)
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .thenThrows(
        'checkout.po-not-offered-in-store',
        saying('order.po.not-offered', 'Paying by purchase order is not available in this store.'),
      );
    specWith({ ...spanish, facts: factsWith({ flags: { poForSpain: true } }) })
      .given(ready)
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .then([events.payment()]);
  });

  it.each([
    [
      'no PO number',
      { poNumber: '' },
      'validation.po-number.required',
      'Please enter purchase order number',
    ],
    [
      'a PO number of spaces',
      { poNumber: '   ' },
      'validation.po-number.required',
      'Please enter purchase order number',
    ],
    [
      'a PO number of 51 characters',
      { poNumber: 'P'.repeat(51) },
      'validation.too-long',
      'Enter no more than 50 characters.',
    ],
    [
      'an invoice email of 65 characters',
      { invoiceContact: { ...INVOICE_CONTACT, email: `${'a'.repeat(53)}@example.org` } },
      'validation.too-long',
      'Enter no more than 64 characters.',
    ],
    [
      'an invoice email that is not one',
      { invoiceContact: { ...INVOICE_CONTACT, email: 'accounts at riverside' } },
      'validation.email.invalid',
      'Please enter a valid email address.',
    ],
    [
      'an invoice phone number of another country',
      {
        invoiceContact: {
          ...INVOICE_CONTACT,
          phone: { countryIso: 'GB', phoneCode: '44', e164: '+12175550188' },
        },
      },
      'validation.phone.invalid',
      'Please enter a valid phone number for the selected country.',
    ],
    [
      'an invoice phone number too short',
      {
        invoiceContact: {
          ...INVOICE_CONTACT,
          phone: { countryIso: 'US', phoneCode: '1', e164: '+1217' },
        },
      },
      'validation.phone.too-short',
      'The phone number is too short.',
    ],
    [
      'an invoice contact with no last name',
      { invoiceContact: { ...INVOICE_CONTACT, lastName: '' } },
      'validation.required',
      'This field is required.',
    ],
    [
      'an invoice contact whose name has digits',
      { invoiceContact: { ...INVOICE_CONTACT, firstName: 'Pr1ya' } },
      'validation.name.invalid',
      'Use only letters, apostrophes, hyphens and spaces.',
    ],
  ])('refuses %s (SPEC 5)', (_, change, id, text) => {
    spec
      .given(ready)
      .when(command('ChoosePayment', { ...PURCHASE_ORDER, ...change }))
      .thenThrows('checkout.invalid', saying(id, text));
  });

  it('takes a PO number of 50 characters', () => {
    const payment = { ...PURCHASE_ORDER, poNumber: 'P'.repeat(50) };
    spec
      .given(ready)
      .when(command('ChoosePayment', payment))
      .then([events.payment(payment)]);
  });

  it('changes nothing when the stored purchase order comes back with its fields in another order', () => {
    const reordered = {
      poNumber: PURCHASE_ORDER.poNumber,
      invoiceContact: {
        phone: { e164: '+12175550188', phoneCode: '1', countryIso: 'US' },
        email: INVOICE_CONTACT.email,
        lastName: INVOICE_CONTACT.lastName,
        firstName: INVOICE_CONTACT.firstName,
      },
      method: 'purchase-order',
    } as const;
    spec
      .given([...ready, events.payment(reordered)])
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .then([]);
  });

  it('changes nothing when the same purchase order is chosen again', () => {
    spec
      .given([...ready, events.payment()])
      .when(command('ChoosePayment', PURCHASE_ORDER))
      .then([]);
  });
});

/** One command of each kind a buyer issues, valid in a started checkout. */
const buyerCommands: readonly [string, () => CheckoutCommand][] = [
  ['StartCheckout', () => command('StartCheckout', { cart: cartRef(CARTS.mixed) })],
  ['RestartCheckout', () => command('RestartCheckout', { cart: cartRef(CARTS.mixed) })],
  ['ChooseCustomerAccount', () => command('ChooseCustomerAccount', { accountId: LAKESHORE.id })],
  ['ChooseQualifiedUser', () => command('ChooseQualifiedUser', { userId: TOMAS.userId })],
  ['ChooseQglobalAccount', () => command('ChooseQglobalAccount', { mode: 'new' })],
  [
    'ChooseAimswebAccount',
    () => command('ChooseAimswebAccount', { mode: 'new', termsAccepted: true }),
  ],
  [
    'ChooseShippingAddress',
    () => command('ChooseShippingAddress', { address: GB_ADDRESS, saveToAddressBook: false }),
  ],
  ['ChooseShippingMethod', () => command('ChooseShippingMethod', { method: 'expedited' })],
  [
    'ChooseBillingAddress',
    () => command('ChooseBillingAddress', { sameAsShipping: false, address: GB_ADDRESS }),
  ],
  ['ChoosePayment', () => command('ChoosePayment', { ...PURCHASE_ORDER, poNumber: 'PO-OTHER' })],
  ['ChoosePayment (card)', () => command('ChoosePayment', NEW_CARD)],
  [
    'GiveTrainingParticipants',
    () => command('GiveTrainingParticipants', { code: 'WRI3-TRN', participants: PARTICIPANTS }),
  ],
];

describe('ChoosePayment (card)', () => {
  const ready = [started, events.account(PERSONAL), events.qualifiedUser(DANA)];

  it('pays with a new card the gateway tokenized: token, brand, last four and expiry only', () => {
    spec
      .given(ready)
      .when(command('ChoosePayment', NEW_CARD))
      .then([events.payment(NEW_CARD)]);
  });

  it('pays by card under a personal account (no first order needed, unlike a PO)', () => {
    spec
      .given([started, events.account(PERSONAL), events.qualifiedUser(DANA)])
      .when(command('ChoosePayment', SAVED_CARD))
      .then([events.payment(SAVED_CARD)]);
  });

  it('takes a saved card as the buyer’s profile has it, whatever the browser said of it', () => {
    spec
      .given(ready)
      .when(
        command('ChoosePayment', {
          ...SAVED_CARD,
          card: { brand: 'amex', last4: '0005', expMonth: 1, expYear: 2040 },
          holderName: 'Someone Else',
        }),
      )
      .then([events.payment(SAVED_CARD)]);
  });

  it('refuses a saved card that is not on the profile with the saved-card message (SPEC 8)', () => {
    spec
      .given(ready)
      .when(command('ChoosePayment', { ...SAVED_CARD, paymentMethodId: 'card-someone-elses' }))
      .thenThrows(
        'checkout.saved-card-invalid',
        saying(
          'checkout.saved-card-details',
          'Please check your saved card payment details are correct or provide a different payment method.',
        ),
      );
  });

  it('refuses a saved card that has expired with the saved-card message', () => {
    spec
      .given(ready)
      .when(command('ChoosePayment', SAVED_CARD, '2029-10-01T09:00:00.000Z'))
      .thenThrows('checkout.saved-card-invalid');
  });

  it('takes a card until the end of its expiry month, and refuses it after', () => {
    const card = { ...NEW_CARD, card: { ...NEW_CARD.card, expMonth: 11, expYear: 2026 } };
    spec
      .given(ready)
      .when(command('ChoosePayment', card))
      .then([events.payment(card)]);
    spec
      .given(ready)
      .when(command('ChoosePayment', card, '2026-12-01T00:00:00.000Z'))
      .thenThrows(
        'checkout.card-expired',
        saying('validation.card.expired', 'This card has expired.'),
      );
  });

  it.each([
    ['an empty first name', { firstName: '' }, 'validation.required'],
    ['digits in the last name', { lastName: 'Reyes2' }, 'validation.card.name-invalid'],
    ['a name of 61 letters', { firstName: 'A'.repeat(61) }, 'validation.too-long'],
  ])('refuses a card holder with %s (SPEC 5)', (_, change, id) => {
    spec
      .given(ready)
      .when(command('ChoosePayment', { ...NEW_CARD, ...change }))
      .thenThrows('checkout.invalid', (error) => {
        expect(error.detail.id).toBe(id);
      });
  });

  it('keeps hyphens, spaces and apostrophes in a card holder’s names', () => {
    const card = { ...NEW_CARD, firstName: 'Mary-Ann', lastName: "O'Neill Reyes" };
    spec
      .given(ready)
      .when(command('ChoosePayment', card))
      .then([events.payment(card)]);
  });

  it('refuses a token that is not the gateway’s with the payment-details message', () => {
    spec
      .given(ready)
      .when(command('ChoosePayment', { ...NEW_CARD, token: '4242424242424242 123' }))
      .thenThrows(
        'checkout.payment-details',
        saying(
          'checkout.payment-details',
          'Please check your payment details are correct or provide a different payment method.',
        ),
      );
  });

  it('changes nothing when the same card is chosen again', () => {
    spec
      .given([...ready, events.payment(NEW_CARD)])
      .when(command('ChoosePayment', NEW_CARD))
      .then([]);
  });

  it('chooses the same card again after the gateway refused it (the buyer tries again)', () => {
    spec
      .given([
        ...ready,
        events.payment(NEW_CARD),
        events.declined({ reason: 'declined', source: 'new', last4: '4242' }),
      ])
      .when(command('ChoosePayment', NEW_CARD))
      .then([events.payment(NEW_CARD)]);
  });
});

describe('ChoosePayment (bank transfer)', () => {
  const ready = [started, riverside, events.qualifiedUser(SAM)];

  it('pays by bank transfer when the bank-transfer flag is on', () => {
    specWith({ facts: factsWith({ flags: { bankTransfer: true } }) })
      .given(ready)
      .when(command('ChoosePayment', { method: 'bank-transfer' }))
      .then([events.payment({ method: 'bank-transfer' })]);
  });

  it('refuses bank transfer when the flag is off', () => {
    spec
      .given(ready)
      .when(command('ChoosePayment', { method: 'bank-transfer' }))
      .thenThrows(
        'checkout.bank-transfer-unavailable',
        saying(
          'checkout.bank-transfer-unavailable',
          'Bank transfer is not available for this order. Choose another payment method.',
        ),
      );
  });
});

describe('ChoosePayment (third party, decision 061)', () => {
  const ready = [started, events.account(PERSONAL), events.qualifiedUser(DANA)];
  const tppOn = () => specWith({ facts: factsWith({ flags: { tpp: true } }) });
  const THIRD_PARTY: ThirdPartyPayment = {
    method: 'third-party',
    payer: {
      organization: 'Dane County School District',
      contact: {
        firstName: 'Maria',
        lastName: "O'Neil",
        email: 'payables@danecounty.example',
        phone: { countryIso: 'US', phoneCode: '1', e164: '+16085550142' },
      },
      reference: 'AUTH-2026-3391',
    },
  };
  type Payer = ThirdPartyPayment['payer'];
  const payerWith = (
    change: Partial<Omit<Payer, 'contact'>> & { contact?: Partial<Payer['contact']> },
  ) => ({
    ...THIRD_PARTY,
    payer: {
      ...THIRD_PARTY.payer,
      ...change,
      contact: { ...THIRD_PARTY.payer.contact, ...change.contact },
    },
  });

  it('is paid by a third party with the tpp flag on, for a personal account too', () => {
    tppOn()
      .given(ready)
      .when(command('ChoosePayment', THIRD_PARTY))
      .then([events.payment(THIRD_PARTY)]);
  });

  it('trims what was typed and keeps the phone in E.164 with its country’s code', () => {
    tppOn()
      .given(ready)
      .when(
        command(
          'ChoosePayment',
          payerWith({
            organization: '  Dane County School District ',
            reference: ' AUTH-2026-3391 ',
            contact: { phone: { countryIso: 'us', phoneCode: '', e164: '(608) 555-0142' } },
          }),
        ),
      )
      .then([events.payment(THIRD_PARTY)]);
  });

  it('refuses a third party when the flag is off, in words', () => {
    spec
      .given(ready)
      .when(command('ChoosePayment', THIRD_PARTY))
      .thenThrows(
        'checkout.third-party-unavailable',
        saying(
          'checkout.third-party-unavailable',
          'Payment by a third party is not available for this order. Choose another payment method.',
        ),
      );
  });

  it('is the same choice when chosen again, and replaces another payment', () => {
    tppOn()
      .given([...ready, events.payment(THIRD_PARTY)])
      .when(command('ChoosePayment', THIRD_PARTY))
      .then([]);
    const state = stateOf([...ready, events.payment(NEW_CARD), events.payment(THIRD_PARTY)]);
    expect(state.payment).toEqual(THIRD_PARTY);
  });

  it.each([
    [
      'no payer organisation',
      payerWith({ organization: ' ' }),
      'validation.required',
      'This field is required.',
    ],
    [
      'a payer organisation of 101 characters',
      payerWith({ organization: 'O'.repeat(101) }),
      'validation.too-long',
      'Enter no more than 100 characters.',
    ],
    [
      'no reference',
      payerWith({ reference: '' }),
      'validation.required',
      'This field is required.',
    ],
    [
      'a reference of 51 characters',
      payerWith({ reference: 'R'.repeat(51) }),
      'validation.too-long',
      'Enter no more than 50 characters.',
    ],
    [
      'a contact with no first name',
      payerWith({ contact: { firstName: '' } }),
      'validation.required',
      'This field is required.',
    ],
    [
      'a contact whose name has digits',
      payerWith({ contact: { lastName: 'O1Neil' } }),
      'validation.name.invalid',
      'Use only letters, apostrophes, hyphens and spaces.',
    ],
    [
      'a contact email of 65 characters',
      payerWith({ contact: { email: `${'a'.repeat(53)}@example.org` } }),
      'validation.too-long',
      'Enter no more than 64 characters.',
    ],
    [
      'a contact email that is not one',
      payerWith({ contact: { email: 'payables at dane county' } }),
      'validation.email.invalid',
      'Please enter a valid email address.',
    ],
    [
      'a contact phone of another country',
      payerWith({
        contact: { phone: { countryIso: 'GB', phoneCode: '44', e164: '+16085550142' } },
      }),
      'validation.phone.invalid',
      'Please enter a valid phone number for the selected country.',
    ],
    [
      'a contact phone too short',
      payerWith({ contact: { phone: { countryIso: 'US', phoneCode: '1', e164: '+1608' } } }),
      'validation.phone.too-short',
      'The phone number is too short.',
    ],
  ])('refuses %s (SPEC 5)', (_, payment, id, text) => {
    tppOn()
      .given(ready)
      .when(command('ChoosePayment', payment))
      .thenThrows('checkout.invalid', saying(id, text));
  });
});

describe('RecordPaymentDeclined', () => {
  const paid = [
    started,
    events.account(PERSONAL),
    events.qualifiedUser(DANA),
    events.payment(NEW_CARD),
  ];
  const decline = { reason: 'insufficient-funds', source: 'new', last4: '9995' } as const;

  it('records the refusal: the payment is to be chosen again, every other choice stays', () => {
    spec
      .given(paid)
      .when(command('RecordPaymentDeclined', { decline }))
      .then([{ type: 'PaymentDeclined', v: 1, data: { decline } }]);
    const state = stateOf([...paid, events.declined(decline)]);
    expect(state.payment).toBeNull();
    expect(state.paymentDeclined).toEqual(decline);
    expect(state.account?.id).toBe(PERSONAL.id);
    expect(state.qualifiedUser?.userId).toBe(DANA.userId);
  });

  it('changes nothing when no payment is chosen (recorded already)', () => {
    spec
      .given([...paid, events.declined(decline)])
      .when(command('RecordPaymentDeclined', { decline }))
      .then([]);
  });

  it('is cleared by the next payment chosen', () => {
    const state = stateOf([...paid, events.declined(decline), events.payment(SAVED_CARD)]);
    expect(state.paymentDeclined).toBeNull();
    expect(state.payment).toEqual(SAVED_CARD);
  });
});

describe('GiveTrainingParticipants', () => {
  const training = checkoutCart([line('training', 2)]);
  const trainingSpec = specWith({ cart: training });
  const ready = [events.started(training), riverside, events.qualifiedUser(SAM)];
  const give = (participants: readonly TrainingParticipant[] = PARTICIPANTS, now?: string) =>
    command('GiveTrainingParticipants', { code: 'WRI3-TRN', participants }, now);

  it('records a participant for each seat, with two preferred dates', () => {
    trainingSpec
      .given(ready)
      .when(give())
      .then([events.training('WRI3-TRN')]);
  });

  it('takes a date exactly six weeks ahead and refuses one a day sooner (SPEC 5, 9)', () => {
    // NOW is 2026-11-23: six weeks later is 2027-01-04.
    const at = (first: string, second: string) =>
      PARTICIPANTS.map((p) => ({ ...p, firstPreferredDate: first, secondPreferredDate: second }));
    trainingSpec
      .given(ready)
      .when(give(at('2027-01-04', '2027-01-05')))
      .then([events.training('WRI3-TRN', at('2027-01-04', '2027-01-05'))]);
    trainingSpec
      .given(ready)
      .when(give(at('2027-01-03', '2027-01-05')))
      .thenThrows(
        'checkout.invalid',
        saying('validation.training.date-too-soon', 'Choose a date at least six weeks from today.'),
      );
  });

  it('refuses a participant count other than the seats bought', () => {
    trainingSpec
      .given(ready)
      .when(give(PARTICIPANTS.slice(0, 1)))
      .thenThrows(
        'checkout.training-seats',
        saying('checkout.training-seats', 'Add one participant for each of the 2 seats.'),
      );
  });

  it.each([
    ['a name of 61 letters', { firstName: 'J'.repeat(61) }, 'validation.too-long'],
    ['digits in a name', { lastName: 'O2Neill' }, 'validation.name.invalid'],
    [
      'an email of 65 characters',
      { email: `${'j'.repeat(53)}@example.org` },
      'validation.too-long',
    ],
    ['an email without a domain', { email: 'jordan@' }, 'validation.email.invalid'],
    [
      'the same date twice',
      { secondPreferredDate: '2027-02-01' },
      'validation.training.dates-same',
    ],
    ['an empty date', { firstPreferredDate: '' }, 'validation.required'],
  ])('refuses a participant with %s', (_, change, id) => {
    const [first, second] = PARTICIPANTS as [TrainingParticipant, TrainingParticipant];
    trainingSpec
      .given(ready)
      .when(give([{ ...first, ...change }, second]))
      .thenThrows('checkout.invalid', (error) => {
        expect(error.detail.id).toBe(id);
      });
  });

  it('refuses participants for an item that is not online training in the cart', () => {
    specWith({ cart: CARTS.kit })
      .given([started, riverside, events.qualifiedUser(SAM)])
      .when(command('GiveTrainingParticipants', { code: 'WRI3-KIT', participants: PARTICIPANTS }))
      .thenThrows(
        'checkout.training-not-in-cart',
        saying('checkout.training-not-in-cart', 'This online training is no longer in your cart.'),
      );
  });

  it('changes nothing when the same participants are given again, and replaces changed ones', () => {
    trainingSpec
      .given([...ready, events.training('WRI3-TRN')])
      .when(give())
      .then([]);
    const [first, second] = PARTICIPANTS as [TrainingParticipant, TrainingParticipant];
    const changed = [first, { ...second, email: 'mei@riverside-clinic.example' }];
    trainingSpec
      .given([...ready, events.training('WRI3-TRN')])
      .when(give(changed))
      .then([events.training('WRI3-TRN', changed)]);
  });
});

describe('RecordOrderPlaced', () => {
  const complete = [
    started,
    riverside,
    events.qualifiedUser(SAM),
    events.shippingAddress(),
    events.shippingMethod(),
    events.billing(),
    events.payment(),
  ];

  it('records the order placed from the checkout', () => {
    spec
      .given(complete)
      .when(command('RecordOrderPlaced', { orderId: CHECKOUT_ID }))
      .then([{ type: 'CheckoutOrderPlaced', v: 1, data: { orderId: CHECKOUT_ID } }]);
  });

  it('changes nothing when the same order is recorded again', () => {
    spec
      .given([...complete, events.placed()])
      .when(command('RecordOrderPlaced', { orderId: CHECKOUT_ID }))
      .then([]);
  });

  it.each(buyerCommands)('refuses %s once the order is placed', (_, make) => {
    specWith({ cart: CARTS.mixed })
      .given([...complete, events.placed()])
      .when(make())
      .thenThrows(
        'checkout.already-placed',
        saying('checkout.already-placed', 'This order has already been placed.'),
      );
  });
});

describe('whose checkout, and when', () => {
  it.each(buyerCommands)('refuses %s on another user’s checkout', (_, make) => {
    specWith({ userId: OTHER_USER_ID })
      .given([started, riverside])
      .when(make())
      .thenThrows(
        'checkout.not-yours',
        saying('checkout.not-yours', 'This checkout belongs to someone else.'),
      );
  });

  it.each(buyerCommands.filter(([type]) => type !== 'StartCheckout'))(
    'refuses %s before the checkout started',
    (_, make) => {
      spec
        .given([])
        .when(make())
        .thenThrows(
          'checkout.not-started',
          saying(
            'checkout.not-started',
            'Your checkout has not started yet. Go back to your cart and check out again.',
          ),
        );
    },
  );

  it('leaves the state as it is for an event it does not know', () => {
    const state = stateOf([started, riverside]);
    const unknown = { type: 'CheckoutGiftWrapped', v: 1, data: {} } as unknown as CheckoutEvent;
    expect(checkoutDecider.evolve(state, unknown)).toBe(state);
  });
});
