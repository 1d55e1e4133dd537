/**
 * Placing an order, decided with authority (SPEC 2.6, 4.8, 5, 6; the lesson of Medusa's cart
 * completion): the checkout's every choice is checked again against the store's own facts
 * (the buyer's accounts, qualified users and platform accounts, the catalog's prices and
 * availability, the cart as the server holds it), and the order is priced from them. Pure:
 * the server reads the facts, this decides, the event store writes.
 */
import type { CartPromotion } from '../cart/context';
import { CART_MESSAGES } from '../cart/messages';
import type { Level, ProductFormat } from '../catalog/catalog';
import { cartNeeds, type CheckoutCart } from '../checkout/cart-snapshot';
import { checkoutTotals } from '../checkout/totals';
import {
  aimswebProblem,
  cardChoice,
  purchaseOrderProblem,
  thirdPartyChoice,
} from '../checkout/decide';
import { accountIn, qglobalOptions, type CheckoutFacts } from '../checkout/facts';
import { CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES } from '../checkout/messages';
import { shippingMethodsFor } from '../checkout/shipping-methods';
import { billingAddressOf, type CheckoutState, type PaymentChoice } from '../checkout/state';
import { firstUnfinishedStep } from '../checkout/steps';
import { refuseQuote } from '../quote/quote';
import { DomainError } from '../shared/domain-error';
import { withValues, type MessageDescriptor } from '../shared/message';
import type { Locale } from '../storefront/storefronts';
import { levelCovers } from '../validation/account';
import { V } from '../validation/messages';
import { trainingParticipantSchema, type TrainingParticipant } from '../validation/training';
import {
  trainingComplete,
  type PlacedOrder,
  type OrderLine,
  type OrderPayment,
  type OrderPlatformAccount,
  type PlacedBy,
} from './order';
import type { ScreeningOutcome } from './screening';
import { givesAccessCodes } from './fulfilment';
import { ORDER_HOLD_HOURS, type OrderStatus } from './status';

/** A product as the catalog has it now, in the order's store. */
export interface CatalogProduct {
  readonly code: string;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
  readonly soldOnline: boolean;
  readonly orderableOnline: boolean;
  readonly preOrder: boolean;
  readonly aimsweb: boolean;
  /** Null: the store does not sell it. */
  readonly unitPriceMinor: number | null;
  /** Units on hand for a physical item; null when not tracked. */
  readonly stock: number | null;
}

export interface PlaceOrderInput {
  readonly orderId: string;
  readonly webReference: string;
  readonly now: string;
  readonly locale: Locale;
  readonly storeId: string;
  readonly buyer: PlacedOrder['buyer'];
  readonly placedBy: PlacedBy;
  readonly checkout: CheckoutState;
  /** The cart as the server holds it now. */
  readonly cart: CheckoutCart | null;
  readonly facts: CheckoutFacts;
  readonly product: (code: string) => CatalogProduct | undefined;
  /** The promotion codes as the store has them now (absent: the codes are not checked). */
  readonly promotion?: (code: string) => CartPromotion | undefined;
  /** SPEC 5: the terms and conditions, accepted on the review step. */
  readonly termsAccepted: boolean;
  /** The total the buyer saw; another total means prices moved (they are told). */
  readonly expectedTotalMinor?: number;
  /** Sanctions screening of the order's names (the `ofac` flag); absent: not screened. */
  readonly screening?: ScreeningOutcome;
  /** A new access code for a seat of a digital item (the store's random source). */
  readonly accessCode: (code: string, seat: number) => string;
}

/** The payment as the order keeps it: a card by its summary, never its token. */
function orderPayment(payment: PaymentChoice): OrderPayment {
  if (payment.method !== 'card') return payment;
  return {
    method: 'card',
    card: payment.card,
    holderName:
      payment.source === 'saved' ? payment.holderName : `${payment.firstName} ${payment.lastName}`,
    chargeId: null,
  };
}

/**
 * The participants given at checkout that still hold (SPEC 5: dates six weeks ahead of the
 * day the order is placed, checked again now); a line without them all needs them later.
 */
function trainingParticipantsOf(
  checkout: CheckoutState,
  lines: readonly Pick<OrderLine, 'code' | 'format' | 'quantity'>[],
  today: string,
): Record<string, readonly TrainingParticipant[]> {
  const schema = trainingParticipantSchema({ today });
  const given: Record<string, readonly TrainingParticipant[]> = {};
  for (const line of lines) {
    const participants = checkout.training[line.code];
    if (line.format !== 'online-training' || !participants) continue;
    if (
      participants.length === line.quantity &&
      participants.every((p) => schema.safeParse(p).success)
    ) {
      given[line.code] = participants;
    }
  }
  return given;
}

/** The status a new order starts in: declined, held, awaiting billing or created. */
function statusOf(payment: PaymentChoice, screening: ScreeningOutcome | undefined): OrderStatus {
  if (screening?.result === 'match') return 'declined';
  if (screening?.result === 'possible-match') return 'onHold';
  return payment.method === 'bank-transfer' ? 'awaitingBilling' : 'created';
}

function refuse(code: string, message: MessageDescriptor, values: Record<string, string> = {}) {
  return new DomainError(code, withValues(message, values));
}

/** The order for this checkout, or the DomainError that stops it, in the spec's words. */
export function decidePlaceOrder(input: PlaceOrderInput): PlacedOrder {
  const { checkout, facts } = input;
  if (!input.termsAccepted) throw refuse('checkout.terms-required', V.required);
  if (!checkout.checkoutId || !checkout.cart) {
    throw refuse('checkout.not-started', CHECKOUT_RULE_MESSAGES.notStarted);
  }
  if (checkout.ownerId !== input.buyer.userId) {
    throw refuse('checkout.not-yours', CHECKOUT_RULE_MESSAGES.notYours);
  }
  if (checkout.placedOrderId) {
    throw refuse('checkout.already-placed', CHECKOUT_RULE_MESSAGES.alreadyPlaced);
  }
  const cart = input.cart;
  if (!cart || cart.lines.length === 0) {
    throw refuse('checkout.cart-empty', CHECKOUT_RULE_MESSAGES.cartEmpty);
  }
  // SPEC 4.8: the cart changed since the checkout began (another tab, another device).
  if (cart.cartId !== checkout.cart.cartId || cart.fingerprint !== checkout.cart.fingerprint) {
    throw refuse('checkout.modified', CHECKOUT_MESSAGES.modifiedInAnotherTab);
  }

  // A quote's prices hold until its last day, for its account (decision 051).
  const quote = cart.quote;
  if (quote && input.now.slice(0, 10) > quote.expiresOn) throw refuseQuote('quote.expired');
  if (quote && checkout.account && checkout.account.id !== quote.accountId) {
    throw refuseQuote('quote.account-changed');
  }
  // The catalog decides what each line is now: level, kind, price and availability.
  const lines = cart.lines.map((line) => {
    const product = input.product(line.code);
    if (
      quote &&
      (!product ||
        !product.soldOnline ||
        !product.orderableOnline ||
        product.unitPriceMinor === null)
    ) {
      throw refuseQuote('quote.product-withdrawn', { code: line.code });
    }
    if (
      !product ||
      !product.soldOnline ||
      !product.orderableOnline ||
      product.unitPriceMinor === null ||
      (!quote && product.unitPriceMinor !== line.unitPriceMinor)
    ) {
      throw refuse('checkout.items-need-update', CART_MESSAGES.itemsNeedUpdate);
    }
    if (
      product.format === 'physical-kit' &&
      !product.preOrder &&
      product.stock !== null &&
      product.stock < line.quantity
    ) {
      throw refuse('checkout.items-need-update', CART_MESSAGES.itemsNeedUpdate);
    }
    return {
      ...line,
      format: product.format,
      qualificationLevel: product.qualificationLevel,
      aimsweb: product.aimsweb,
      preOrder: product.preOrder,
    };
  });
  // A promotion code applied to the cart still works as it did: active, the same discount.
  const promotion = input.promotion;
  if (promotion) {
    const now = Date.parse(input.now);
    for (const applied of cart.promotions) {
      const fresh = promotion(applied.code);
      const active =
        fresh !== undefined &&
        fresh.enabled &&
        Date.parse(fresh.startsAt) <= now &&
        (fresh.endsAt === null || Date.parse(fresh.endsAt) > now);
      if (!active || fresh.discountBasisPoints !== applied.discountBasisPoints) {
        throw refuse('checkout.items-need-update', CART_MESSAGES.itemsNeedUpdate);
      }
    }
  }
  const current: CheckoutCart = { ...cart, lines };
  const needs = cartNeeds(lines);
  const context = { cart: current, facts, locale: input.locale };

  if (!checkout.account) {
    throw refuse('checkout.choose-account-first', CHECKOUT_RULE_MESSAGES.chooseAccountFirst);
  }
  const account = accountIn(facts, checkout.account.id);
  if (!account) throw refuse('checkout.account-not-found', V.accountNotFound);

  // SPEC 5, 6: the qualified user's level covers every item.
  const chosen = checkout.qualifiedUser;
  if (!chosen) {
    throw refuse(
      'checkout.choose-qualified-user-first',
      CHECKOUT_RULE_MESSAGES.chooseQualifiedUserFirst,
    );
  }
  const qualifiedUser = account.qualifiedUsers.find((u) => u.userId === chosen.userId);
  if (!qualifiedUser) throw refuse('checkout.user-not-in-organization', V.userNotInOrganization);
  if (!qualifiedUser.level) {
    throw refuse('checkout.no-qualification', CHECKOUT_RULE_MESSAGES.noQualification);
  }
  if (needs.level && !levelCovers(qualifiedUser.level, needs.level)) {
    throw refuse('checkout.level-not-covered', V.qualificationTooLow, {
      level: qualifiedUser.level,
      required: needs.level,
    });
  }

  // SPEC 5, 6: aimswebPlus for organizations only, and at least $300 of it.
  if (needs.aimsweb) {
    const problem = aimswebProblem(account, context);
    if (problem) throw problem;
  }
  let qglobal: OrderPlatformAccount | null = null;
  if (needs.qglobal && checkout.qglobal) {
    if (checkout.qglobal.mode === 'new') {
      qglobal = { mode: 'new', ownerUserId: qualifiedUser.userId };
    } else {
      if (!qglobalOptions(facts, account).includes(checkout.qglobal.accountNumber)) {
        throw refuse('checkout.qglobal-not-found', CHECKOUT_RULE_MESSAGES.qglobalNotFound);
      }
      qglobal = checkout.qglobal;
    }
  }
  let aimsweb: OrderPlatformAccount | null = null;
  if (needs.aimsweb && checkout.aimsweb) {
    if (checkout.aimsweb.mode === 'new') {
      aimsweb = { mode: 'new', ownerUserId: qualifiedUser.userId };
    } else {
      if (!account.aimswebAccounts.includes(checkout.aimsweb.accountNumber)) {
        throw refuse('checkout.account-not-found', V.accountNotFound);
      }
      aimsweb = checkout.aimsweb;
    }
  }

  // SPEC 4.8, 6: purchase orders for organizations that ordered before, above the threshold.
  if (checkout.payment?.method === 'purchase-order') {
    const problem = purchaseOrderProblem(account, context);
    if (problem) throw problem;
  }
  // A saved card still on the profile and in date; a new card's token and holder (SPEC 5, 8).
  const today = input.now.slice(0, 10);
  if (checkout.payment?.method === 'card') cardChoice(checkout.payment, facts, today);
  if (checkout.payment?.method === 'bank-transfer' && !facts.flags.bankTransfer) {
    throw refuse(
      'checkout.bank-transfer-unavailable',
      CHECKOUT_RULE_MESSAGES.bankTransferUnavailable,
    );
  }

  // A third party pays only while `tpp` is on for the buyer (decision 061).
  if (checkout.payment?.method === 'third-party') thirdPartyChoice(checkout.payment, facts);

  if (firstUnfinishedStep(checkout, current).id !== 'review' || !checkout.payment) {
    throw refuse('checkout.incomplete', CHECKOUT_RULE_MESSAGES.incomplete);
  }
  const billingAddress = billingAddressOf(checkout);
  if (!billingAddress) {
    throw refuse('checkout.billing-address-required', V.billingAddressRequired);
  }
  const shippingMethod = needs.shipping
    ? (shippingMethodsFor(input.storeId).find((m) => m.id === checkout.shippingMethod) ?? null)
    : null;
  if (needs.shipping && (!shippingMethod || !checkout.shippingAddress)) {
    throw refuse('checkout.incomplete', CHECKOUT_RULE_MESSAGES.incomplete);
  }

  const totals = checkoutTotals({
    state: checkout,
    cart: current,
    storeId: input.storeId,
    account,
  });
  const { priced, shippingMinor, tax, taxMinor, totalMinor } = totals;
  if (input.expectedTotalMinor !== undefined && input.expectedTotalMinor !== totalMinor) {
    throw refuse('checkout.prices-changed', CART_MESSAGES.itemsNeedUpdate);
  }
  const status = statusOf(checkout.payment, input.screening);
  const trainingParticipants = trainingParticipantsOf(checkout, current.lines, today);
  const accessCodes =
    status === 'created' || status === 'awaitingBilling'
      ? current.lines.filter(givesAccessCodes).flatMap((line) =>
          Array.from({ length: line.quantity }, (_, seat) => ({
            code: line.code,
            accessCode: input.accessCode(line.code, seat + 1),
          })),
        )
      : [];
  const holdUntil = new Date(Date.parse(input.now) + ORDER_HOLD_HOURS * 3_600_000).toISOString();
  return {
    orderId: input.orderId,
    webReference: input.webReference,
    placedAt: input.now,
    storeId: input.storeId,
    locale: input.locale,
    currency: cart.currency,
    status,
    buyer: input.buyer,
    placedBy: input.placedBy,
    account: checkout.account,
    qualifiedUser: {
      userId: qualifiedUser.userId,
      firstName: qualifiedUser.firstName,
      lastName: qualifiedUser.lastName,
      level: qualifiedUser.level,
    },
    qglobal,
    aimsweb,
    lines: priced.lines.map((line) => ({
      code: line.code,
      name: line.name,
      programName: line.programName,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      discountMinor: line.totalDiscounts.value,
      totalMinor: line.totalPrice.value - line.totalDiscounts.value,
      format: line.format,
      qualificationLevel: line.qualificationLevel,
      preOrder: line.preOrder,
    })),
    promotions: priced.promotions,
    ...(quote ? { quoteId: quote.quoteId } : {}),
    accountDiscount: priced.accountDiscount
      ? {
          programme: priced.accountDiscount.programme,
          discountMinor: priced.accountDiscount.discountMinor,
        }
      : null,
    shippingAddress: needs.shipping ? checkout.shippingAddress : null,
    shippingMethod,
    billingAddress,
    payment: orderPayment(checkout.payment),
    totals: {
      subtotalMinor: priced.subtotalMinor,
      discountsMinor: priced.discountsMinor,
      shippingMinor,
      taxMinor,
      totalMinor,
    },
    tax: {
      basis: tax.basis,
      lines: tax.lines.map(({ id, label, rate, amountMinor }) => ({
        id,
        label,
        rate,
        amountMinor,
      })),
    },
    accessCodes,
    trainingParticipants,
    trainingInformationNeeded: !trainingComplete(current.lines, trainingParticipants),
    hold: status === 'onHold' ? { reason: 'screening', until: holdUntil } : null,
    checkoutId: checkout.checkoutId,
    cartId: cart.cartId,
    saveShippingAddress: needs.shipping && checkout.saveShippingAddress,
  };
}
