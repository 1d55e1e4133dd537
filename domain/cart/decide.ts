/**
 * The cart's decider. One small function per command; every rule broken throws a
 * DomainError with the spec's message. `[]` means "nothing to do", so a command replayed
 * from an offline queue changes nothing the second time.
 */
import { DomainError } from '../shared/domain-error';
import type { Decider } from '../shared/decider';
import { withValues, type MessageDescriptor, type MessageValues } from '../shared/message';
import { PROMOTION_CODE_PROBLEM_MESSAGES, promotionCodeProblem } from '../pricing/promotions';
import { V } from '../validation/messages';
import type { CartCommand, ItemRequest } from './commands';
import type { CartContext, CartProduct } from './context';
import type { CartEvent } from './events';
import { MAX_LINE_QUANTITY } from './limits';
import { CART_MESSAGES } from './messages';
import {
  initialCartState,
  type CartAccount,
  type CartLine,
  type CartState,
  type NotAddedItem,
} from './state';

function fail(code: string, descriptor: MessageDescriptor, values: MessageValues = {}): never {
  throw new DomainError(code, withValues(descriptor, values));
}

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

function findLine(state: CartState, code: string): CartLine | undefined {
  return state.lines.find((line) => line.code === code);
}

function checkQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    fail('cart.quantity-not-positive', V.quantityNotPositive);
  }
  if (quantity > MAX_LINE_QUANTITY) {
    fail('cart.quantity-too-large', V.quantityTooLarge, { max: MAX_LINE_QUANTITY });
  }
}

/** The product, if it can go into a cart in this store; else the spec's reason. */
function buyableProduct(
  code: string,
  context: CartContext,
): CartProduct & { unitPriceMinor: number } {
  const product = context.product(code);
  if (!product) return fail('cart.unknown-product', V.quickOrderUnknownCode, { code });
  if (!product.soldOnline) fail('cart.not-sold-online', V.quickOrderNotSoldOnline, { code });
  if (!product.orderableOnline) {
    fail('cart.not-orderable-online', V.quickOrderNotOrderableOnline, { code });
  }
  if (tracksStock(product) && product.stock === 0) {
    fail('cart.out-of-stock', CART_MESSAGES.outOfStock, { code });
  }
  const price = product.unitPriceMinor;
  if (price === null) return fail('cart.not-priced', CART_MESSAGES.notPriced, { code });
  return { ...product, unitPriceMinor: price };
}

function tracksStock(product: CartProduct): boolean {
  return product.format === 'physical-kit' && !product.preOrder && product.stock !== null;
}

function checkLimits(
  product: Pick<CartProduct, 'minOrderQuantity' | 'maxOrderQuantity'>,
  quantity: number,
): void {
  if (quantity > MAX_LINE_QUANTITY) {
    fail('cart.quantity-too-large', V.quantityTooLarge, { max: MAX_LINE_QUANTITY });
  }
  if (product.minOrderQuantity !== null && quantity < product.minOrderQuantity) {
    fail('cart.quantity-below-minimum', V.quantityBelowMinimum, { min: product.minOrderQuantity });
  }
  if (product.maxOrderQuantity !== null && quantity > product.maxOrderQuantity) {
    fail('cart.quantity-above-maximum', V.quantityAboveMaximum, { max: product.maxOrderQuantity });
  }
}

/** SPEC 8: more than the store has lowers the quantity to what it has. */
function stockReduction(product: CartProduct, quantity: number): CartEvent[] {
  if (!tracksStock(product) || product.stock === null || quantity <= product.stock) return [];
  return [
    {
      type: 'CartItemQuantityReduced',
      v: 1,
      data: {
        code: product.code,
        oldQuantity: quantity,
        newQuantity: product.stock,
        reason: 'insufficient-stock',
      },
    },
  ];
}

function lineOf(product: CartProduct & { unitPriceMinor: number }, quantity: number): CartLine {
  return {
    code: product.code,
    name: product.name,
    programName: product.program,
    notDiscountable: product.notDiscountable,
    quantity,
    unitPriceMinor: product.unitPriceMinor,
    format: product.format,
    qualificationLevel: product.qualificationLevel,
    preOrder: product.preOrder,
    aimsweb: product.aimsweb,
    minOrderQuantity: product.minOrderQuantity,
    maxOrderQuantity: product.maxOrderQuantity,
  };
}

function created(state: CartState, context: CartContext): CartEvent[] {
  if (state.cartId !== null) {
    if (state.storeId !== context.storeId) fail('cart.other-store', CART_MESSAGES.otherStore);
    return [];
  }
  const creation: CartEvent = {
    type: 'CartCreated',
    v: 1,
    data: {
      cartId: context.cartId,
      storeId: context.storeId,
      currency: context.currency,
      owner: context.actor,
    },
  };
  // A user's new cart is priced from the start for their only account, or the one they buy as.
  const account = context.actor.kind === 'user' ? context.defaultAccount : null;
  return account ? [creation, { type: 'CartAccountChosen', v: 1, data: { account } }] : [creation];
}

/** SPEC 4.7: the cart is priced for a customer account of the actor's, with its discounts. */
function chooseAccount(state: CartState, accountId: string, context: CartContext): CartEvent[] {
  const account = context.account(accountId);
  if (!account) return fail('cart.account-not-found', V.accountNotFound);
  if (state.account && sameAccount(state.account, account)) return [];
  return [{ type: 'CartAccountChosen', v: 1, data: { account } }];
}

/** The same account with the same discounts (field by field: key order never matters). */
export function sameAccount(a: CartAccount, b: CartAccount): boolean {
  return (
    a.id === b.id &&
    a.number === b.number &&
    a.name === b.name &&
    a.type === b.type &&
    a.discounts.length === b.discounts.length &&
    a.discounts.every((d, i) => {
      const other = b.discounts[i];
      return (
        other !== undefined &&
        d.programme === other.programme &&
        d.status === other.status &&
        d.basisPoints === other.basisPoints
      );
    })
  );
}

function addItem(state: CartState, request: ItemRequest, context: CartContext): CartEvent[] {
  const code = normalizeCode(request.code);
  checkQuantity(request.quantity);
  const product = buyableProduct(code, context);
  const line = findLine(state, code);
  const wanted = (line?.quantity ?? 0) + request.quantity;
  checkLimits(product, wanted);
  const change: CartEvent = line
    ? {
        type: 'CartItemQuantityChanged',
        v: 1,
        data: { code, quantity: wanted, previousQuantity: line.quantity },
      }
    : { type: 'CartItemAdded', v: 2, data: { line: lineOf(product, wanted) } };
  return [change, ...stockReduction(product, wanted)];
}

function changeQuantity(state: CartState, request: ItemRequest, context: CartContext): CartEvent[] {
  const code = normalizeCode(request.code);
  const line = findLine(state, code);
  if (!line) return fail('cart.line-missing', CART_MESSAGES.lineMissing, { code });
  checkQuantity(request.quantity);
  if (request.quantity === line.quantity) return [];
  // The line's own limits count even if the product has left the catalog since.
  const product = context.product(code);
  checkLimits(product ?? line, request.quantity);
  return [
    {
      type: 'CartItemQuantityChanged',
      v: 1,
      data: { code, quantity: request.quantity, previousQuantity: line.quantity },
    },
    ...(product ? stockReduction(product, request.quantity) : []),
  ];
}

function subtotalMinor(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
}

function applyPromotion(
  state: CartState,
  data: { code: string; productCode?: string },
  context: CartContext,
  now: string,
): CartEvent[] {
  const code = normalizeCode(data.code);
  const promotion = context.promotion(code);
  const problem = promotionCodeProblem({
    promotion,
    now,
    appliedCodes: state.promotions.map((p) => p.code),
    discountableProductCodes: state.lines.filter((l) => !l.notDiscountable).map((l) => l.code),
    subtotalMinor: subtotalMinor(state),
    ...(data.productCode === undefined ? {} : { productCode: normalizeCode(data.productCode) }),
  });
  if (problem !== null || !promotion) {
    return fail(
      `cart.promotion-${problem ?? 'invalid'}`,
      PROMOTION_CODE_PROBLEM_MESSAGES[problem ?? 'invalid'],
    );
  }
  return [
    {
      type: 'CartPromotionApplied',
      v: 1,
      data: {
        promotion: {
          code: promotion.code,
          name: promotion.name,
          appliesTo: promotion.appliesTo.kind,
          productCodes:
            promotion.appliesTo.kind === 'products' ? [...promotion.appliesTo.productCodes] : [],
          discountBasisPoints: promotion.discountBasisPoints,
          minimumSubtotalMinor: promotion.minimumSubtotalMinor,
        },
      },
    },
  ];
}

function notAddedItem(request: ItemRequest, error: DomainError): NotAddedItem {
  return {
    code: normalizeCode(request.code),
    quantity: request.quantity,
    reason: { code: error.code, messageId: error.detail.id, values: error.detail.values ?? {} },
  };
}

/**
 * Several items in one command: each is added in turn on the state the earlier ones made;
 * the ones that cannot be added are kept, with their reason, in a CartItemsNotAdded event,
 * so nothing the user asked for disappears silently.
 */
function addItems(
  state: CartState,
  items: readonly ItemRequest[],
  context: CartContext,
  capAtLimits: boolean,
): { events: CartEvent[]; state: CartState } {
  const events: CartEvent[] = [];
  const notAdded: NotAddedItem[] = [];
  let current = state;
  for (const item of items) {
    try {
      let request = item;
      if (capAtLimits) {
        // SPEC 2.5 merge: quantities add up, to at most what one order may hold.
        const product = context.product(normalizeCode(item.code));
        const existing = findLine(current, normalizeCode(item.code))?.quantity ?? 0;
        const cap = Math.min(product?.maxOrderQuantity ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
        const room = cap - existing;
        if (existing > 0 && room <= 0) continue;
        if (existing > 0) request = { ...item, quantity: Math.min(item.quantity, room) };
      }
      const added = addItem(current, request, context);
      events.push(...added);
      current = added.reduce(evolve, current);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      notAdded.push(notAddedItem(item, error));
    }
  }
  if (notAdded.length > 0) {
    const event: CartEvent = { type: 'CartItemsNotAdded', v: 1, data: { items: notAdded } };
    events.push(event);
    current = evolve(current, event);
  }
  return { events, state: current };
}

function mergeCart(
  state: CartState,
  data: Extract<CartCommand, { type: 'MergeCart' }>['data'],
  context: CartContext,
  now: string,
): CartEvent[] {
  if (state.mergedFrom.includes(data.fromCartId) || data.fromCartId === state.cartId) return [];
  const { events, state: merged } = addItems(state, data.items, context, true);
  let current = merged;
  for (const code of data.promotionCodes) {
    try {
      const applied = applyPromotion(current, { code }, context, now);
      events.push(...applied);
      current = applied.reduce(evolve, current);
    } catch (error) {
      // A code from the old cart that no longer applies is left behind.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  events.push({ type: 'CartMerged', v: 1, data: { fromCartId: data.fromCartId } });
  return events;
}

export function decide(command: CartCommand, state: CartState, context: CartContext): CartEvent[] {
  const creation = created(state, context);
  const current = creation.reduce(evolve, state);
  const events = decideOn(command, current, context);
  // A command that changes nothing does not create the cart either.
  return events.length === 0 ? [] : [...creation, ...events];
}

/** The commands that change what a cart holds: refused while it holds a quote. */
const CHANGES_LINES: ReadonlySet<CartCommand['type']> = new Set([
  'AddItem',
  'AddItems',
  'ChangeQuantity',
  'RemoveItem',
  'ApplyPromotion',
  'RemovePromotion',
  'ChooseAccount',
  'MergeCart',
]);

function decideOn(command: CartCommand, state: CartState, context: CartContext): CartEvent[] {
  if (state.quote !== null && CHANGES_LINES.has(command.type)) {
    fail('cart.holds-quote', CART_MESSAGES.holdsQuote, { number: state.quote.number });
  }
  switch (command.type) {
    case 'AddItem':
      return addItem(state, command.data, context);
    case 'AddItems':
      return addItems(state, command.data.items, context, false).events;
    case 'ChangeQuantity':
      return changeQuantity(state, command.data, context);
    case 'RemoveItem': {
      const code = normalizeCode(command.data.code);
      return findLine(state, code) ? [{ type: 'CartItemRemoved', v: 1, data: { code } }] : [];
    }
    case 'ApplyPromotion':
      return applyPromotion(state, command.data, context, command.metadata.now);
    case 'RemovePromotion': {
      const code = normalizeCode(command.data.code);
      return state.promotions.some((p) => p.code === code)
        ? [{ type: 'CartPromotionRemoved', v: 1, data: { code } }]
        : [];
    }
    case 'ChooseAccount':
      return chooseAccount(state, command.data.accountId, context);
    case 'MergeCart':
      return mergeCart(state, command.data, context, command.metadata.now);
    case 'DismissNotices':
      return state.notAdded.length > 0 || state.reductions.length > 0
        ? [{ type: 'CartNoticesDismissed', v: 1, data: {} }]
        : [];
    case 'ClearCart':
      return clearCart(state, command.data);
    case 'LoadQuote':
      // The same quote again (a retry) changes nothing.
      return state.quote?.quoteId === command.data.quote.quoteId
        ? []
        : [{ type: 'CartQuoteLoaded', v: 1, data: command.data }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown cart command ${JSON.stringify(unknown)}`);
    }
  }
}

const MAX_NOTICES = 50;

/** The lines with one line's quantity changed (the others shared, not copied). */
function setQuantity(
  lines: readonly CartLine[],
  code: string,
  quantity: number,
): readonly CartLine[] {
  const at = lines.findIndex((line) => line.code === code);
  const line = lines[at];
  if (!line || line.quantity === quantity) return lines;
  const next = lines.slice();
  next[at] = withQuantity(line, quantity);
  return next;
}

/**
 * A line with another quantity, built field by field: the fold's hottest path, several times
 * faster than a spread. A field added to CartLine must be added here (the compiler says so).
 */
function withQuantity(line: CartLine, quantity: number): CartLine {
  return {
    code: line.code,
    name: line.name,
    programName: line.programName,
    notDiscountable: line.notDiscountable,
    quantity,
    unitPriceMinor: line.unitPriceMinor,
    format: line.format,
    qualificationLevel: line.qualificationLevel,
    preOrder: line.preOrder,
    aimsweb: line.aimsweb,
    minOrderQuantity: line.minOrderQuantity,
    maxOrderQuantity: line.maxOrderQuantity,
  };
}

/**
 * Clearing a cart. For an order, once per order whoever clears first (the store after the
 * order, or the browser that placed it, offline maybe): a cart that holds exactly what was
 * ordered is cleared; one that changed since (another tab added to it) loses only what was
 * ordered, so nothing added after the order is lost.
 */
function clearCart(state: CartState, data: ClearCartData): CartEvent[] {
  const { reason, orderId, lines } = data;
  if (orderId !== undefined) {
    if (state.clearedOrders.includes(orderId)) return [];
    if (lines && !holdsExactly(state.lines, lines)) {
      const ordered = lines.map((l) => ({ code: normalizeCode(l.code), quantity: l.quantity }));
      return [{ type: 'CartOrderedItemsRemoved', v: 1, data: { orderId, lines: ordered } }];
    }
    return [{ type: 'CartCleared', v: 1, data: { reason, orderId } }];
  }
  return state.lines.length > 0 || state.promotions.length > 0 || state.quote !== null
    ? [{ type: 'CartCleared', v: 1, data: { reason } }]
    : [];
}

type ClearCartData = Extract<CartCommand, { type: 'ClearCart' }>['data'];

function holdsExactly(lines: readonly CartLine[], ordered: readonly ItemRequest[]): boolean {
  const wanted = new Map(ordered.map((l) => [normalizeCode(l.code), l.quantity]));
  return lines.length === wanted.size && lines.every((l) => wanted.get(l.code) === l.quantity);
}

/** The state with other lines, built field by field, like `withQuantity`. */
function withLines(state: CartState, lines: readonly CartLine[]): CartState {
  return {
    cartId: state.cartId,
    storeId: state.storeId,
    currency: state.currency,
    owner: state.owner,
    lines,
    promotions: state.promotions,
    account: state.account,
    mergedFrom: state.mergedFrom,
    clearedOrders: state.clearedOrders,
    notAdded: state.notAdded,
    reductions: state.reductions,
    quote: state.quote,
  };
}

/** Without the notices of a product; the same list when it has none. */
function withoutCode<T extends { readonly code: string }>(
  items: readonly T[],
  code: string,
): readonly T[] {
  return items.some((item) => item.code === code)
    ? items.filter((item) => item.code !== code)
    : items;
}

export function evolve(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartCreated':
      return {
        ...state,
        cartId: event.data.cartId,
        storeId: event.data.storeId,
        currency: event.data.currency,
        owner: event.data.owner,
      };
    case 'CartItemAdded': {
      const { line } = event.data;
      const at = state.lines.findIndex((l) => l.code === line.code);
      const lines = state.lines.slice();
      if (at < 0) lines.push(line);
      else lines[at] = line;
      return withLines(state, lines);
    }
    case 'CartItemQuantityChanged':
      return withLines(state, setQuantity(state.lines, event.data.code, event.data.quantity));
    case 'CartItemQuantityReduced':
      return {
        ...state,
        lines: setQuantity(state.lines, event.data.code, event.data.newQuantity),
        reductions: [
          ...withoutCode(state.reductions, event.data.code),
          {
            code: event.data.code,
            oldQuantity: event.data.oldQuantity,
            newQuantity: event.data.newQuantity,
          },
        ].slice(-MAX_NOTICES),
      };
    case 'CartItemRemoved': {
      const reductions = withoutCode(state.reductions, event.data.code);
      const next = withLines(state, withoutCode(state.lines, event.data.code));
      return reductions === state.reductions ? next : { ...next, reductions };
    }
    case 'CartItemsNotAdded':
      return { ...state, notAdded: [...state.notAdded, ...event.data.items].slice(-MAX_NOTICES) };
    case 'CartNoticesDismissed':
      return { ...state, notAdded: [], reductions: [] };
    case 'CartPromotionApplied':
      return { ...state, promotions: [...state.promotions, event.data.promotion] };
    case 'CartPromotionRemoved':
      return { ...state, promotions: state.promotions.filter((p) => p.code !== event.data.code) };
    case 'CartAccountChosen':
      return { ...state, account: event.data.account };
    case 'CartMerged':
      return { ...state, mergedFrom: [...state.mergedFrom, event.data.fromCartId] };
    case 'CartOrderedItemsRemoved': {
      const taken = new Map(event.data.lines.map((l) => [l.code, l.quantity]));
      return {
        ...state,
        lines: state.lines.flatMap((line) => {
          const left = line.quantity - (taken.get(line.code) ?? 0);
          return left > 0 ? [{ ...line, quantity: left }] : [];
        }),
        clearedOrders: [...state.clearedOrders, event.data.orderId],
      };
    }
    case 'CartQuoteLoaded':
      return {
        ...state,
        lines: event.data.lines,
        promotions: event.data.promotions,
        account: event.data.account,
        notAdded: [],
        reductions: [],
        quote: event.data.quote,
      };
    case 'CartCleared':
      return {
        ...state,
        lines: [],
        promotions: [],
        notAdded: [],
        reductions: [],
        quote: null,
        clearedOrders:
          event.data.orderId === undefined
            ? state.clearedOrders
            : [...state.clearedOrders, event.data.orderId],
      };
    default:
      // evolve is total: an event this version does not know leaves the state as it is.
      return state;
  }
}

export const cartDecider: Decider<CartCommand, CartEvent, CartState, CartContext> = {
  decide,
  evolve,
  initialState: initialCartState,
};
