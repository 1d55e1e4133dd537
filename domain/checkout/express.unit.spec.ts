/** Express checkout's choices (SPEC 2.1 /exp-checkout, 2.6, 5, 6). */
import { describe, expect, it } from 'vitest';
import type { CheckoutCart } from './cart-snapshot';
import { checkoutDecider } from './decide';
import type { CheckoutEvent } from './events';
import { expressChoices, type ExpressChoice, type ExpressInput } from './express';
import type { CheckoutAccount, CheckoutFacts } from './facts';
import { initialCheckoutState } from './state';
import { firstUnfinishedStep } from './steps';
import {
  BUYER,
  CARTS,
  cartRef,
  checkoutCart,
  checkoutContext,
  command,
  DANA,
  BOOK,
  FACTS,
  factsWith,
  JORDAN,
  line,
  PERSONAL,
  PRIYA,
  PROFILE_QGLOBAL,
  RIVERSIDE,
  SAM,
  STORE_ID,
} from './test-fixtures';

const TODAY = '2026-11-23';

function choices(overrides: Partial<ExpressInput> = {}) {
  return expressChoices({
    facts: FACTS,
    cart: CARTS.kit,
    userId: BUYER.userId,
    storeId: STORE_ID,
    today: TODAY,
    ...overrides,
  });
}

function commandsOf(result: ReturnType<typeof expressChoices>): readonly ExpressChoice[] {
  if (!('commands' in result)) throw new Error(`Unavailable: ${result.unavailable}`);
  return result.commands;
}

type DataOf<T extends ExpressChoice['type']> = Extract<ExpressChoice, { type: T }>['data'];

function find<T extends ExpressChoice['type']>(
  commands: readonly ExpressChoice[],
  type: T,
): DataOf<T> | undefined {
  return commands.find((c) => c.type === type)?.data as DataOf<T> | undefined;
}

const withAccounts = (accounts: readonly CheckoutAccount[]): CheckoutFacts =>
  factsWith({ accounts });

describe('expressChoices', () => {
  it('makes every choice of a kit in the order of the steps', () => {
    expect(commandsOf(choices()).map((c) => c.type)).toEqual([
      'ChooseCustomerAccount',
      'ChooseQualifiedUser',
      'ChooseShippingAddress',
      'ChooseShippingMethod',
      'ChooseBillingAddress',
      'ChoosePayment',
    ]);
  });

  it('takes the first account with a qualified user covering the cart', () => {
    // Dana's personal account: she is level B, the kit is level B.
    expect(find(commandsOf(choices()), 'ChooseCustomerAccount')).toEqual({
      accountId: PERSONAL.id,
    });
    // A level C kit: Dana (B) does not cover it, so Riverside with Sam (C).
    const levelC = commandsOf(choices({ cart: CARTS.levelC }));
    expect(find(levelC, 'ChooseCustomerAccount')).toEqual({ accountId: RIVERSIDE.id });
    expect(find(levelC, 'ChooseQualifiedUser')).toEqual({ userId: SAM.userId });
  });

  it('prefers the buyer as qualified user when their level covers the cart', () => {
    const team = { ...RIVERSIDE, qualifiedUsers: [SAM, PRIYA, DANA] };
    const result = commandsOf(choices({ facts: withAccounts([team]) }));
    expect(find(result, 'ChooseQualifiedUser')).toEqual({ userId: DANA.userId });
  });

  it('takes another qualified user when the buyer’s level is too low', () => {
    const team = { ...RIVERSIDE, qualifiedUsers: [PRIYA, DANA, SAM] };
    const result = commandsOf(choices({ facts: withAccounts([team]), cart: CARTS.levelC }));
    expect(find(result, 'ChooseQualifiedUser')).toEqual({ userId: SAM.userId });
  });

  it('never takes a user without a qualification on record', () => {
    const onlyJordan = { ...RIVERSIDE, qualifiedUsers: [JORDAN] };
    expect(choices({ facts: withAccounts([onlyJordan]), cart: CARTS.levelA })).toEqual({
      unavailable: 'no-qualified-user',
    });
  });

  it('is unavailable when no qualified user covers the cart', () => {
    expect(choices({ facts: withAccounts([PERSONAL]), cart: CARTS.levelC })).toEqual({
      unavailable: 'no-qualified-user',
    });
  });

  it('is unavailable for an empty cart', () => {
    expect(choices({ cart: CARTS.empty })).toEqual({ unavailable: 'cart-empty' });
  });

  it('takes the first Q-global account offered for the account when the cart needs one', () => {
    const result = commandsOf(choices({ cart: CARTS.digital }));
    expect(find(result, 'ChooseQglobalAccount')).toEqual({
      mode: 'existing',
      accountNumber: PROFILE_QGLOBAL,
    });
    expect(find(result, 'ChooseShippingAddress')).toBeUndefined();
    expect(find(result, 'ChooseShippingMethod')).toBeUndefined();
  });

  it('is unavailable when the cart needs a Q-global account and there is none', () => {
    const facts = factsWith({ accounts: [PERSONAL], profileQglobalAccounts: [] });
    expect(choices({ facts, cart: CARTS.digital })).toEqual({ unavailable: 'no-qglobal-account' });
  });

  it('takes the first aimswebPlus account, its terms left for the buyer to accept', () => {
    // Dana's personal account covers level A but has no aimswebPlus account: Riverside has.
    const result = commandsOf(choices({ cart: CARTS.aimsweb }));
    expect(find(result, 'ChooseCustomerAccount')).toEqual({ accountId: RIVERSIDE.id });
    expect(find(result, 'ChooseQualifiedUser')).toEqual({ userId: SAM.userId });
    expect(find(result, 'ChooseAimswebAccount')).toEqual({
      mode: 'existing',
      accountNumber: 'AW-4821-01',
      termsAccepted: false,
    });
  });

  it('is unavailable when the cart needs an aimswebPlus account and there is none', () => {
    expect(choices({ facts: withAccounts([PERSONAL]), cart: CARTS.aimsweb })).toEqual({
      unavailable: 'no-aimsweb-account',
    });
  });

  it('delivers to the default shipping address by regular ground', () => {
    const result = commandsOf(choices());
    expect(find(result, 'ChooseShippingAddress')).toEqual({
      address: {
        firstName: 'Sam',
        lastName: 'Okafor',
        organization: 'Riverside Child Development Clinic',
        line1: '1200 Riverside Drive',
        line2: 'Suite 300',
        town: 'Springfield',
        region: 'IL',
        postalCode: '62704',
        country: 'US',
        phone: '+12175550143',
      },
      saveToAddressBook: false,
    });
    expect(find(result, 'ChooseShippingMethod')).toEqual({ method: 'regular' });
  });

  it('delivers to the first address when none is the default', () => {
    const addressBook = BOOK.map((a) => ({
      ...a,
      defaultShipping: false,
      defaultBilling: false,
    }));
    const result = commandsOf(choices({ facts: factsWith({ addressBook }) }));
    expect(find(result, 'ChooseShippingAddress')?.address.line1).toBe('1200 Riverside Drive');
    expect(find(result, 'ChooseBillingAddress')).toEqual({ sameAsShipping: true });
  });

  it('bills the delivery address as "same as shipping" when it is the default billing one', () => {
    expect(find(commandsOf(choices()), 'ChooseBillingAddress')).toEqual({ sameAsShipping: true });
  });

  it('bills the default billing address when it is another one', () => {
    const addressBook = BOOK.map((a) => ({
      ...a,
      defaultBilling: a.id === 'addr-london',
    }));
    const billing = find(
      commandsOf(choices({ facts: factsWith({ addressBook }) })),
      'ChooseBillingAddress',
    );
    expect(billing).toMatchObject({ sameAsShipping: false, address: { line1: '70 Whitehall' } });
  });

  it('bills the default billing address when nothing ships', () => {
    const billing = find(commandsOf(choices({ cart: CARTS.digital })), 'ChooseBillingAddress');
    expect(billing).toMatchObject({
      sameAsShipping: false,
      address: { line1: '1200 Riverside Drive' },
    });
  });

  it('is unavailable without an address', () => {
    const facts = factsWith({ addressBook: [] });
    expect(choices({ facts })).toEqual({ unavailable: 'no-address' });
    expect(choices({ facts, cart: CARTS.digital })).toEqual({ unavailable: 'no-address' });
  });

  it('takes the first account whose address book has an address (each account has its own)', () => {
    const facts = withAccounts([
      { ...PERSONAL, addressBook: [] },
      { ...RIVERSIDE, qualifiedUsers: [...RIVERSIDE.qualifiedUsers, DANA] },
    ]);
    const result = commandsOf(choices({ facts }));
    expect(find(result, 'ChooseCustomerAccount')?.accountId).toBe(RIVERSIDE.id);
    expect(find(result, 'ChooseShippingAddress')?.address.line1).toBe('1200 Riverside Drive');
  });

  it('is unavailable when the store has no shipping methods', () => {
    expect(choices({ storeId: 'nostore' })).toEqual({ unavailable: 'no-shipping-method' });
  });

  it('pays with the first saved card that has not expired', () => {
    const expired = { ...FACTS.savedCards[0]!, id: 'card-old', last4: '1111', expYear: 2025 };
    const facts = factsWith({ savedCards: [expired, ...FACTS.savedCards] });
    expect(find(commandsOf(choices({ facts })), 'ChoosePayment')).toEqual({
      method: 'card',
      source: 'saved',
      paymentMethodId: 'card-dana-visa',
      card: { brand: 'visa', last4: '4242', expMonth: 9, expYear: 2029 },
      holderName: 'Dana Reyes',
    });
  });

  it('is unavailable without a saved card, or with expired ones only', () => {
    expect(choices({ facts: factsWith({ savedCards: [] }) })).toEqual({
      unavailable: 'no-saved-card',
    });
    expect(choices({ today: '2029-10-01' })).toEqual({ unavailable: 'no-saved-card' });
    // The month of expiry itself still counts.
    expect('commands' in choices({ today: '2029-09-30' })).toBe(true);
  });

  it('gives choices the decider takes, leaving nothing but review', () => {
    for (const cart of [CARTS.kit, CARTS.levelC, CARTS.digital, CARTS.mixed] as CheckoutCart[]) {
      const context = checkoutContext({ cart });
      let state = initialCheckoutState();
      const apply = (events: CheckoutEvent[]) => {
        state = events.reduce(checkoutDecider.evolve, state);
      };
      apply(
        checkoutDecider.decide(command('StartCheckout', { cart: cartRef(cart) }), state, context),
      );
      for (const choice of commandsOf(choices({ cart }))) {
        apply(
          checkoutDecider.decide(
            command(choice.type, choice.data as never, `${TODAY}T10:00:00.000Z`),
            state,
            context,
          ),
        );
      }
      expect(firstUnfinishedStep(state, cart).id).toBe('review');
    }
  });

  it('has the line3 of an address only while the line3 flag is on', () => {
    const addressBook = BOOK.map((a) => ({ ...a, line3: 'Building 4' }));
    const off = commandsOf(choices({ facts: factsWith({ addressBook }) }));
    expect(find(off, 'ChooseShippingAddress')?.address.line3).toBeUndefined();
    const on = commandsOf(choices({ facts: factsWith({ addressBook, flags: { line3: true } }) }));
    expect(find(on, 'ChooseShippingAddress')?.address.line3).toBe('Building 4');
  });

  it('chooses for a cart of several levels by its highest', () => {
    const cart = checkoutCart([line('forms'), line('levelC')]);
    expect(find(commandsOf(choices({ cart })), 'ChooseQualifiedUser')).toEqual({
      userId: SAM.userId,
    });
  });
});
