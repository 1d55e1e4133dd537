/**
 * The checkout decider (SPEC 2.6, 4.8, 5, 6): one small function per choice, each checking
 * the rules of its step against the buyer's facts, and `evolve`, which also clears what a
 * new choice makes stale (another customer account clears the qualified user, platform
 * accounts and payment; a restart clears everything but the account).
 */
import type * as z from 'zod';
import { formatMoney, fromMajor, money } from '../pricing/money';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { withValues, type MessageDescriptor } from '../shared/message';
import { levelCovers } from '../validation/account';
import { AIMSWEB_MINIMUM_MAJOR } from '../validation/checkout';
import { toValidationIssues } from '../validation/issues';
import { phoneCountryOf } from '../validation/contact';
import { V } from '../validation/messages';
import { cardHolderSchema, isCardToken } from '../payment/card';
import { isExpired } from '../validation/payment';
import { trainingParticipantSchema } from '../validation/training';
import { poAvailability, PO_UNAVAILABLE_MESSAGES } from '../order/purchase-order';
import { aimswebAmountMinor, cartNeeds, priceCart } from './cart-snapshot';
import type { CheckoutCommand } from './commands';
import type { CheckoutContext } from './context';
import type { CheckoutEvent } from './events';
import { accountIn, qglobalOptions, type CheckoutAccount, type CheckoutFacts } from './facts';
import { checkoutAddressSchema, purchaseOrderSchema, thirdPartyPaymentSchema } from './forms';
import { CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES as M } from './messages';
import { shippingMethodsFor } from './shipping-methods';
import {
  initialCheckoutState,
  type CardPayment,
  type CheckoutState,
  type NewCardPayment,
  type PaymentChoice,
} from './state';

type Command<T extends CheckoutCommand['type']> = Extract<CheckoutCommand, { type: T }>;

function refuse(code: string, message: MessageDescriptor, values: Record<string, string> = {}) {
  return new DomainError(code, withValues(message, values));
}

/** The first problem of a failed parse, in its own words and with its values (the limit). */
function firstIssue(error: z.core.$ZodError, fallback: MessageDescriptor): DomainError {
  const message = toValidationIssues(error)[0]?.message ?? withValues(fallback, {});
  return new DomainError('checkout.invalid', message);
}

/**
 * The same choice, whatever order its fields are in: a state read back from the event store
 * has them in jsonb's order, not in the order they were written.
 */
function sameChoice(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown) =>
    JSON.stringify(value, (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
        : v,
    );
  return canonical(a) === canonical(b);
}

function factsOf(context: CheckoutContext): CheckoutFacts {
  if (!context.facts) throw refuse('checkout.facts-unavailable', M.factsUnavailable);
  return context.facts;
}

/** The chosen account as the facts know it now. */
function chosenAccount(state: CheckoutState, context: CheckoutContext): CheckoutAccount {
  if (!state.account) throw refuse('checkout.choose-account-first', M.chooseAccountFirst);
  const account = accountIn(factsOf(context), state.account.id);
  if (!account) throw refuse('checkout.account-not-found', V.accountNotFound);
  return account;
}

function start(command: Command<'StartCheckout'>, state: CheckoutState, context: CheckoutContext) {
  const { cart } = command.data;
  if (state.checkoutId) {
    return state.cart?.fingerprint === cart.fingerprint ? [] : [restarted(cart)];
  }
  if (context.cart && context.cart.cartId === cart.cartId && context.cart.lines.length === 0) {
    throw refuse('checkout.cart-empty', M.cartEmpty);
  }
  return [
    {
      type: 'CheckoutStarted',
      v: 1,
      data: {
        checkoutId: context.checkoutId,
        storeId: context.storeId,
        ownerId: context.userId,
        cart,
      },
    } satisfies CheckoutEvent,
  ];
}

function restarted(cart: Command<'RestartCheckout'>['data']['cart']): CheckoutEvent {
  return { type: 'CheckoutRestarted', v: 1, data: { cart, reason: 'cart-changed' } };
}

function chooseAccount(
  command: Command<'ChooseCustomerAccount'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const account = accountIn(factsOf(context), command.data.accountId);
  if (!account) throw refuse('checkout.account-not-found', V.accountNotFound);
  if (state.account?.id === account.id) return [];
  const { id, number, name, type } = account;
  return [{ type: 'CustomerAccountChosen', v: 1, data: { account: { id, number, name, type } } }];
}

function chooseQualifiedUser(
  command: Command<'ChooseQualifiedUser'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const account = chosenAccount(state, context);
  const user = account.qualifiedUsers.find((u) => u.userId === command.data.userId);
  if (!user) throw refuse('checkout.user-not-in-organization', V.userNotInOrganization);
  if (!user.level) throw refuse('checkout.no-qualification', M.noQualification);
  const needed = context.cart ? cartNeeds(context.cart.lines).level : null;
  if (needed && !levelCovers(user.level, needed)) {
    throw refuse('checkout.level-not-covered', V.qualificationTooLow, {
      level: user.level,
      required: needed,
    });
  }
  if (state.qualifiedUser?.userId === user.userId && state.qualifiedUser.level === user.level) {
    return [];
  }
  const { userId, firstName, lastName, level } = user;
  return [
    {
      type: 'QualifiedUserChosen',
      v: 1,
      data: { qualifiedUser: { userId, firstName, lastName, level } },
    },
  ];
}

function chooseQglobal(
  command: Command<'ChooseQglobalAccount'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const account = chosenAccount(state, context);
  const choice = command.data;
  if (choice.mode === 'new') {
    // SPEC 6: the qualified user becomes the new account's owner and administrator.
    if (!state.qualifiedUser) {
      throw refuse('checkout.choose-qualified-user-first', M.chooseQualifiedUserFirst);
    }
    if (state.qglobal?.mode === 'new') return [];
    return [{ type: 'QglobalAccountChosen', v: 1, data: { choice: { mode: 'new' } } }];
  }
  const number = choice.accountNumber.trim().toUpperCase();
  if (!qglobalOptions(factsOf(context), account).includes(number)) {
    throw refuse('checkout.qglobal-not-found', M.qglobalNotFound);
  }
  if (state.qglobal?.mode === 'existing' && state.qglobal.accountNumber === number) return [];
  return [
    {
      type: 'QglobalAccountChosen',
      v: 1,
      data: { choice: { mode: 'existing', accountNumber: number } },
    },
  ];
}

/** SPEC 5, 6: aimswebPlus for organizations only, at least $300 of its products. */
export function aimswebProblem(
  account: Pick<CheckoutAccount, 'type'>,
  context: Pick<CheckoutContext, 'cart' | 'locale'>,
): DomainError | null {
  if (account.type !== 'ORGANIZATION') {
    return refuse('checkout.aimsweb-organization-only', V.aimswebOrganizationOnly);
  }
  const cart = context.cart;
  if (!cart) return null;
  const minimum = fromMajor(AIMSWEB_MINIMUM_MAJOR, cart.currency);
  if (aimswebAmountMinor(cart.lines) < minimum.amountMinor) {
    return new DomainError(
      'checkout.aimsweb-minimum',
      withValues(V.aimswebMinimum, { minimum: formatMoney(minimum, context.locale) }),
    );
  }
  return null;
}

function chooseAimsweb(
  command: Command<'ChooseAimswebAccount'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const { termsAccepted, ...choice } = command.data;
  // SPEC 5: terms and conditions must be accepted ('This field is required.').
  if (!termsAccepted) throw refuse('checkout.terms-required', V.required);
  const account = chosenAccount(state, context);
  const problem = aimswebProblem(account, context);
  if (problem) throw problem;
  if (choice.mode === 'new') {
    if (state.aimsweb?.mode === 'new') return [];
    return [{ type: 'AimswebAccountChosen', v: 1, data: { choice: { mode: 'new' } } }];
  }
  const number = choice.accountNumber.trim().toUpperCase();
  if (!account.aimswebAccounts.includes(number)) {
    throw refuse('checkout.account-not-found', V.accountNotFound);
  }
  if (state.aimsweb?.mode === 'existing' && state.aimsweb.accountNumber === number) return [];
  return [
    {
      type: 'AimswebAccountChosen',
      v: 1,
      data: { choice: { mode: 'existing', accountNumber: number } },
    },
  ];
}

function line3Enabled(context: CheckoutContext): boolean {
  // Without the facts, an address written with line3 elsewhere is taken as it is.
  return context.facts?.flags.line3 ?? true;
}

function chooseShippingAddress(
  command: Command<'ChooseShippingAddress'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const { address, saveToAddressBook } = command.data;
  const parsed = checkoutAddressSchema({ line3Enabled: line3Enabled(context) }).safeParse(
    addressInput(address),
  );
  if (!parsed.success) throw refuse('checkout.address-invalid', V.addressErrors);
  if (
    sameChoice(state.shippingAddress, parsed.data) &&
    state.saveShippingAddress === saveToAddressBook
  ) {
    return [];
  }
  return [
    {
      type: 'ShippingAddressChosen',
      v: 1,
      data: { address: parsed.data, saveToAddressBook },
    },
  ];
}

/** A stored address as the address form's input, to check it with the form's rules. */
function addressInput(address: Command<'ChooseShippingAddress'>['data']['address']) {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    organization: address.organization,
    address: {
      country: address.country,
      region: address.region,
      town: address.town,
      line1: address.line1,
      line2: address.line2,
      line3: address.line3,
      postalCode: address.postalCode,
    },
    ...(address.phone
      ? {
          phone: {
            country: phoneCountryOf(address.phone) ?? address.country,
            number: address.phone,
          },
        }
      : {}),
  };
}

function chooseShippingMethod(
  command: Command<'ChooseShippingMethod'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const method = shippingMethodsFor(context.storeId).find((m) => m.id === command.data.method);
  if (!method) throw refuse('checkout.shipping-method-unknown', M.shippingMethodUnknown);
  if (state.shippingMethod === method.id) return [];
  return [{ type: 'ShippingMethodChosen', v: 1, data: { method: method.id } }];
}

function chooseBilling(
  command: Command<'ChooseBillingAddress'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const choice = command.data;
  if (choice.sameAsShipping) {
    if (!state.shippingAddress) {
      throw refuse('checkout.delivery-address-required', V.deliveryAddressRequired);
    }
    if (state.billing?.sameAsShipping) return [];
    return [{ type: 'BillingAddressChosen', v: 1, data: { billing: { sameAsShipping: true } } }];
  }
  const parsed = checkoutAddressSchema({ line3Enabled: line3Enabled(context) }).safeParse(
    addressInput(choice.address),
  );
  if (!parsed.success) throw refuse('checkout.address-invalid', V.addressErrors);
  const billing = { sameAsShipping: false as const, address: parsed.data };
  if (sameChoice(state.billing, billing)) return [];
  return [{ type: 'BillingAddressChosen', v: 1, data: { billing } }];
}

/** Whether, and why not, this checkout may pay by purchase order now (SPEC 4.8, 5, 6). */
export function purchaseOrderProblem(
  account: CheckoutAccount,
  context: Pick<CheckoutContext, 'cart' | 'facts' | 'locale'>,
): DomainError | null {
  const facts = context.facts;
  const cart = context.cart;
  const subtotal = cart ? priceCart(cart, account.discounts).totalMinor : 0;
  const availability = poAvailability({
    accountType: account.type,
    organizationHasOrdered: account.hasOrdered,
    subtotal: money(subtotal, cart?.currency ?? 'USD'),
    locale: context.locale,
    poThresholdEnabled: facts?.flags.poThreshold ?? false,
    poThreshold:
      facts?.poThresholdMinor !== undefined && facts.poThresholdMinor !== null
        ? money(facts.poThresholdMinor, cart?.currency ?? 'USD')
        : null,
    poForSpainEnabled: facts?.flags.poForSpain ?? false,
  });
  return availability.available
    ? null
    : refuse(`checkout.po-${availability.reason}`, PO_UNAVAILABLE_MESSAGES[availability.reason]);
}

/** The day of a command, for expiry and lead-time rules: YYYY-MM-DD. */
function dayOf(now: string): string {
  return now.slice(0, 10);
}

function purchaseOrderChoice(
  payment: Extract<PaymentChoice, { method: 'purchase-order' }>,
  account: CheckoutAccount,
  context: CheckoutContext,
): PaymentChoice {
  const problem = purchaseOrderProblem(account, context);
  if (problem) throw problem;
  const parsed = purchaseOrderSchema.safeParse({
    poNumber: payment.poNumber,
    invoiceContact: {
      ...payment.invoiceContact,
      phone: {
        country: payment.invoiceContact.phone.countryIso,
        number: payment.invoiceContact.phone.e164,
      },
    },
  });
  if (!parsed.success) throw firstIssue(parsed.error, V.invalid);
  return parsed.data;
}

/**
 * A card: a saved one is taken as the buyer's profile has it (SPEC 8: one that is gone or
 * expired gets the saved-card message); a new one is the gateway's token with the holder's
 * names (SPEC 5) and a card that has not expired.
 */
export function cardChoice(payment: CardPayment, facts: CheckoutFacts, today: string): CardPayment {
  if (payment.source === 'saved') {
    const saved = facts.savedCards.find((card) => card.id === payment.paymentMethodId);
    if (!saved || isExpired(saved.expMonth, saved.expYear, today)) {
      throw refuse('checkout.saved-card-invalid', CHECKOUT_MESSAGES.savedCardDetails);
    }
    const { id, holderName, ...card } = saved;
    return { method: 'card', source: 'saved', paymentMethodId: id, card, holderName };
  }
  const names = cardHolderSchema.safeParse({
    firstName: payment.firstName,
    lastName: payment.lastName,
  });
  if (!names.success) throw firstIssue(names.error, V.invalid);
  const { card } = payment;
  if (
    !isCardToken(payment.token) ||
    !/^\d{4}$/.test(card.last4) ||
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    !Number.isInteger(card.expYear)
  ) {
    throw refuse('checkout.payment-details', CHECKOUT_MESSAGES.paymentDetails);
  }
  if (isExpired(card.expMonth, card.expYear, today)) {
    throw refuse('checkout.card-expired', V.cardExpired);
  }
  const chosen: NewCardPayment = {
    method: 'card',
    source: 'new',
    token: payment.token,
    card: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
    firstName: names.data.firstName,
    lastName: names.data.lastName,
    saveCard: payment.saveCard,
  };
  return chosen;
}

/**
 * A third party who pays (decision 061): only with the `tpp` flag on for the buyer, its
 * payer checked with the form's rules (SPEC 5 contact rules and messages).
 */
export function thirdPartyChoice(
  payment: Extract<PaymentChoice, { method: 'third-party' }>,
  facts: CheckoutFacts,
): PaymentChoice {
  if (!facts.flags.tpp) {
    throw refuse('checkout.third-party-unavailable', M.thirdPartyUnavailable);
  }
  const { payer } = payment;
  const parsed = thirdPartyPaymentSchema.safeParse({
    organization: payer.organization,
    contact: {
      ...payer.contact,
      phone: { country: payer.contact.phone.countryIso, number: payer.contact.phone.e164 },
    },
    reference: payer.reference,
  });
  if (!parsed.success) throw firstIssue(parsed.error, V.invalid);
  return parsed.data;
}

function choosePayment(
  command: Command<'ChoosePayment'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const account = chosenAccount(state, context);
  const facts = factsOf(context);
  const payment = command.data;
  let chosen: PaymentChoice;
  switch (payment.method) {
    case 'purchase-order':
      chosen = purchaseOrderChoice(payment, account, context);
      break;
    case 'card':
      chosen = cardChoice(payment, facts, dayOf(command.metadata.now));
      break;
    case 'bank-transfer':
      if (!facts.flags.bankTransfer) {
        throw refuse('checkout.bank-transfer-unavailable', M.bankTransferUnavailable);
      }
      chosen = { method: 'bank-transfer' };
      break;
    case 'third-party':
      chosen = thirdPartyChoice(payment, facts);
      break;
    default: {
      const never: never = payment;
      throw new Error(`Unknown payment ${JSON.stringify(never)}`);
    }
  }
  if (sameChoice(state.payment, chosen) && !state.paymentDeclined) return [];
  return [{ type: 'PaymentChosen', v: 1, data: { payment: chosen } }];
}

/** SPEC 2.5, 5: a participant for every seat, each with two dates six weeks ahead or more. */
function giveTraining(
  command: Command<'GiveTrainingParticipants'>,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  const { code, participants } = command.data;
  if (context.cart) {
    const line = context.cart.lines.find((l) => l.code === code);
    if (!line || line.format !== 'online-training') {
      throw refuse('checkout.training-not-in-cart', M.trainingNotInCart);
    }
    if (participants.length !== line.quantity) {
      throw refuse('checkout.training-seats', M.trainingSeats, {
        count: String(line.quantity),
      });
    }
  }
  const schema = trainingParticipantSchema({ today: dayOf(command.metadata.now) });
  const parsed = participants.map((participant) => {
    const result = schema.safeParse(participant);
    if (!result.success) throw firstIssue(result.error, V.invalid);
    return result.data;
  });
  if (sameChoice(state.training[code] ?? null, parsed)) return [];
  return [{ type: 'TrainingParticipantsGiven', v: 1, data: { code, participants: parsed } }];
}

export function decide(
  command: CheckoutCommand,
  state: CheckoutState,
  context: CheckoutContext,
): CheckoutEvent[] {
  if (state.ownerId !== null && state.ownerId !== context.userId) {
    throw refuse('checkout.not-yours', M.notYours);
  }
  if (command.type === 'RecordOrderPlaced') {
    // A checkout records the order it placed once, never replaced by another.
    if (state.placedOrderId !== null) return [];
    return [{ type: 'CheckoutOrderPlaced', v: 1, data: { orderId: command.data.orderId } }];
  }
  if (command.type === 'RecordPaymentDeclined') {
    if (state.placedOrderId !== null || state.payment === null) return [];
    return [{ type: 'PaymentDeclined', v: 1, data: { decline: command.data.decline } }];
  }
  if (state.placedOrderId) throw refuse('checkout.already-placed', M.alreadyPlaced);
  if (command.type === 'StartCheckout') return start(command, state, context);
  if (!state.checkoutId) throw refuse('checkout.not-started', M.notStarted);
  switch (command.type) {
    case 'RestartCheckout':
      return state.cart?.fingerprint === command.data.cart.fingerprint
        ? []
        : [restarted(command.data.cart)];
    case 'ChooseCustomerAccount':
      return chooseAccount(command, state, context);
    case 'ChooseQualifiedUser':
      return chooseQualifiedUser(command, state, context);
    case 'ChooseQglobalAccount':
      return chooseQglobal(command, state, context);
    case 'ChooseAimswebAccount':
      return chooseAimsweb(command, state, context);
    case 'ChooseShippingAddress':
      return chooseShippingAddress(command, state, context);
    case 'ChooseShippingMethod':
      return chooseShippingMethod(command, state, context);
    case 'ChooseBillingAddress':
      return chooseBilling(command, state, context);
    case 'ChoosePayment':
      return choosePayment(command, state, context);
    case 'GiveTrainingParticipants':
      return giveTraining(command, state, context);
    default: {
      const never: never = command;
      throw new Error(`Unknown checkout command ${JSON.stringify(never)}`);
    }
  }
}

export function evolve(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'CheckoutStarted':
      return {
        ...state,
        checkoutId: event.data.checkoutId,
        storeId: event.data.storeId,
        ownerId: event.data.ownerId,
        cart: event.data.cart,
      };
    case 'CheckoutRestarted':
      // SPEC 4.8: the checkout starts again from its first step; the account stays.
      return {
        ...initialCheckoutState(),
        checkoutId: state.checkoutId,
        storeId: state.storeId,
        ownerId: state.ownerId,
        account: state.account,
        cart: event.data.cart,
        restarts: state.restarts + 1,
      };
    case 'CustomerAccountChosen':
      return {
        ...state,
        account: event.data.account,
        qualifiedUser: null,
        qglobal: null,
        aimsweb: null,
        payment: null,
      };
    case 'QualifiedUserChosen':
      return { ...state, qualifiedUser: event.data.qualifiedUser };
    case 'QglobalAccountChosen':
      return { ...state, qglobal: event.data.choice };
    case 'AimswebAccountChosen':
      return { ...state, aimsweb: event.data.choice };
    case 'ShippingAddressChosen':
      return {
        ...state,
        shippingAddress: event.data.address,
        saveShippingAddress: event.data.saveToAddressBook,
      };
    case 'ShippingMethodChosen':
      return { ...state, shippingMethod: event.data.method };
    case 'BillingAddressChosen':
      return { ...state, billing: event.data.billing };
    case 'PaymentChosen':
      return { ...state, payment: event.data.payment, paymentDeclined: null };
    case 'PaymentDeclined':
      // Nothing was charged: the buyer pays again, another way or with the card again.
      return { ...state, payment: null, paymentDeclined: event.data.decline };
    case 'TrainingParticipantsGiven':
      return {
        ...state,
        training: { ...state.training, [event.data.code]: event.data.participants },
      };
    case 'CheckoutOrderPlaced':
      return { ...state, placedOrderId: event.data.orderId };
    default:
      return state;
  }
}

export const checkoutDecider: Decider<
  CheckoutCommand,
  CheckoutEvent,
  CheckoutState,
  CheckoutContext
> = { decide, evolve, initialState: initialCheckoutState };
